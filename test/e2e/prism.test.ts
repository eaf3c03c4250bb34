// The Prism mock (`npm run mock`) tells frontend teams the same story as the document: every
// operation answers its example request with a documented 2xx whose body matches the schema, and
// each kind of broken request (no key, malformed JSON, a wrong body, a query parameter over its
// limit or missing, an id that does not exist) with the status, shape and code the document's
// error table gives for it (the mock once answered every 422 with `not_found`).
import { describe, expect, it } from 'vitest';
import { loadDocument, operationsOf, pointer, type JsonObject, type OperationRef } from '../support/document.js';
import { codesOf, errorTable, fieldsOf, inputNames } from '../support/error-table.js';
import { createSpecAjv } from '../support/spec-ajv.js';
import { exampleRequest, type ExampleRequest } from '../support/example-requests.js';
import { sharedPrism } from '../support/prism.js';

const document = loadDocument();
const ajv = createSpecAjv(document);
const operations = operationsOf(document);

/** Prism cannot serve application/pdf; the certificate download is mocked through its 202 JSON (docs/tooling.md). */
const PREFER: Record<string, string> = { getPpsrCertificate: 'code=202' };

const prism = sharedPrism();

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

  it.each(brokenRequests(op).map((b) => [b.kind, b] as const))(
    'answers a broken request (%s) with its documented error',
    async (_kind, broken) => {
      const { request } = broken;
      const response = await fetch(`${prism.url}${request.path}`, {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
      });
      const text = await response.text();
      expect(response.status, `${request.method} ${request.path}: ${text.slice(0, 400)}`).toBe(broken.status);
      const body: unknown = JSON.parse(text);
      const validate = ajv.getSchema(
        `doc#/paths/${pointer(op.path, op.method)}/responses/${broken.status}/content/${pointer('application/json')}/schema`,
      )!;
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
      if (broken.status === 401) return; // the shared shape carries reasons, no code
      // The code is the one this kind of mistake gets, and one the document lists for this status.
      const codes = codesOf(body);
      const table = errorTable(op, broken.status);
      expect(codes.length).toBeGreaterThan(0);
      expect(
        codes.filter((code) => !table.has(code)),
        `codes outside the document's ${broken.status} table`,
      ).toEqual([]);
      if (broken.code) expect(codes).toContain(broken.code);
      if (broken.status === 422) {
        // The mock refuses with the server's own checks (scripts/mock/front.ts): it names what is
        // wrong, an input of this operation, a member the request sent, or the body as a whole ('').
        const names = new Set([...inputNames(document, op), ...Object.keys(JSON.parse(request.body ?? '{}') as object), '']);
        const fields = fieldsOf(body);
        expect(fields.length).toBeGreaterThan(0);
        expect(
          fields.filter((field) => !names.has(field.split('.')[0]!)),
          'fields neither this operation takes nor the request sent',
        ).toEqual([]);
        if (broken.field) expect(fields).toContain(broken.field);
      }
    },
  );
});

interface Broken {
  kind: string;
  status: number;
  /** The code this kind of mistake gets, where it has one across both families. */
  code?: string;
  /** The field a 422 must name: the one that is wrong. */
  field?: string;
  request: ExampleRequest;
}

/** One broken request of each kind that applies to the operation. */
function brokenRequests(op: OperationRef): Broken[] {
  const base = exampleRequest(op);
  const family = op.operation['x-error-family'];
  const parameters = (op.operation.parameters ?? []) as JsonObject[];
  const out: Broken[] = [];
  const { Authorization: _key, ...withoutKey } = base.headers;
  out.push({ kind: 'no key', status: 401, request: { ...base, headers: withoutKey } });
  if (base.body !== undefined) {
    out.push({ kind: 'malformed JSON', status: 400, code: 'invalid_json', request: { ...base, body: '{"broken": ' } });
    out.push({
      kind: 'wrong body',
      status: 422,
      ...(family === 'api' ? { code: 'validation_failed' } : {}),
      field: 'notAField',
      request: { ...base, body: JSON.stringify({ notAField: true }) },
    });
  }
  const [pathname, search = ''] = base.path.split('?') as [string, string?];
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    const schema = (parameter.schema ?? {}) as JsonObject;
    const query = new URLSearchParams(search);
    if (typeof schema.maximum === 'number' && schema.maximum < 1_000_000) query.set(String(parameter.name), String(schema.maximum * 10));
    else if (parameter.required) query.delete(String(parameter.name));
    else continue;
    out.push({
      kind: `${parameter.required ? 'missing' : 'over-limit'} query ${String(parameter.name)}`,
      status: 422,
      code: 'validation_failed',
      field: String(parameter.name),
      request: { ...base, path: `${pathname}?${query}` },
    });
  }
  const responses = op.operation.responses as Record<string, JsonObject>;
  if (parameters.some((p) => p.in === 'path') && responses['404'])
    // Prism keeps no state: a frontend asks for the answer to an id that does not exist.
    out.push({
      kind: 'unknown id',
      status: 404,
      code: 'not_found',
      request: { ...base, headers: { ...base.headers, Prefer: 'code=404' } },
    });
  return out;
}

