// The mock and the server tell the same story about broken requests. For every operation of the
// document that takes a body, the mock (`npm run mock`: Prism behind scripts/mock/front.ts) and the
// server answer a body of `{}` and the simplest wrong body (a checksum broken in the example's ACN or
// ABN, else its first field of the wrong type) with the same status and, when they refuse it, the
// same body word for word: frontend teams code their error handling against the mock.
//
// Prism also answers `Prefer: code=422` with the first example of the operation's 422, and
// `Prefer: code=404` with the first of its 404, so those examples must be the server's words too:
// the first 422 example is derived from the simplest broken request (a body of `{}`, a query
// parameter over its maximum, a required one left out) where the operation's schemas allow, and the
// server must answer that request with exactly that body; an id that does not exist must get one of
// the documented 404 bodies word for word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { ADMIN_OPERATIONS } from '../../schemas/admin/operations.js';
import type { OperationDefinition } from '../../schemas/common/operation.js';
import { derivedValidationExample } from '../../schemas/common/validation-example.js';
import { PUBLIC_OPERATIONS } from '../../schemas/operations.js';
import { loadDocument, operationsOf, pointer, type JsonObject, type OperationRef } from '../support/document.js';
import { exampleRequest, firstBodyExample, type ExampleRequest } from '../support/example-requests.js';
import { ADMIN_TOKEN, startTestServer, type TestAccount, type TestServer } from '../support/harness.js';
import { sharedPrism } from '../support/prism.js';
import { createSpecAjv } from '../support/spec-ajv.js';
import { CONTRACT_SERVER_ENV, resolveExampleHosts } from '../../scripts/contract/in-process.js';
import { RESOURCE_FACTORIES, resourceOf, type PathParams } from '../integration/security/resource-factories.js';

const PUBLIC = operationsOf(loadDocument());

let server: TestServer;
let account: TestAccount;
const mock = sharedPrism();

// The mock is the e2e project's (test/support/prism-global-setup.ts). Webhook targets on loopback
// (D-24), the example hosts resolved there: the endpoints the resource factories register are
// accepted, and nothing leaves this machine.
beforeAll(async () => {
  server = await startTestServer({ env: { ...CONTRACT_SERVER_ENV }, resolveHost: resolveExampleHosts });
  account = await server.createAccount();
}, 180_000);
afterAll(async () => {
  await server?.close();
});

function examplesOf(op: OperationRef, status: number): [string, unknown][] {
  const response = (op.operation.responses as Record<string, JsonObject>)[String(status)];
  const media = ((response?.content ?? {}) as Record<string, JsonObject>)['application/json'];
  return Object.entries((media?.examples ?? {}) as Record<string, JsonObject>).map(([name, e]) => [name, e.value]);
}

function queryParameter(op: OperationRef, name: string): JsonObject | undefined {
  return ((op.operation.parameters ?? []) as JsonObject[]).find((p) => p.in === 'query' && p.name === name);
}

/** Field -> codes of a validation body in either family's shape. */
function problemsOf(value: unknown): Map<string, string[]> {
  const body = value as { errors?: unknown };
  const out = new Map<string, string[]>();
  if (Array.isArray(body.errors))
    for (const e of body.errors as { field: string; code: string }[]) out.set(e.field, [...(out.get(e.field) ?? []), e.code]);
  else if (body.errors && typeof body.errors === 'object')
    for (const [field, list] of Object.entries(body.errors as Record<string, { code: string }[]>))
      out.set(
        field,
        list.map((e) => e.code),
      );
  return out;
}

function requiredOfBody(document: JsonObject, op: OperationRef): string[] | undefined {
  const media = (((op.operation.requestBody as JsonObject | undefined)?.content ?? {}) as Record<string, JsonObject>)['application/json'];
  let schema = media?.schema as JsonObject | undefined;
  const ref = schema?.$ref;
  if (typeof ref === 'string') schema = ((document.components as JsonObject).schemas as Record<string, JsonObject>)[ref.split('/').pop()!];
  return schema?.type === 'object' ? ((schema.required ?? []) as string[]) : undefined;
}

