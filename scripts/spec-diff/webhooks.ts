// api-smart-diff 1.0.6 leaves the OpenAPI 3.1 `webhooks` section unclassified. A webhook payload is
// data we send and the partner reads, which is a response from the partner's side of the wire. So
// each webhook becomes a pseudo-operation whose 200 response carries the payload, and the library's
// response rules apply: a removed webhook or payload field is breaking, an added field compatible,
// an added enum value breaking (a partner's switch over it meets a value it does not know).
import type { OpenApiDocument } from './types.js';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A document whose `paths` are the webhooks (`/<event name>`) with payloads as 200 responses. */
export function webhooksAsPaths(document: OpenApiDocument): OpenApiDocument {
  const paths: JsonObject = {};
  const webhooks = isObject(document.webhooks) ? document.webhooks : {};
  for (const [name, item] of Object.entries(webhooks)) {
    if (!isObject(item)) continue;
    const operations: JsonObject = {};
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation)) continue;
      const requestBody = isObject(operation.requestBody) ? operation.requestBody : {};
      const content = isObject(requestBody.content) ? requestBody.content : {};
      operations[method] = { operationId: operation.operationId, responses: { '200': { description: 'payload', content } } };
    }
    paths[`/${name}`] = operations;
  }
  return { openapi: document.openapi, info: document.info, paths, components: document.components ?? {} };
}

/** Maps a path in the pseudo-document back to where the change sits in the real one. */
export function webhookPathOf(path: readonly (string | number)[]): (string | number)[] {
  const [, route, method, responses, status, ...rest] = path;
  const name = String(route ?? '').replace(/^\//, '');
  if (method === undefined) return ['webhooks', name];
  if (responses === undefined) return ['webhooks', name, method];
  if (responses === 'responses' && status === '200') return ['webhooks', name, method, 'requestBody', ...rest];
  return ['webhooks', name, method, ...path.slice(3)];
}

/** The library's wording speaks of responses; for a webhook it is the payload. */
export function webhookMessage(message: string): string {
  return message
    .replace(/operation (\w+) \/(\S+)/, 'webhook $2')
    .replace(/Response 200 content/g, 'payload')
    .replace(/Response 200/g, 'payload');
}
