// Every difference between the mock (`npm run mock`: Prism behind scripts/mock/front.ts) and the
// sandbox is either gone or listed in docs/tooling.md ("Mock and sandbox differences"), and this file
// pins each. Found systematically: every operation is sent each of its documented request examples
// (body examples, and its example request where it has none) and, for every documented error status,
// `Prefer: code=<status>`, on the mock; the same requests go to the sandbox (the real app, real
// resources made the way a partner makes them, the same day as the mock: D-61 dates the examples
// alike on both). The statuses must agree, except for the differences listed below, each of which
// must still happen (a fixed one fails here until it leaves the table and the guide).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentForToday } from '@registry-svc/contract/example-dates';
import { examplesDay } from '../support/prism-global-setup.js';
import { loadDocument, operationsOf, type JsonObject, type OperationRef } from '../support/document.js';
import { exampleRequest, type ExampleRequest } from '../support/example-requests.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { sharedPrism } from '../support/prism.js';
import { CONTRACT_SERVER_ENV, resolveExampleHosts } from '../../scripts/contract/in-process.js';
import { RESOURCE_FACTORIES, resourceOf, type PathParams } from '../integration/security/resource-factories.js';

const mock = sharedPrism();
// The e2e project's mock runs on the examples' own day (prism-global-setup.ts); the sandbox's clock
// starts that day at noon in Brisbane, the time the mock judges request dates at.
const today = examplesDay();
const startedAt = new Date(`${today}T02:00:00Z`);
const document = documentForToday(loadDocument(), today);
const operations = operationsOf(document);

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    env: { ...CONTRACT_SERVER_ENV, SVC_CLOCK_START: startedAt.toISOString() },
    resolveHost: resolveExampleHosts,
  });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

interface Case {
  id: string;
  label: string;
  op: OperationRef;
  request: ExampleRequest;
}

function bodyExamples(op: OperationRef): [string, unknown][] {
  const media = (((op.operation.requestBody as JsonObject | undefined)?.content ?? {}) as Record<string, JsonObject>)['application/json'];
  return Object.entries((media?.examples ?? {}) as Record<string, JsonObject>).map(([name, example]) => [name, example.value]);
}

/** Each documented request of the operation: one per body example, else its example request. */
function documentedRequests(op: OperationRef): Case[] {
  const base = exampleRequest(op);
  const id = String(op.operation.operationId);
  const bodies = bodyExamples(op);
  if (bodies.length === 0) return [{ id, label: 'example request', op, request: base }];
  return bodies.map(([name, value]) => ({ id, label: name, op, request: { ...base, body: JSON.stringify(value) } }));
}

async function send(base: string, request: ExampleRequest, path: string, key?: string, prefer?: string) {
  const headers: Record<string, string> = {
    ...request.headers,
    ...(key ? { Authorization: `Bearer ${key}` } : {}),
    ...(prefer ? { Prefer: prefer } : {}),
  };
  if (headers['Idempotency-Key']) headers['Idempotency-Key'] = `diff-${Math.random().toString(36).slice(2)}`;
  const response = await fetch(`${base}${path}`, {
    method: request.method,
    headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as unknown };
}

/** The request on the sandbox, for a fresh test account: a real resource of it where the path names one. */
async function onSandbox(c: Case) {
  const owner = await server.createAccount();
  const factory = RESOURCE_FACTORIES[resourceOf(c.op.path)];
  const params: PathParams = factory ? await factory({ server, owner, receiverUrl: 'http://127.0.0.1:9' }) : {};
  const [, search] = c.request.path.split('?');
  const path = Object.entries(params).reduce((at, [name, value]) => at.replace(`{${name}}`, String(value)), c.op.path);
  return send(`${server.url}/api/test/v2`, c.request, search ? `${path}?${search}` : path, owner.keys.secretTest);
}

const topKeys = (body: unknown) => (body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body).sort() : []);

/**
 * The documented requests whose answers differ, by `operationId example`, with the statuses of the
 * mock and the sandbox: each is a difference docs/tooling.md lists.
 */
const DIFFERENT: Record<string, { mock: number; sandbox: number; why: string }> = {
  'getPpsrCertificate example request': { mock: 406, sandbox: 202, why: 'Prism cannot serve the PDF: send Prefer: code=202' },
  'renewMonitoringEntities two': { mock: 200, sandbox: 404, why: "no state: the example's entity ids are not the account's" },
};

const cases = operations.flatMap(documentedRequests);