/**
 * The broken request a first 422 example answers, read from the example itself: every required
 * body field named (a body of `{}`), one query parameter `too_big` (its maximum plus one) or one
 * required query parameter `required` (left out). Undefined for any other example.
 */
function brokenRequest(document: JsonObject, op: OperationRef, example: unknown): { path: string; body?: string } | undefined {
  const request = exampleRequest(op);
  const [pathname, search = ''] = request.path.split('?') as [string, string?];
  const query = new URLSearchParams(search);
  const problems = problemsOf(example);
  const required = requiredOfBody(document, op);
  if (required && required.length > 0 && [...problems.keys()].sort().join() === [...required].sort().join())
    return { path: request.path, body: '{}' };
  if (problems.size !== 1 || request.body !== undefined) return undefined;
  const [[field, codes]] = [...problems] as [[string, string[]]];
  const parameter = queryParameter(op, field);
  if (!parameter || codes.length !== 1) return undefined;
  if (codes[0] === 'too_big') query.set(field, String(Number((parameter.schema as JsonObject).maximum) + 1));
  else if (codes[0] === 'required' && parameter.required) query.delete(field);
  else return undefined;
  return { path: `${pathname}?${query}` };
}

async function send(op: OperationRef, prefix: string, auth: string, path: string, body: string | undefined) {
  const request = exampleRequest(op);
  const headers: Record<string, string> = { ...request.headers, Authorization: `Bearer ${auth}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // A fresh Idempotency-Key per request: a replay would answer the first body, not this one.
  if (headers['Idempotency-Key']) headers['Idempotency-Key'] = `parity-${Math.random().toString(36).slice(2)}`;
  const response = await fetch(`${server.url}${prefix}${path}`, {
    method: request.method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as unknown };
}

/** Form 484 lists problems in an array whose order carries no meaning. */
function comparable(value: unknown): unknown {
  const body = value as { response?: unknown; errors?: unknown };
  if (body && body.response === null && Array.isArray(body.errors))
    return {
      ...body,
      errors: [...(body.errors as { code: string; field: string; message: string }[])]
        .map((e) => `${e.field} ${e.code} ${e.message}`)
        .sort(),
    };
  return value;
}

/** How many operations the registrar gave a derived first 422 example: every one must reach the table below. */
function derivedExamples(operations: Readonly<Record<string, OperationDefinition>>): number {
  return Object.values(operations).filter((def) =>
    derivedValidationExample(def.access === 'admin' ? 'api' : def.family, def.body?.schema, def.query),
  ).length;
}

/**
 * The simplest body the operation refuses that is not `{}`: its first body example with the check
 * digit of the first ACN or ABN changed (the document's `acn`/`abn` formats, which only the checksum
 * decides), else with its first member of the wrong type.
 */
function simplestWrongBody(ajv: Ajv2020, op: OperationRef): { kind: string; body: string } {
  const example = firstBodyExample(op.operation) as JsonObject;
  const validate = ajv.getSchema(`doc#/paths/${pointer(op.path, op.method)}/requestBody/content/${pointer('application/json')}/schema`)!;
  const leaves: { path: (string | number)[]; value: string }[] = [];
  const walk = (value: unknown, path: (string | number)[]): void => {
    if (typeof value === 'string') leaves.push({ path, value });
    else if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]));
    else if (value && typeof value === 'object') for (const [name, member] of Object.entries(value)) walk(member, [...path, name]);
  };
  walk(example, []);
  for (const { path, value } of leaves.filter((leaf) => /^\d+$/.test(leaf.value))) {
    const body = structuredClone(example);
    const parent = path
      .slice(0, -1)
      .reduce<Record<string | number, unknown>>((at, key) => at[key] as Record<string | number, unknown>, body);
    parent[path.at(-1)!] = `${value.slice(0, -1)}${(Number(value.at(-1)) + 1) % 10}`;
    validate(body);
    const at = `/${path.join('/')}`;
    if (
      (validate.errors ?? []).some(
        (e) => e.keyword === 'format' && e.instancePath === at && ['acn', 'abn'].includes(String(e.params.format)),
      )
    )
      return { kind: `checksum of ${path.join('.')}`, body: JSON.stringify(body) };
  }
  const [name, value] = Object.entries(example)[0]!;
  return {
    kind: `${name} of the wrong type`,
    body: JSON.stringify({ ...example, [name]: typeof value === 'string' ? 12345 : 'wrong type' }),
  };
}

