// A member name written twice in one JSON object (D-56), over HTTP: JSON.parse keeps the last value,
// another reader of the same bytes may keep the first, so the service refuses the body with 422
// `invalid_format` at the path of the repeat, in the operation's error family, before anything runs.
// Named cases first (the public API's Form 484, PPSR search, monitoring order and webhook endpoint on
// the test, live and V1 prefixes, and operator bodies), then a fast-check property over every
// operation of both documents: a repeat at a random object of the example body, or deeper in a chain
// of objects and arrays added to it, is always that 422 at that path, never a 5xx, and leaves every
// row of every table as it was.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileRequests } from '@registry-svc/contract';
import type { Database } from '../../../server/store/db.js';
import { loadDocument, operationsOf, type OperationRef } from '../../support/document.js';
import { baseOf } from '../../support/hostile-base.js';
import { exampleRequest, firstBodyExample } from '../../support/example-requests.js';
import { ADMIN_TOKEN, type TestAccount, type TestServer } from '../../support/harness.js';
import { describeOp, errorFamily, isFamilyError, rawRequest, type Answer } from '../../support/wire.js';
import { startWebhookServer } from '../webhooks/endpoints.support.js';

const SEED = 20260556;
const T = '/api/test/v2';

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  // Rate limits (D-42) stay out of the way: this is about what bytes do, not about budgets.
  server = await startWebhookServer({ record: false, env: { SVC_RATE_LIMIT_MULTIPLIER: '1000' } });
  account = await server.createAccount();
});
afterAll(async () => {
  await server?.close();
});

const PUBLIC = operationsOf(loadDocument());
const OPERATOR = operationsOf(loadDocument('admin.openapi.json'));

function operation(id: string): OperationRef {
  const found = [...PUBLIC, ...OPERATOR].find((op) => op.operation.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}

/** Sends a body text to an operation's example path, with the caller's credentials and a fresh Idempotency-Key. */
function send(op: OperationRef, text: string, prefix: string = T, key?: string): Promise<Answer> {
  const operator = op.path.startsWith('/admin');
  const example = exampleRequest(op);
  const { Authorization: _placeholder, ...headers } = example.headers;
  if (headers['Idempotency-Key'] !== undefined) headers['Idempotency-Key'] = `dup-${randomUUID()}`;
  return rawRequest(
    `${server.url}${operator ? '' : prefix}${example.path}`,
    example.method,
    {
      ...headers,
      'Content-Type': 'application/json',
      Authorization: `Bearer ${operator ? ADMIN_TOKEN : (key ?? account.keys.secretTest)}`,
    },
    text,
  );
}

/** The paths an answer names, in either family (D-10 keyed object, D-11 list with `field`). */
function problemCodes(answer: Answer): Record<string, string[]> {
  const errors = (answer.body as { errors?: unknown }).errors;
  if (Array.isArray(errors)) {
    // No prototype: a repeated `__proto__` is reported at a path of that name.
    const out = Object.create(null) as Record<string, string[]>;
    for (const e of errors as { field: string; code: string }[]) (out[e.field] ??= []).push(e.code);
    return out;
  }
  return Object.fromEntries(
    Object.entries((errors ?? {}) as Record<string, { code: string }[]>).map(([p, l]) => [p, l.map((e) => e.code)]),
  );
}

function expectRepeatRefused(op: OperationRef, answer: Answer, path: string): void {
  const label = `${describeOp(op)} at ${path}: ${answer.status} ${answer.text.slice(0, 400)}`;
  expect(answer.status, label).toBe(422);
  expect(isFamilyError(op, answer.body), label).toBe(true);
  if (errorFamily(op) === 'api') expect((answer.body as { error: string }).error, label).toBe('validation_failed');
  expect(problemCodes(answer)[path], label).toContain('invalid_format');
}

/** Every row of every table, as text: a refused request must leave all of it as it was. */
async function snapshot(db: Database): Promise<string> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    // Rate limits count every request, refused or not (D-42), and the request log keeps it (D-51):
    // both record that the request came, which is not a change it made.
    if (table_name === 'rate_limit_counters' || table_name === 'request_log') continue;
    const rows = (await db.execute(sql`select t::text as row from ${sql.identifier(table_name)} t order by 1`)) as unknown as {
      rows: { row: string }[];
    };
    parts.push(`-- ${table_name}`, ...rows.rows.map((r) => r.row));
  }
  return parts.join('\n');
}

/** The example body of an operation as JSON text, with `insert` spliced in right after the text `after`. */
function exampleWith(id: string, after: string, insert: string): string {
  const text = JSON.stringify(firstBodyExample(operation(id).operation));
  const at = text.indexOf(after);
  if (at < 0) throw new Error(`${id}: ${after} not in ${text}`);
  return `${text.slice(0, at + after.length)}${insert}${text.slice(at + after.length)}`;
}

