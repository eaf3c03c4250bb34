// Property-based robustness of the server core (D-13, D-14, D-18, spec 7): fast-check sends junk to
// every operation of spec/openapi.json (taken from the document) with a valid test key, and every
// answer must be well-formed: no 5xx except 501 for a pending operation (computed at start: server.built.pending),
// X-Request-Id always, and the right error family each time: 401/403/429 the shared shape
// `{errors: [string]}` (ApiError for `sandbox_only` on monitoring), Form 484 operations
// (`x-error-family: form484`) `{response: null, errors: [{code, field, message}]}`, all others
// `{error, message, errors?}`. Fixed seed, so a failure replays exactly.
//
// Each run sends its generated value to one slice of the operations (the slice is generated too), and
// each property then asserts that every operation was reached: every operation gets a dozen or so
// samples per property without paying runs x operations requests.
import { Socket } from 'node:net';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { beforeEach, describe, expect } from 'vitest';
import { serverTest } from '../support/fixtures.js';
import { loadDocument, operationsOf, type OperationRef } from '../support/document.js';
import { exampleRequest, firstBodyExample } from '../support/example-requests.js';
import { startTestServer, type TestAccount, type TestServer } from '../support/harness.js';
import {
  callOperation,
  describeOp,
  errorFamily,
  hasBody,
  isApiError,
  isFamilyError,
  isForm484Error,
  isMonitoring,
  isSharedError,
  operationId,
  PREFIX,
  rawRequest,
  type Answer,
  type CallOptions,
} from '../support/wire.js';

const SEED = 20261122;
const RUNS = 40;
/** Operations one run sends to (in parallel). */
const SLICE = 8;
const MIB = 1024 * 1024;
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

const DOCUMENT = loadDocument();
const OPERATIONS = operationsOf(DOCUMENT);
const BODY_OPS = OPERATIONS.filter(hasBody);

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
}

function parametersOf(op: OperationRef, where: string): Parameter[] {
  return ((op.operation.parameters ?? []) as unknown as Parameter[]).filter((p) => p.in === where);
}

const PATH_OPS = OPERATIONS.filter((op) => parametersOf(op, 'path').length > 0);
const IDEMPOTENT_OPS = OPERATIONS.filter((op) => parametersOf(op, 'header').some((p) => p.name === 'Idempotency-Key'));

function bodyLimit(op: OperationRef): number {
  return (op.operation['x-body-limit-bytes'] as number | undefined) ?? MIB;
}

// Not recorded for the proxy replay, which reads test/integration/'s traffic only (its large bodies and
// bounded-echoes.security.test.ts' made 52 of the integration project's 62 MB of recording).
const it = serverTest(() => startTestServer({ record: false }));
let server: TestServer;
let account: TestAccount;

it.beforeAll(async ({ server: started }) => {
  server = started;
  account = await server.createAccount();
});

// Rate limits (D-42) are real here: monitoring allows 60 requests a minute per account and per IP,
// lodgements 600. The suite counts what it sends and moves the manual clock to a fresh window
// before a run would pass either, so a 429 never hides the answer a property is about.
let spent = { monitoring: 0, all: 0 };

async function nextWindow(): Promise<void> {
  const now = server.clock.now().getTime();
  const moved = await server.admin('POST', '/admin/clock/advance', { seconds: (60_000 - (now % 60_000)) / 1000 });
  expect(moved.status).toBe(200);
  spent = { monitoring: 0, all: 0 };
}

async function spend(ops: readonly OperationRef[]): Promise<void> {
  const monitoring = ops.filter(isMonitoring).length;
  if (spent.monitoring + monitoring > 60 || spent.all + ops.length > 500) await nextWindow();
  spent.monitoring += monitoring;
  spent.all += ops.length;
}

beforeEach(async () => {
  await nextWindow();
});