describe('every operation with a body, on the mock and on the server', () => {
  const document = loadDocument();
  const ajv = createSpecAjv(document);
  const cases = PUBLIC.filter((op) => op.operation.requestBody).flatMap((op) => {
    const wrong = simplestWrongBody(ajv, op);
    return [
      [`${String(op.operation.operationId)} {}`, op, '{}'],
      [`${String(op.operation.operationId)} ${wrong.kind}`, op, wrong.body],
    ] as const;
  });

  it('covers every operation of the registry that takes a body, each with both bodies', () => {
    const withBody = Object.values(PUBLIC_OPERATIONS as Readonly<Record<string, OperationDefinition>>).filter((def) => def.body).length;
    expect(withBody).toBeGreaterThan(0);
    expect(cases.length).toBe(2 * withBody);
  });

  it.each(cases)('%s: the same status, and the same body when refused', async (_name, op, body) => {
    const request = exampleRequest(op);
    // The server's ids are real (created the way a partner creates them); the mock keeps no state.
    const factory = RESOURCE_FACTORIES[resourceOf(op.path)];
    const params: PathParams = factory ? await factory({ server, owner: account, receiverUrl: 'http://127.0.0.1:9' }) : {};
    const serverPath = Object.entries(params).reduce((path, [name, value]) => path.replace(`{${name}}`, String(value)), op.path);
    const [fromMock, fromServer] = await Promise.all([
      sendTo(mock.url, request, request.path, body),
      sendTo(
        `${server.url}/api/test/v2`,
        { ...request, headers: { ...request.headers, Authorization: `Bearer ${account.keys.secretTest}` } },
        serverPath,
        body,
      ),
    ]);
    expect(fromMock.status, `mock ${JSON.stringify(fromMock.body)}, server ${JSON.stringify(fromServer.body)}`).toBe(fromServer.status);
    if (fromServer.status >= 400) expect(fromMock.body).toEqual(fromServer.body);
    if (body !== '{}') expect(fromServer.status).toBe(422);
  });
});

/** Operations of either document the server answers 501 (no handler yet). */
const pendingIds = (): string[] => [...server.built.pending.public, ...server.built.pending.operator];