describe('Prefer, as docs/tooling.md documents it', () => {
  async function answer(path: string, method: string, prefer: string, body?: unknown) {
    const response = await fetch(`${prism.url}${path}`, {
      method,
      headers: {
        Authorization: 'Bearer svc_sk_test_ExampleExampleExampleExample12',
        Prefer: prefer,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  const valid = { url: 'https://hooks.example.com/svc', eventTypes: ['*'] };

  it('code=422, example=notHttps answers that error example', async () => {
    const { status, body } = await answer('/webhooks', 'POST', 'code=422, example=notHttps', valid);
    expect(status).toBe(422);
    const media = (((document.paths as JsonObject)['/webhooks'] as JsonObject).post as { responses: Record<string, JsonObject> }).responses[
      '422'
    ]!.content as Record<string, { examples: Record<string, { value: unknown }> }>;
    expect(body).toEqual(media['application/json']!.examples.notHttps!.value);
    expect(codesOf(body)).toEqual(['validation_failed']);
    expect(Object.keys(body.errors as object)).toEqual(['url']);
  });

  it('example=<name> alone chooses among the success examples', async () => {
    const { status, body } = await answer('/ppsr/searches/1001', 'GET', 'example=completedVin');
    expect(status).toBe(200);
    expect(body.status).toBe('completed');
    expect((await answer('/webhooks', 'POST', 'example=notHttps', valid)).status).toBe(404);
  });
});

describe('bodies and paths that would take Prism down', () => {
  const key = { Authorization: 'Bearer svc_sk_test_ExampleExampleExampleExample12' };
  const post = (path: string, body: string) =>
    fetch(`${prism.url}${path}`, { method: 'POST', headers: { ...key, 'Content-Type': 'application/json' }, body });

  it('answers a member named outside Latin-1, deep nesting and a malformed escape, and stays up', async () => {
    // Each of these once made Prism's process exit: an emoji name in its sl-violations header, its
    // request log overflowing the stack, its router throwing on `%ff`.
    const emoji = await post('/webhooks', JSON.stringify({ url: 'https://hooks.example.com/svc', eventTypes: ['*'], '\u{1F642}': 1 }));
    expect(emoji.status).toBe(422);
    const deep = await post('/webhooks', `{"url":${'['.repeat(5_000)}${']'.repeat(5_000)}}`);
    expect(deep.status).toBe(422);
    const escape = await fetch(`${prism.url}/monitoring/entities/%ff/resume`, { method: 'POST', headers: key });
    expect(escape.status).toBe(404);
    expect(codesOf((await escape.json()) as Record<string, unknown>)).toEqual(['not_found']);
    const after = await fetch(`${prism.url}/webhooks`, { headers: key });
    expect(after.status).toBe(200);
  });
});

describe('a refusal the front makes (the server checks, scripts/mock/front.ts)', () => {
  it('carries the CORS headers of every Prism answer, so a page on another origin can read it', async () => {
    const response = await fetch(`${prism.url}/monitoring/entities`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer svc_sk_test_ExampleExampleExampleExample12',
        'Content-Type': 'application/json',
        Origin: 'http://localhost:5173',
      },
      body: JSON.stringify({ entities: [{ acn: '123456789' }] }),
    });
    expect(response.status).toBe(422);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-expose-headers')).toBe('*');
    expect(codesOf((await response.json()) as Record<string, unknown>)).toEqual(['validation_failed']);
  });
});