function send(op: OperationRef, options: Partial<CallOptions> = {}): Promise<Answer> {
  return callOperation(server.url, op, {
    prefix: PREFIX.test,
    ...options,
    headers: { Authorization: `Bearer ${account.keys.secretTest}`, ...(options.headers ?? {}) },
  });
}

function why(op: OperationRef, answer: Answer): string {
  return `${describeOp(op)} answered ${answer.status} ${answer.text.slice(0, 400)}`;
}

/** The invariant of every answer: status allowed, right error family. */
function expectWellFormed(op: OperationRef, answer: Answer): void {
  const { status, body } = answer;
  if (status >= 500) {
    const allowed =
      (status === 501 && server.built.pending.public.includes(operationId(op))) ||
      (status === 503 && answer.headers.get('retry-after') !== null);
    expect(allowed, why(op, answer)).toBe(true);
  }
  if (status === 401 || status === 403 || status === 429) {
    const sandbox = status === 403 && isMonitoring(op) && isApiError(body, 'sandbox_only');
    expect(sandbox || isSharedError(body), why(op, answer)).toBe(true);
  } else if (status >= 400) {
    expect(isFamilyError(op, body), why(op, answer)).toBe(true);
  }
  if (status === 501) expect(isFamilyError(op, body, 'not_implemented'), why(op, answer)).toBe(true);
}

function expectStatus(op: OperationRef, answer: Answer, status: number, code?: string): void {
  expect(answer.status, why(op, answer)).toBe(status);
  if (code !== undefined) expect(isFamilyError(op, answer.body, code), why(op, answer)).toBe(true);
}

/**
 * 422 for a request that breaks the document: `validation_failed` listing the fields in the ApiError
 * family (D-10); in the Form 484 family the field problems themselves (D-11), `formCode` among them.
 */
function expectInvalid(op: OperationRef, answer: Answer, formCode?: string): void {
  expect(answer.status, why(op, answer)).toBe(422);
  if (errorFamily(op) === 'form484') expect(isForm484Error(answer.body, formCode), why(op, answer)).toBe(true);
  else
    expect(isApiError(answer.body, 'validation_failed') && (answer.body as { errors?: object }).errors !== undefined, why(op, answer)).toBe(
      true,
    );
}

interface EveryOperationOptions {
  runs?: number;
  /** Operations per run; the default sends each run to one slice of SLICE operations. */
  slice?: number;
}

/**
 * The property "for every generated value and every operation, the answer is well-formed and
 * passes `check`": run i sends its value to the slice the run drew, and afterwards every operation
 * must have been reached.
 */
async function everyOperation<T>(
  ops: readonly OperationRef[],
  arbitrary: fc.Arbitrary<T>,
  build: (op: OperationRef, value: T) => Partial<CallOptions>,
  check: (op: OperationRef, answer: Answer, value: T) => void = () => undefined,
  options: EveryOperationOptions = {},
): Promise<void> {
  const slices = Math.max(1, Math.ceil(ops.length / (options.slice ?? SLICE)));
  const reached = new Set<string>();
  await fc.assert(
    fc.asyncProperty(fc.nat({ max: slices - 1 }), arbitrary, async (slice, value) => {
      const chosen = ops.filter((_, i) => i % slices === slice);
      for (let start = 0; start < chosen.length; start += SLICE) {
        const batch = chosen.slice(start, start + SLICE);
        await spend(batch);
        const answers = await Promise.all(batch.map((op) => send(op, build(op, value))));
        batch.forEach((op, i) => {
          reached.add(operationId(op));
          expectWellFormed(op, answers[i]!);
          check(op, answers[i]!, value);
        });
      }
    }),
    { seed: SEED, numRuns: options.runs ?? RUNS, endOnFailure: true },
  );
  expect([...reached].sort()).toEqual(ops.map(operationId).sort());
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Paths (as key lists) of every string value inside a JSON value. */
function stringLeaves(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...path, i]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]));
  return [];
}