async function sendTo(base: string, request: ExampleRequest, path: string, body: string | undefined) {
  const headers = { ...request.headers };
  // A fresh Idempotency-Key per request: a replay would answer the first body, not this one.
  if (headers['Idempotency-Key']) headers['Idempotency-Key'] = `parity-${Math.random().toString(36).slice(2)}`;
  const response = await fetch(`${base}${path}`, { method: request.method, headers, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as unknown };
}

describe.each([
  ['public', loadDocument(), derivedExamples(PUBLIC_OPERATIONS), '/api/test/v2'],
  ['operator', loadDocument('admin.openapi.json'), derivedExamples(ADMIN_OPERATIONS), ''],
] as const)('the %s document', (_name, document, expected, prefix) => {
  const derived = operationsOf(document).flatMap((op) => {
    const first = examplesOf(op, 422)[0];
    const request = first ? brokenRequest(document, op, first[1]) : undefined;
    return first && request ? [{ op, id: String(op.operation.operationId), example: first[1], request }] : [];
  });

  it('starts the 422 examples of every operation with an object body or a bounded or required query parameter with the answer to its simplest broken request', () => {
    expect(derived.length).toBe(expected);
  });

  it.each(derived.map((d) => [d.id, d] as const))(
    '%s: the server answers the derived broken request with the first 422 example',
    async (_id, d) => {
      const auth = prefix ? account.keys.secretTest : ADMIN_TOKEN;
      const answer = await send(d.op, prefix, auth, d.request.path, d.request.body);
      // A pending operation (listed in the README) has no handler to compare with yet, and must be one.
      if (answer.status === 501) return void expect(pendingIds()).toContain(d.id);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(comparable(answer.body)).toEqual(comparable(d.example));
    },
  );
});

// The rules D-72 wrote into the document as keywords (`if`/`then`/`else`, `maximum`, `x-rules`): the
// mock (Prism reads the keywords, its front runs the server's checks) refuses each in the server's words.
describe('rules stated beyond the field keywords, on the mock and on the server', () => {
  const byId = (id: string) => PUBLIC.find((op) => op.operation.operationId === id)!;
  const conditionals = new Set(['checkOccupier', 'checkHoldingOwnerKind']);
  const form484 = byId('createForm484Lodgement');
  const bodies = ((form484.operation['x-refinement-examples'] ?? []) as { rule: string; body: unknown }[])
    .filter((example) => conditionals.has(example.rule))
    .map((example) => [`createForm484Lodgement ${example.rule}`, form484, {}, JSON.stringify(example.body)] as const);
  const queries = [
    ['getCompanyNameAvailability name=*', byId('getCompanyNameAvailability'), { name: '*' }, undefined],
    ['listMonitoringEvents page past 2^53 - 1', byId('listMonitoringEvents'), { page: '9007199254740992' }, undefined],
  ] as const;

  it('has a case for each conditional', () => {
    expect(bodies.length).toBe(conditionals.size);
  });

  it.each([...bodies, ...queries])('%s: both refuse it with the same body', async (_name, op, query, body) => {
    const request = exampleRequest(op);
    const [pathname, search = ''] = request.path.split('?') as [string, string?];
    const params = new URLSearchParams(search);
    for (const [name, value] of Object.entries(query)) params.set(name, value);
    const path = Object.keys(query).length > 0 ? `${pathname}?${params}` : request.path;
    const withKey = { ...request, headers: { ...request.headers, Authorization: `Bearer ${account.keys.secretTest}` } };
    const [fromMock, fromServer] = await Promise.all([
      sendTo(mock.url, request, path, body),
      sendTo(`${server.url}/api/test/v2`, withKey, path, body),
    ]);
    expect(fromServer.status, JSON.stringify(fromServer.body)).toBe(422);
    expect(fromMock.status, JSON.stringify(fromMock.body)).toBe(422);
    expect(comparable(fromMock.body)).toEqual(comparable(fromServer.body));
  });
});

describe('the public document, unknown ids', () => {
  const withNotFound = PUBLIC.filter(
    (op) => examplesOf(op, 404).length > 0 && ((op.operation.parameters ?? []) as JsonObject[]).some((p) => p.in === 'path'),
  );

  it.each(withNotFound.map((op) => [String(op.operation.operationId), op] as const))(
    '%s: the server answers a well-formed id that does not exist with a documented 404 body, word for word',
    async (id, op) => {
      const request = exampleRequest(op);
      const answer = await send(op, '/api/test/v2', account.keys.secretTest, request.path, request.body);
      if (answer.status === 501) return void expect(pendingIds()).toContain(id);
      expect(answer.status, JSON.stringify(answer.body)).toBe(404);
      expect(examplesOf(op, 404).map(([, value]) => value)).toContainEqual(answer.body);
    },
  );
});
