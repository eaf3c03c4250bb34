// Reads the OpenAPI document the runner is driven by (a file or a URL), resolves `$ref`s by JSON
// pointer and lists its operations in a shape the phases can use. Nothing here knows our Zod schemas:
// the runner checks the server against the document as published.
import { readFile } from 'node:fs/promises';
import type { BodyInfo, HeaderInfo, JsonObject, LinkInfo, MediaInfo, OperationInfo, ParameterInfo, ResponseInfo } from './types.js';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

export async function loadDocument(source: string): Promise<JsonObject> {
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source);
    if (!response.ok) throw new Error(`cannot read ${source}: ${response.status}`);
    return (await response.json()) as JsonObject;
  }
  return JSON.parse(await readFile(source, 'utf8')) as JsonObject;
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The value at a JSON pointer (`/a/b/0`), or undefined. */
export function atPointer(root: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return root;
  let node: unknown = root;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = unescapePointer(raw);
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (node && typeof node === 'object') node = (node as JsonObject)[segment];
    else return undefined;
  }
  return node;
}

/** Follows `$ref` chains (local refs only, which is all the document uses) to the pointer they land on. */
export function resolvePointer(doc: JsonObject, pointer: string, seen = 0): string {
  const node = atPointer(doc, pointer);
  if (seen < 20 && node && typeof node === 'object' && typeof (node as JsonObject).$ref === 'string') {
    const ref = (node as JsonObject).$ref as string;
    if (!ref.startsWith('#')) throw new Error(`only local $ref supported, got ${ref}`);
    return resolvePointer(doc, ref.slice(1), seen + 1);
  }
  return pointer;
}

function objectAt(doc: JsonObject, pointer: string): JsonObject {
  const node = atPointer(doc, resolvePointer(doc, pointer));
  return node && typeof node === 'object' ? (node as JsonObject) : {};
}

function examplesOf(holder: JsonObject): unknown[] {
  const out: unknown[] = [];
  if (holder.example !== undefined) out.push(holder.example);
  for (const example of Object.values((holder.examples ?? {}) as Record<string, JsonObject>)) {
    if (example && typeof example === 'object' && 'value' in example) out.push(example.value);
  }
  return out;
}

function parametersOf(doc: JsonObject, pointer: string, operation: JsonObject, pathItem: JsonObject, pathPointer: string): ParameterInfo[] {
  // Operation-level parameters override path-level ones with the same name and location.
  const collected = new Map<string, ParameterInfo>();
  const add = (list: unknown, base: string) => {
    (Array.isArray(list) ? list : []).forEach((_, index) => {
      const paramPointer = resolvePointer(doc, `${base}/parameters/${index}`);
      const parameter = objectAt(doc, paramPointer);
      const location = parameter.in;
      if (location !== 'path' && location !== 'query' && location !== 'header') return;
      const schema = (parameter.schema ?? {}) as JsonObject;
      const examples = [
        ...examplesOf(parameter),
        ...(schema.example !== undefined && parameter.example === undefined ? [schema.example] : []),
      ];
      collected.set(`${location}:${String(parameter.name)}`, {
        name: String(parameter.name),
        in: location,
        required: location === 'path' || parameter.required === true,
        schemaPointer: resolvePointer(doc, `${paramPointer}/schema`),
        examples,
        ...(schema['x-long-poll'] === true && typeof schema.maximum === 'number' ? { longPollMaximum: schema.maximum } : {}),
      });
    });
  };
  add(pathItem.parameters, pathPointer);
  add(operation.parameters, pointer);
  return [...collected.values()];
}

function bodyOf(doc: JsonObject, pointer: string, operation: JsonObject): BodyInfo | undefined {
  if (!operation.requestBody) return undefined;
  const bodyPointer = resolvePointer(doc, `${pointer}/requestBody`);
  const body = objectAt(doc, bodyPointer);
  const content = (body.content ?? {}) as Record<string, JsonObject>;
  const mediaType = Object.keys(content).find((m) => m === 'application/json' || m.endsWith('+json')) ?? Object.keys(content)[0];
  if (!mediaType) return undefined;
  const media = content[mediaType] ?? {};
  return {
    required: body.required === true,
    mediaType,
    schemaPointer: resolvePointer(doc, `${bodyPointer}/content/${escapePointer(mediaType)}/schema`),
    examples: examplesOf(media),
  };
}