/** Paths of every value (object members and array items) inside a JSON value. */
function allPaths(value: Json, path: (string | number)[] = []): (string | number)[][] {
  const here = path.length > 0 ? [path] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => allPaths(v, [...path, i]))];
  if (value !== null && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([k, v]) => allPaths(v, [...path, k]))];
  return here;
}

function setAt(value: Json, path: (string | number)[], replacement: Json): Json {
  const copy = structuredClone(value);
  let cursor = copy as Record<string | number, Json>;
  path.slice(0, -1).forEach((key) => (cursor = cursor[key] as Record<string | number, Json>));
  cursor[path[path.length - 1]!] = replacement;
  return copy;
}

function exampleBody(op: OperationRef): Json {
  return firstBodyExample(op.operation) as Json;
}

function typeOf(value: Json): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

const printable = fc.string({ unit: 'grapheme-ascii', maxLength: 60 });
const anyText = fc.string({ unit: 'grapheme', maxLength: 60 });
/** Every JSON type, including deeply nested junk. */
const junk: fc.Arbitrary<Json> = fc.oneof(
  fc.jsonValue({ depthSize: 'medium' }) as fc.Arbitrary<Json>,
  fc.array(fc.jsonValue() as fc.Arbitrary<Json>, { maxLength: 5 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  anyText,
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom<Json>({}, [], { a: { b: { c: [[[{}]]] } } }, '', 0, -1, 1e308),
);
const notAnObject: fc.Arbitrary<Json> = junk.filter((v) => typeOf(v) !== 'object');
const malformedJson = fc
  .oneof(
    fc.json().map((s) => `${s}}`),
    fc.json().map((s) => `${s.slice(0, Math.max(1, s.length - 1))},`),
    fc.json().map((s) => `{${s}`),
    printable,
    fc.constantFrom('{', '{"a":', "{'a':1}", '[1,2', 'undefined', 'NaN', '{"a":1,}', '\u0000', ' ', '{"a":"\\x"}', '--', 'tru', '\uFEFF{}'),
  )
  .filter((text) => {
    if (text.length === 0) return false;
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  });

const JSON_HEADERS = { 'Content-Type': 'application/json' };

describe(`robustness of every operation (${OPERATIONS.length} from spec/openapi.json, seed ${SEED})`, () => {
  it('answers malformed JSON with 400 invalid_json in the family shape (D-13)', async () => {
    await everyOperation(
      OPERATIONS,
      malformedJson,
      (_op, text) => ({ body: text, headers: JSON_HEADERS }),
      (op, answer) => expectStatus(op, answer, 400, 'invalid_json'),
    );
  });

  it('answers a body of the wrong JSON type with 422 validation_failed', async () => {
    await everyOperation(
      OPERATIONS,
      notAnObject,
      (_op, value) => ({ body: JSON.stringify(value), headers: JSON_HEADERS }),
      (op, answer) => {
        if (hasBody(op)) expectInvalid(op, answer);
      },
    );
  });

  it('survives junk of any type in place of any field of the example body', async () => {
    await everyOperation(BODY_OPS, fc.tuple(fc.nat(), junk), (op, [pick, value]) => {
      const example = exampleBody(op);
      const paths = allPaths(example);
      return { body: JSON.stringify(paths.length > 0 ? setAt(example, paths[pick % paths.length]!, value) : value) };
    });
  });

  it('refuses unknown fields with 422 naming them (request bodies are strict objects)', async () => {
    const extra = fc.dictionary(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map((k) => `x_${k}`),
      junk,
      { minKeys: 1, maxKeys: 4 },
    );
    await everyOperation(
      BODY_OPS,
      extra,
      (op, fields) => ({ body: JSON.stringify({ ...(exampleBody(op) as Record<string, Json>), ...fields }) }),
      (op, answer, fields) => {
        // Form 484 has no word of its own for an unknown field: D-11's `invalid_format`, at the field.
        expectInvalid(op, answer, errorFamily(op) === 'form484' ? 'invalid_format' : undefined);
        if (errorFamily(op) === 'api')
          expect(Object.keys((answer.body as { errors: object }).errors), why(op, answer)).toEqual(
            expect.arrayContaining(Object.keys(fields)),
          );
        else
          expect(
            (answer.body as { errors: { field: string }[] }).errors.map((e) => e.field),
            why(op, answer),
          ).toEqual(expect.arrayContaining(Object.keys(fields)));
      },
    );
  });

  it('survives a ~100 KB string inside any string field', async () => {
    const huge = fc.tuple(
      fc.nat(),
      fc.integer({ min: 100_000, max: 110_000 }),
      fc.constantFrom('A', 'z', '9', ' ', 'é', '"', '\\', '\u2028', '😀', '<'),
    );
    await everyOperation(BODY_OPS, huge, (op, [pick, length, char]) => {
      const example = exampleBody(op);
      const leaves = stringLeaves(example);
      const text = char.repeat(Math.ceil(length / char.length));
      return { body: JSON.stringify(leaves.length > 0 ? setAt(example, leaves[pick % leaves.length]!, text) : { text }) };
    });
  });

  it('answers a body over the operation limit with 413, with Content-Length or chunked (D-14)', async () => {
    await everyOperation(
      OPERATIONS,
      fc.tuple(fc.integer({ min: 1, max: 64 * 1024 }), fc.boolean()),
      (op, [over, chunked]) => {
        const text = `{"junk":"${'x'.repeat(bodyLimit(op) + over - 11)}"}`;
        if (!chunked) return { body: text, headers: JSON_HEADERS };
        return { body: Readable.from([Buffer.from(text)]), headers: { ...JSON_HEADERS, 'Transfer-Encoding': 'chunked' } };
      },
      (op, answer) => expectStatus(op, answer, 413, 'payload_too_large'),
      { runs: 4, slice: OPERATIONS.length },
    );
  });

  it('answers an unsupported content type with 415 on operations that take a body', async () => {
    const contentType = fc
      .oneof(
        fc.constantFrom(
          'text/plain',
          'text/plain; charset=utf-8',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'text/html',
          'application/octet-stream',
          'text/json',
          'application/jsonx',
          'json',
        ),
        fc.tuple(fc.stringMatching(/^[a-z]{1,10}$/), fc.stringMatching(/^[a-z.-]{1,12}$/)).map(([type, sub]) => `${type}/${sub}`),
      )
      .filter((value) => !/^application\/(.+\+)?json$/.test(value));
    await everyOperation(
      OPERATIONS,
      contentType,
      (op, type) => ({ body: JSON.stringify(exampleBody(op) ?? { a: 1 }), headers: { 'Content-Type': type } }),
      (op, answer) => {
        if (hasBody(op)) expectStatus(op, answer, 415, 'unsupported_media_type');
        else expect(answer.status, why(op, answer)).not.toBe(415);
      },
    );
  });

  it('survives random query values, declared or not', async () => {
    const picks = fc.array(
      fc.tuple(
        fc.nat(),
        fc.oneof(
          anyText,
          fc.integer().map(String),
          fc.constantFrom('', '-1', '0', '1e9', 'NaN', 'true', '[]', '{}', '2026-13-45', '%', 'a'.repeat(5000)),
        ),
      ),
      { maxLength: 6 },
    );
    const unknown = fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), anyText, { maxKeys: 3 });
    await everyOperation(
      OPERATIONS,
      fc.tuple(picks, unknown),
      (op, [values, extra]) => {
        const names = parametersOf(op, 'query').map((p) => p.name);
        const [base, exampleQuery] = exampleRequest(op).path.split('?') as [string, string | undefined];
        const query = new URLSearchParams(exampleQuery);
        for (const [name, value] of Object.entries(extra)) query.append(name, value);
        for (const [index, value] of values) if (names.length > 0) query.set(names[index % names.length]!, value);
        const search = query.toString();
        return { path: search ? `${base}?${search}` : base };
      },
      (op, answer) => {
        if (answer.status === 422) expectInvalid(op, answer);
      },
    );
  });

  it('survives random path ids', async () => {
    const id = fc
      .oneof(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }).map(String),
        fc.constantFrom('0', '-1', '1.5', '1e3', '99999999999999999999999', 'null', '%', ' ', 'we_', 'pal_', '1001'),
      )
      .filter((value) => value !== '.' && value !== '..');
    await everyOperation(PATH_OPS, fc.array(id, { minLength: 2, maxLength: 2 }), (op, ids) => {
      let path = op.path;
      parametersOf(op, 'path').forEach((p, i) => (path = path.replace(`{${p.name}}`, encodeURIComponent(ids[i % ids.length]!))));
      return { path };
    });
  });

  it('checks the Idempotency-Key header: 1 to 255 characters (D-18)', async () => {
    const key = fc.oneof(
      fc.string({ unit: 'grapheme-ascii', maxLength: 300 }),
      fc.integer({ min: 250, max: 400 }).map((n) => 'k'.repeat(n)),
    );
    await everyOperation(
      IDEMPOTENT_OPS,
      key,
      (_op, value) => ({ headers: { 'Idempotency-Key': value } }),
      (op, answer, value) => {
        const sent = value.trim();
        // An empty key is refused as invalid on every idempotent operation, required or not (D-18).
        if (sent.length > 255 || sent === '') expectStatus(op, answer, 400, 'idempotency_key_invalid');
        else expect(answer.status, why(op, answer)).not.toBe(400);
      },
    );
  });

  it('refuses random credentials with 401 in the shared shape', async () => {
    const credential = fc.oneof(
      printable.map((s) => `Bearer ${s}`),
      printable,
      fc.stringMatching(/^[A-Za-z0-9]{32}$/).map((s) => `Bearer svc_sk_test_${s}`),
      fc
        .tuple(fc.constantFrom('sk', 'pk', 'xx'), fc.constantFrom('live', 'test', 'prod'), fc.stringMatching(/^[A-Za-z0-9]{0,40}$/))
        .map(([t, e, s]) => `Bearer svc_${t}_${e}_${s}`),
    );
    await everyOperation(
      OPERATIONS,
      credential,
      (_op, authorization) => ({ headers: { Authorization: authorization } }),
      (op, answer) => {
        expect(answer.status, why(op, answer)).toBe(401);
        expect(answer.headers.get('www-authenticate'), why(op, answer)).toBe('Bearer');
      },
    );
  });

  it('answers an unknown route with 404 in the shared shape, on every prefix and outside them', async () => {
    const templates = Object.keys(DOCUMENT.paths as Record<string, unknown>).map(
      (path) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
    );
    const segment = fc.oneof(
      fc.stringMatching(/^[a-z0-9_-]{1,12}$/),
      fc.constantFrom('webhooks', 'monitoring', 'entities', 'helpers', 'ppsr', 'v3', 'admin'),
    );
    const route = fc
      .tuple(
        fc.constantFrom('/api/v2', '/api/test/v2', '/api/v1', '/api/test/v1', '/api/test/v3', '/api', ''),
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('GET', 'POST', 'DELETE'),
      )
      .filter(
        ([prefix, segments]) =>
          !(prefix.startsWith('/api/') && templates.some((t) => t.test(`/${segments.join('/')}`))) &&
          !['healthz', 'readyz', 'metrics', 'docs', 'openapi.json', 'admin'].includes(segments[0]!),
      );
    await fc.assert(
      fc.asyncProperty(route, async ([prefix, segments, method]) => {
        const answer = await raw(method, `${prefix}/${segments.join('/')}`, { Authorization: `Bearer ${account.keys.secretTest}` });
        expect(answer.status, answer.text).toBe(404);
        expect(isSharedError(answer.body), answer.text).toBe(true);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });

  it('answers a method the path does not have with 405 and Allow, on every path of the document', async () => {
    const items = DOCUMENT.paths as Record<string, Record<string, unknown>>;
    const templates = Object.entries(items).map(([template, item]) => ({
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      item,
    }));
    const checks = Object.keys(items).flatMap((template) => {
      const path = template.replace(/\{[^}]+\}/g, '1001');
      // A concrete path may match more than one template (`/monitoring/entities/renew` is also `{id}`).
      const allowed = METHODS.filter((m) => templates.some((t) => t.pattern.test(path) && t.item[m] !== undefined));
      return METHODS.filter((m) => !allowed.includes(m)).map((m) => ({
        path,
        method: m.toUpperCase(),
        allowed: allowed.map((a) => a.toUpperCase()).sort(),
      }));
    });
    expect(checks.length).toBeGreaterThan(20);
    for (const check of checks) {
      // 405 comes from routing, before authentication: no key needed.
      const answer = await raw(check.method, `${PREFIX.test}${check.path}`, {});
      expect(answer.status, `${check.method} ${check.path}: ${answer.text}`).toBe(405);
      expect(isSharedError(answer.body), answer.text).toBe(true);
      const allow = (answer.headers.get('allow') ?? '')
        .split(',')
        .map((m) => m.trim())
        .sort();
      expect(allow, `${check.method} ${check.path}`).toEqual(check.allowed);
    }
  });

  it('answers the global monitoring limit with 429 in the shared shape and Retry-After', async () => {
    const monitoring = OPERATIONS.find(isMonitoring)!;
    const answers: Answer[] = [];
    for (let i = 0; i < 61; i += 20)
      answers.push(...(await Promise.all(Array.from({ length: Math.min(20, 61 - i) }, () => send(monitoring)))));
    const limited = answers.filter((a) => a.status === 429);
    expect(limited.length, describeOp(monitoring)).toBe(1);
    for (const answer of answers) expectWellFormed(monitoring, answer);
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers malformed HTTP with X-Request-Id too (D-13)', async () => {
    const answers = await Promise.all([
      // Headers over Node's 16 KB limit.
      rawSocket(`GET ${PREFIX.test}/webhooks HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      // Not HTTP at all.
      rawSocket('HELLO\r\n\r\n'),
      // A GET whose body bytes arrive without Content-Length or chunking: they parse as a second, broken request.
      rawSocket(
        `GET ${PREFIX.test}/webhooks HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${account.keys.secretTest}\r\n\r\n{"a":1}\r\n\r\n`,
      ),
    ]);
    const bodies: unknown[] = [];
    for (const text of answers) {
      const statuses = [...text.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]));
      expect(statuses.length, text.slice(0, 300)).toBeGreaterThan(0);
      for (const status of statuses) expect(status < 500 || status === 501, text.slice(0, 300)).toBe(true);
      expect(text.match(/^x-request-id: /gim)?.length, text.slice(0, 300)).toBe(statuses.length);
      bodies.push(statuses.length === 1 ? (JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as unknown) : undefined);
    }
    // A request line that names an operation gets that operation's family shape; no request line, the shared one.
    expect(isApiError(bodies[0], 'headers_too_large'), answers[0]).toBe(true);
    expect(isSharedError(bodies[1]), answers[1]).toBe(true);
  });
});

function raw(method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return rawRequest(`${server.url}${path}`, method, headers).then((answer) => {
    expect(answer.headers.get('x-request-id'), `${method} ${path}`).toBeTruthy();
    return answer;
  });
}

/** Writes bytes to a fresh connection and returns everything the server sends back before closing it. */
function rawSocket(bytes: string): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const chunks: Buffer[] = [];
    socket.setTimeout(5000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error),
    );
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.connect(Number(port), '127.0.0.1', () => socket.end(bytes));
  });
}
