// The Prism mock (`npm run mock`) tells frontend teams the same story as the document: every
// operation answers its example request with a documented 2xx whose body matches the schema, and a
// broken request with a 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument, operationsOf, pointer, type JsonObject } from '../support/document.js';
import { createSpecAjv } from '../support/spec-ajv.js';
import { exampleRequest } from '../support/example-requests.js';
import { startPrism, type RunningPrism } from '../support/prism.js';

const document = loadDocument();
const ajv = createSpecAjv(document);
const operations = operationsOf(document);

/** Prism cannot serve application/pdf; the certificate download is mocked through its 202 JSON (README). */
const PREFER: Record<string, string> = { getPpsrCertificate: 'code=202' };

let prism: RunningPrism;
beforeAll(async () => {
  prism = await startPrism();
});
afterAll(async () => {
  await prism?.stop();
});

describe.each(operations.map((o) => [o.operation.operationId as string, o] as const))('%s on the Prism mock', (id, op) => {
  it('answers its example request with a documented 2xx matching the schema', async () => {
    const request = exampleRequest(op);
    const preference = PREFER[id];
    const response = await fetch(`${prism.url}${request.path}`, {
      method: request.method,
      headers: { ...request.headers, ...(preference ? { Prefer: preference } : {}) },
      ...(request.body !== undefined ? { body: request.body } : {}),
    });
    const text = await response.text();
    expect(
      response.status,
      `${request.method} ${request.path}: ${text.slice(0, 400)} ${response.headers.get('sl-violations') ?? ''}`,
    ).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
    const responses = op.operation.responses as Record<string, JsonObject>;
    expect(Object.keys(responses)).toContain(String(response.status));
    expect(response.headers.get('sl-violations')).toBeNull();
    const media = ((responses[String(response.status)]!.content ?? {}) as Record<string, JsonObject>)['application/json'];
    if (!media) return;
    const validate = ajv.getSchema(
      `doc#/paths/${pointer(op.path, op.method)}/responses/${response.status}/content/${pointer('application/json')}/schema`,
    )!;
    const body: unknown = JSON.parse(text);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });

  it('answers a broken request with a 4xx', async () => {
    const request = exampleRequest(op);
    const hasBody = request.body !== undefined;
    const requiredQuery = ((op.operation.parameters ?? []) as JsonObject[]).some((p) => p.in === 'query' && p.required);
    // Break what the operation takes: the body (unknown field), a required query parameter, or the key.
    const broken = hasBody
      ? { ...request, body: JSON.stringify({ notAField: true }) }
      : requiredQuery
        ? { ...request, path: request.path.split('?')[0]! }
        : { ...request, headers: { Accept: 'application/json' } };
    const response = await fetch(`${prism.url}${broken.path}`, {
      method: broken.method,
      headers: broken.headers,
      ...(broken.body !== undefined ? { body: broken.body } : {}),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});