function responsesOf(doc: JsonObject, pointer: string, operation: JsonObject): Record<string, ResponseInfo> {
  const out: Record<string, ResponseInfo> = {};
  for (const status of Object.keys((operation.responses ?? {}) as JsonObject)) {
    const responsePointer = resolvePointer(doc, `${pointer}/responses/${escapePointer(status)}`);
    const response = objectAt(doc, responsePointer);
    const headers: HeaderInfo[] = Object.keys((response.headers ?? {}) as JsonObject).map((name) => {
      const headerPointer = resolvePointer(doc, `${responsePointer}/headers/${escapePointer(name)}`);
      const header = objectAt(doc, headerPointer);
      return {
        name,
        required: header.required === true,
        ...(header.schema ? { schemaPointer: resolvePointer(doc, `${headerPointer}/schema`) } : {}),
      };
    });
    const content: MediaInfo[] = Object.entries((response.content ?? {}) as Record<string, JsonObject>).map(([mediaType, media]) => ({
      mediaType,
      ...(media.schema ? { schemaPointer: resolvePointer(doc, `${responsePointer}/content/${escapePointer(mediaType)}/schema`) } : {}),
    }));
    const links: LinkInfo[] = Object.entries((response.links ?? {}) as Record<string, JsonObject>).flatMap(([name]) => {
      const link = objectAt(doc, `${responsePointer}/links/${escapePointer(name)}`);
      if (typeof link.operationId !== 'string') return [];
      return [{ name, operationId: link.operationId, parameters: (link.parameters ?? {}) as Record<string, string> }];
    });
    out[status] = { status, headers, content, links };
  }
  return out;
}

/** "Poll no more than once every 15 minutes" in an operation's description: its reads are spaced that far. */
function pollInterval(description: unknown): { pollIntervalSeconds?: number } {
  const match = typeof description === 'string' ? /once every (\d+) (second|minute|hour)s?/i.exec(description) : null;
  if (!match) return {};
  const unit = { second: 1, minute: 60, hour: 3600 }[match[2]!.toLowerCase() as 'second' | 'minute' | 'hour'];
  return { pollIntervalSeconds: Number(match[1]) * unit };
}

/** Every operation under `paths`, in document order. */
export function listOperations(doc: JsonObject): OperationInfo[] {
  const out: OperationInfo[] = [];
  const globalSecurity = doc.security as JsonObject[] | undefined;
  for (const [path, rawItem] of Object.entries((doc.paths ?? {}) as Record<string, JsonObject>)) {
    const pathPointer = resolvePointer(doc, `/paths/${escapePointer(path)}`);
    const item = objectAt(doc, pathPointer) ?? rawItem;
    for (const method of METHODS) {
      const operation = item[method] as JsonObject | undefined;
      if (!operation) continue;
      const pointer = `${pathPointer}/${method}`;
      const security = (operation.security ?? globalSecurity ?? []) as JsonObject[];
      const body = bodyOf(doc, pointer, operation);
      out.push({
        id: typeof operation.operationId === 'string' ? operation.operationId : `${method.toUpperCase()} ${path}`,
        method,
        path,
        parameters: parametersOf(doc, pointer, operation, item, pathPointer),
        ...(body ? { body } : {}),
        responses: responsesOf(doc, pointer, operation),
        requiresAuth: security.length > 0 && !security.some((requirement) => Object.keys(requirement).length === 0),
        allowsPublishable: security.some((requirement) => 'publishableKey' in requirement),
        ...(typeof operation['x-rate-limit-class'] === 'string' ? { rateLimitClass: operation['x-rate-limit-class'] } : {}),
        ...pollInterval(operation.description),
        ...(operation['x-test-only'] === true ? { testOnly: true } : {}),
      });
    }
  }
  return out;
}

/** Methods defined on every documented path template that matches a concrete path (what a router allows). */
export function allowedMethodsFor(doc: JsonObject, concretePath: string): string[] {
  const segments = concretePath.split('/');
  const allowed = new Set<string>();
  for (const [template, item] of Object.entries((doc.paths ?? {}) as Record<string, JsonObject>)) {
    const parts = template.split('/');
    if (parts.length !== segments.length) continue;
    if (!parts.every((part, i) => /^\{[^}]+\}$/.test(part) || part === segments[i])) continue;
    for (const method of METHODS) if (item[method]) allowed.add(method.toUpperCase());
  }
  return [...allowed].sort();
}