describe('the documented requests of every operation, on the mock and in the sandbox', () => {
  it('covers every operation and every request body example', () => {
    expect(new Set(cases.map((c) => c.id)).size).toBe(operations.length);
    const examples = operations.reduce((sum, op) => sum + Math.max(1, bodyExamples(op).length), 0);
    expect(cases).toHaveLength(examples);
    for (const name of Object.keys(DIFFERENT)) expect(cases.map((c) => `${c.id} ${c.label}`)).toContain(name);
  });

  // Concurrent: each case has its own account, so none sees another's resources.
  it.concurrent.for(cases.map((c) => [`${c.id} ${c.label}`, c] as const))(
    '%s: the same status and answer shape, or a listed difference',
    async ([name, c], { expect }) => {
      const [fromMock, fromSandbox] = await Promise.all([send(mock.url, c.request, c.request.path), onSandbox(c)]);
      const listed = DIFFERENT[name];
      const seen = `mock ${fromMock.status} ${JSON.stringify(fromMock.body)?.slice(0, 300)}; sandbox ${fromSandbox.status} ${JSON.stringify(fromSandbox.body)?.slice(0, 300)}`;
      if (listed) {
        expect({ mock: fromMock.status, sandbox: fromSandbox.status }, seen).toEqual({ mock: listed.mock, sandbox: listed.sandbox });
        return;
      }
      expect(fromMock.status, seen).toBe(fromSandbox.status);
      // The same documented answer: a simulated change event is an event on both, not an expiry warning.
      if (fromSandbox.status < 300) expect(topKeys(fromMock.body), seen).toEqual(topKeys(fromSandbox.body));
    },
  );
});

/** One request to both: the mock at its root, the sandbox on the test prefix with a fresh account's test key. */
async function both(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; mockKey?: string } = {}) {
  const owner = await server.createAccount();
  const headers = {
    Accept: 'application/json',
    ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
    ...options.headers,
  };
  const request = { method, path, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) };
  const call = async (base: string, key: string) => {
    const response = await fetch(`${base}${path}`, { ...request, headers: { ...headers, Authorization: `Bearer ${key}` } });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
  };
  const [fromMock, fromSandbox] = await Promise.all([
    call(mock.url, options.mockKey ?? 'svc_sk_test_ExampleExampleExampleExample12'),
    call(`${server.url}/api/test/v2`, owner.keys.secretTest),
  ]);
  return { mock: fromMock, sandbox: fromSandbox, owner };
}