describe('named cases: 422 invalid_format at the path of the repeat, in the family shape', () => {
  const CASES: [string, string, string, string][] = [
    [
      'Form 484, top level',
      'createForm484Lodgement',
      exampleWith('createForm484Lodgement', '{', '"testTransmissionIndicator":true,'),
      'testTransmissionIndicator',
    ],
    [
      'Form 484, in an array item',
      'createForm484Lodgement',
      exampleWith(
        'createForm484Lodgement',
        '{',
        '"officeHolders":[{"name":{"familyName":"CITIZEN","givenName1":"JANE"}},{"roles":["DIR"],"name":{"familyName":"HIDDEN","familyName":"SMITH"}}],',
      ),
      'officeHolders.1.name.familyName',
    ],
    ['PPSR search, top level', 'createPpsrSearch', exampleWith('createPpsrSearch', '{', '"vin":"HIDDEN0000000000",'), 'vin'],
    ['monitoring order, top level', 'createMonitoringEntities', exampleWith('createMonitoringEntities', '{', '"entities":[],'), 'entities'],
    [
      'monitoring order, in an array item',
      'createMonitoringEntities',
      exampleWith('createMonitoringEntities', '{"abn":"53900000001"', ',"abn":"00000000000"'),
      'entities.1.abn',
    ],
    [
      'webhook endpoint, top level',
      'createWebhookEndpoint',
      '{"url":"https://evil.example/x","url":"https://hooks.example.com/svc","eventTypes":["*"]}',
      'url',
    ],
    [
      'webhook endpoint, in an array of objects added to it',
      'createWebhookEndpoint',
      '{"url":"https://hooks.example.com/svc","eventTypes":[{"a":[1,{"b":1,"b":2}]}]}',
      'eventTypes.0.a.1.b',
    ],
    [
      'operator: create account, top level',
      'createAccount',
      '{"name":"A","ownerEmail":"o@example.com","plan":"free","plan":"standard"}',
      'plan',
    ],
    ['operator: advance the clock, nested in arrays', 'advanceClock', '{"seconds":1,"x":[{"y":{"z":0,"z":1}}]}', 'x.0.y.z'],
  ];

  it.each(CASES)('%s', async (_what, id, body, path) => {
    const op = operation(id);
    const before = await snapshot(server.deps.db);
    expectRepeatRefused(op, await send(op, body), path);
    expect(await snapshot(server.deps.db)).toBe(before);
  });

  it('on every prefix of the public API: test and live, V2 and V1', async () => {
    const op = operation('createWebhookEndpoint');
    const body = '{"url":"https://hooks.example.com/svc","eventTypes":["*"],"eventTypes":["monitoring.change_detected"]}';
    for (const [prefix, key] of [
      ['/api/test/v2', account.keys.secretTest],
      ['/api/v2', account.keys.secretLive],
      ['/api/test/v1', account.keys.secretTest],
      ['/api/v1', account.keys.secretLive],
    ] as const)
      expectRepeatRefused(op, await send(op, body, prefix, key), 'eventTypes');
  });

  it('a name spelt with an escape is the same name (JSON.parse reads both as one)', async () => {
    const op = operation('createWebhookEndpoint');
    const answer = await send(op, '{"url":"https://hooks.example.com/svc","\\u0075rl":"https://hooks.example.com/b","eventTypes":["*"]}');
    expectRepeatRefused(op, answer, 'url');
  });

  it('reports every repeat, with unsafe text (D-48) in the same answer', async () => {
    const op = operation('createWebhookEndpoint');
    const answer = await send(
      op,
      '{"url":"https://hooks.example.com/svc","url":"x","eventTypes":["*"],"description":"a\\u0000","eventTypes":[]}',
    );
    expect(problemCodes(answer)).toEqual({ url: ['invalid_format'], eventTypes: ['invalid_format'], description: ['invalid_format'] });
  });

  it('the same name in sibling objects, or inside a string, is no repeat: the request goes through', async () => {
    // A fresh account: nothing it monitors yet, so the order itself is accepted.
    const fresh = await server.createAccount();
    const order = operation('createMonitoringEntities');
    const siblings = await send(
      order,
      '{"entities":[{"acn":"100000011","reference":"a"},{"abn":"53900000001","reference":"b"}]}',
      T,
      fresh.keys.secretTest,
    );
    expect(siblings.status, siblings.text).toBeLessThan(300);
    const created = await send(
      operation('createAccount'),
      '{"name":"{\\"plan\\":1,\\"plan\\":2}","ownerEmail":"o@example.com","plan":"standard","billing":"card","cardStatus":"valid"}',
    );
    expect(created.status, created.text).toBe(201);
  });
});

describe(`random repeats over every operation of both documents (seed ${SEED})`, () => {
  /** Per operation: more for those that take a body, a few for those that do not (the body is read and refused all the same). */
  const RUNS = { body: 12, none: 3 };

  it('always 422 invalid_format at the repeat, never a 5xx, nothing stored', { timeout: 240_000 }, async () => {
    const before = await snapshot(server.deps.db);
    let sent = 0;
    const operations = [...PUBLIC.map((op) => ({ op, prefix: T })), ...OPERATOR.map((op) => ({ op, prefix: '' }))];
    for (const [o, { op, prefix }] of operations.entries()) {
      const authorization = prefix === '' ? `Bearer ${ADMIN_TOKEN}` : `Bearer ${account.keys.secretTest}`;
      const runs = op.operation.requestBody !== undefined ? RUNS.body : RUNS.none;
      const requests = fc.sample(hostileRequests('duplicate_keys', baseOf(op, authorization)), { seed: SEED + o, numRuns: runs });
      const answers = await Promise.all(
        requests.map((request) => {
          const headers = { ...request.headers };
          if (headers['Idempotency-Key'] !== undefined) headers['Idempotency-Key'] = `dup-${randomUUID()}`;
          return rawRequest(`${server.url}${prefix}${request.path}`, op.method.toUpperCase(), headers, request.body);
        }),
      );
      requests.forEach((request, i) => {
        expect(request.duplicateAt, request.label).toBeDefined();
        expectRepeatRefused(op, answers[i]!, request.duplicateAt!);
      });
      sent += requests.length;
    }
    console.log(`duplicate keys: ${sent} requests over ${operations.length} operations`);
    expect(await snapshot(server.deps.db)).toBe(before);
  });
});