// Each test below pins one difference docs/tooling.md lists under "Mock and sandbox differences".
describe('the differences that stay, each as the guide lists it', () => {
  it('no state: an id of nobody is found on the mock (the example answer), 404 in the sandbox', async () => {
    const { mock: m, sandbox: s } = await both('GET', '/monitoring/entities/999999');
    expect([m.status, s.status]).toEqual([200, 404]);
  });

  it('no state: a duplicate is created again on the mock, refused in the sandbox', async () => {
    const owner = await server.createAccount();
    const body = JSON.stringify(firstBodyOf('/ppsr/alerts'));
    const post = (base: string, key: string) =>
      fetch(`${base}/ppsr/alerts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body,
      });
    const sandbox = [
      (await post(`${server.url}/api/test/v2`, owner.keys.secretTest)).status,
      (await post(`${server.url}/api/test/v2`, owner.keys.secretTest)).status,
    ];
    const fromMock = [(await post(mock.url, 'svc_sk_test_x')).status, (await post(mock.url, 'svc_sk_test_x')).status];
    expect({ mock: fromMock, sandbox }).toEqual({ mock: [201, 201], sandbox: [201, 409] });
  });

  it('no state: an Idempotency-Key reused with another body is answered anew on the mock, 409 idempotency_key_reused in the sandbox', async () => {
    const owner = await server.createAccount();
    const body = firstBodyOf('/abn/registrations');
    const send = (base: string, key: string, entityName: string) =>
      fetch(`${base}/abn/registrations`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'diff-reused-key' },
        body: JSON.stringify({ ...body, entityName }),
      });
    const sandbox = [(await send(`${server.url}/api/test/v2`, owner.keys.secretTest, 'FIRST')).status];
    const second = await send(`${server.url}/api/test/v2`, owner.keys.secretTest, 'SECOND');
    sandbox.push(second.status);
    expect(JSON.stringify(await second.json())).toContain('idempotency_key_reused');
    const fromMock = [(await send(mock.url, 'svc_sk_test_x', 'FIRST')).status, (await send(mock.url, 'svc_sk_test_x', 'SECOND')).status];
    expect({ mock: fromMock, sandbox }).toEqual({ mock: [201, 201], sandbox: [201, 409] });
  });

  it('any key: the mock takes any bearer value, the sandbox answers 401 to one it did not issue', async () => {
    const { mock: m } = await both('GET', '/helpers/industries', { mockKey: 'svc_sk_test_wrong' });
    const wrong = await fetch(`${server.url}/api/test/v2/helpers/industries`, { headers: { Authorization: 'Bearer svc_sk_test_wrong' } });
    expect([m.status, wrong.status]).toEqual([200, 401]);
  });

  it('any kind of key from anywhere: a secret key from a browser and a publishable key beyond the helpers are answered by the mock, 403 in the sandbox', async () => {
    const owner = await server.createAccount();
    const list = (base: string, key: string, headers: Record<string, string> = {}) =>
      fetch(`${base}/webhooks`, { headers: { Authorization: `Bearer ${key}`, ...headers } }).then((r) => r.status);
    const browser = { Origin: 'https://app.example.com' };
    expect({
      mock: [await list(mock.url, 'svc_sk_test_x', browser), await list(mock.url, 'svc_pk_test_x')],
      sandbox: [
        await list(`${server.url}/api/test/v2`, owner.keys.secretTest, browser),
        await list(`${server.url}/api/test/v2`, owner.keys.publishableTest),
      ],
    }).toEqual({ mock: [200, 200], sandbox: [403, 403] });
  });

  it('no key at all: 401 on both, with the same body', async () => {
    const [fromMock, fromSandbox] = await Promise.all(
      [mock.url, `${server.url}/api/test/v2`].map((base) =>
        fetch(`${base}/helpers/industries`).then(async (r) => [r.status, await r.json()]),
      ),
    );
    expect(fromMock).toEqual(fromSandbox);
  });

  it('no environments: the mock serves the operations at its root, so an /api/test/v2 path is 404 there', async () => {
    const prefixed = await fetch(`${mock.url}/api/test/v2/helpers/industries`, { headers: { Authorization: 'Bearer svc_sk_test_x' } });
    const { sandbox: s } = await both('GET', '/helpers/industries');
    expect([prefixed.status, s.status]).toEqual([404, 200]);
  });

  it('no rate limits: no RateLimit headers and never 429 on the mock', async () => {
    const { mock: m, sandbox: s } = await both('GET', '/helpers/industries');
    expect(s.headers.get('ratelimit-remaining')).toMatch(/^[0-9]+$/);
    expect(m.headers.get('ratelimit-remaining')).toBeNull();
  });

  it('answers are the documented examples, not your data: an expiring_7 warning is answered with the expiring_30 example', async () => {
    const owner = await server.createAccount();
    const created = await fetch(`${server.url}/api/test/v2/monitoring/entities`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.keys.secretTest}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ entities: [{ acn: '100000011' }] }),
    });
    const entityId = ((await created.json()) as { entities: { id: number }[] }).entities[0]!.id;
    const simulate = (base: string, key: string, id: number) =>
      fetch(`${base}/monitoring/entities/${id}/simulate`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ simulate: 'expiring_7' }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { simulated: string } }));
    const s = await simulate(`${server.url}/api/test/v2`, owner.keys.secretTest, entityId);
    const m = await simulate(mock.url, 'svc_sk_test_x', 501);
    expect({ mock: [m.status, m.body.simulated], sandbox: [s.status, s.body.simulated] }).toEqual({
      mock: [200, 'expiring_30'],
      sandbox: [200, 'expiring_7'],
    });
  });

  it('no DNS: a webhook host that does not resolve is accepted by the mock, refused by the sandbox', async () => {
    const body = { url: 'https://no-such-host.invalid/hook', eventTypes: ['*'] };
    const { mock: m, sandbox: s } = await both('POST', '/webhooks', { body });
    expect([m.status, s.status]).toEqual([201, 422]);
    expect(JSON.stringify(s.body)).toContain('url_invalid');
  });

  it('no clock, jobs or operator API: /admin is 404 on the mock', async () => {
    const fromMock = await fetch(`${mock.url}/admin/clock`, { headers: { Authorization: 'Bearer svc_sk_test_x' } });
    const fromSandbox = await server.admin('GET', '/admin/clock');
    expect([fromMock.status, fromSandbox.status]).toEqual([404, 200]);
  });

  it('Prefer picks a documented answer on the mock, the one that belongs to the request; the sandbox ignores it', async () => {
    const prefer = { Prefer: 'code=422' };
    const vin = await both('POST', '/ppsr/searches', { body: { vin: '1HGCM82633A004352' }, headers: prefer });
    expect([vin.mock.status, vin.sandbox.status]).toEqual([422, 201]);
    expect(Object.keys(vin.mock.body.errors as object)).toEqual(['vin']);
    const acn = await both('POST', '/ppsr/searches', { body: { acn: '100000011' }, headers: prefer });
    expect(Object.keys(acn.mock.body.errors as object)).toEqual(['acn']);
  });
});

describe("the mock's examples are dated its day (D-61)", () => {
  it('serves its document at /openapi.json with x-examples-date the day --today set, where the contract runner reads it', async () => {
    const served = (await (await fetch(`${mock.url}/openapi.json`)).json()) as JsonObject;
    expect(served.info).toMatchObject({ 'x-examples-date': today });
    expect(served).toEqual(documentForToday(loadDocument(), today));
  });
});

function firstBodyOf(path: string): Record<string, unknown> {
  const operation = ((document.paths as JsonObject)[path] as JsonObject).post as JsonObject;
  const media = ((operation.requestBody as JsonObject).content as JsonObject)['application/json'] as JsonObject;
  return Object.values(media.examples as Record<string, { value: Record<string, unknown> }>)[0]!.value;
}
