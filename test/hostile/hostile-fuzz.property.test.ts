// The hostile-input gate: over every operation of both documents (spec/openapi.json on the
// test prefix with a secret key, spec/admin.openapi.json with the admin token), every generator of
// packages/svc-contract/src/hostile.ts (keys named like built-in properties at any depth, NUL and lone
// surrogates, malformed escapes, huge arrays, deep nesting, extreme numbers, encodings and charsets,
// a member name written twice in one object, long caller text in every place an answer may echo it)
// breaks the operation's example request. At least 10,000 requests, generated from a fixed seed so a
// failure replays exactly; the count is printed. Any 5xx fails the gate, except 501 from an operation
// still pending (server.built.pending) and a 503 with Retry-After (an outage switch the operator
// requests may turn on); every answer carries X-Request-Id and every 4xx a documented error shape; no
// error answer reaches 64 KiB or quotes more than 100 characters of the caller's text (D-55). A
// repeated name is always 422 `invalid_format` at its path, whatever the operation (D-56);
// test/integration/core/hostile-duplicate-keys.test.ts also proves that such a request stores nothing.
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_ANSWER_MAX_BYTES,
  HOSTILE_KINDS,
  hostileBodyBytes,
  longestEcho,
  hostileRequests,
  type HostileRequest,
} from '@registry-svc/contract';
import { loadDocument, operationsOf, type OperationRef } from '../support/document.js';
import { baseOf } from '../support/hostile-base.js';
import { ADMIN_TOKEN, type TestAccount, type TestServer } from '../support/harness.js';
import { isFamilyError, isSharedError, operationId } from '../support/wire.js';
import { startWebhookServer } from '../integration/webhooks/endpoints.support.js';

const SEED = 20261122;
const MINIMUM_REQUESTS = 10_000;
/** Requests in flight at once. */
const CONCURRENCY = 12;

const DOCUMENTS = [
  { name: 'public', operations: operationsOf(loadDocument()), prefix: '/api/test/v2' },
  { name: 'operator', operations: operationsOf(loadDocument('admin.openapi.json')), prefix: '' },
] as const;
const OPERATION_COUNT = DOCUMENTS.reduce((sum, d) => sum + d.operations.length, 0);
/** Samples per operation and kind, so the total reaches the minimum. */
const PER_KIND = Math.ceil(MINIMUM_REQUESTS / (OPERATION_COUNT * HOSTILE_KINDS.length));

interface Planned {
  document: (typeof DOCUMENTS)[number];
  op: OperationRef;
  request: HostileRequest;
}

/** One operation and generator: its requests are generated when sent, so large bodies do not pile up. */
interface Group {
  document: (typeof DOCUMENTS)[number];
  op: OperationRef;
  generate: () => HostileRequest[];
}

interface Outcome {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
/** Requests sent again after a reused socket closed before any answer (printed with the count). */
let resent = 0;

/**
 * Sends one request. A reset after the answer arrived is no failure (a refusal may close the
 * connection while a large body is still being written); no answer at all is status 0. A kept-alive
 * socket the server closed as idle just as it was reused is Node's documented race, not an answer:
 * that request is sent once more on a fresh connection.
 */
function send(url: string, method: string, headers: Record<string, string>, body?: Buffer, fresh = false): Promise<Outcome> {
  return new Promise((resolve) => {
    let answered = false;
    const outgoing = { ...headers, ...(body !== undefined ? { 'Content-Length': String(body.length) } : {}) };
    const request = httpRequest(url, { method, headers: outgoing, agent: fresh ? false : agent }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      const done = () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') });
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', done);
      response.on('end', done);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      if (request.reusedSocket && !fresh) {
        resent += 1;
        resolve(send(url, method, headers, body, true));
      } else resolve({ status: 0, headers: {}, text: `no answer: ${error.message}` });
    });
    request.end(body);
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** 422 with `invalid_format` at `path`, in either family's errors (D-10 keyed, D-11 listed). */
function refusedAt(status: number, body: unknown, path: string): boolean {
  if (status !== 422 || typeof body !== 'object' || body === null) return false;
  const errors = (body as { errors?: unknown }).errors;
  if (Array.isArray(errors))
    return errors.some((e: { field?: unknown; code?: unknown }) => e.field === path && e.code === 'invalid_format');
  if (typeof errors !== 'object' || errors === null || !Object.hasOwn(errors, path)) return false;
  const list = (errors as Record<string, { code?: unknown }[]>)[path];
  return Array.isArray(list) && list.some((e) => e.code === 'invalid_format');
}

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  // Rate limits (D-42) stay out of the way: the gate is about what bytes do, not about budgets.
  server = await startWebhookServer({ record: false, env: { SVC_RATE_LIMIT_MULTIPLIER: '1000' } });
  account = await server.createAccount();
});
afterAll(async () => {
  agent.destroy();
  await server?.close();
});

describe(`hostile requests to every operation of both documents (${OPERATION_COUNT} operations, seed ${SEED})`, () => {
  it(`answers at least ${MINIMUM_REQUESTS} hostile requests without a 5xx`, { timeout: 300_000 }, async () => {
    const groups: Group[] = [];
    DOCUMENTS.forEach((document, d) =>
      document.operations.forEach((op, o) => {
        const authorization = document.name === 'public' ? `Bearer ${account.keys.secretTest}` : `Bearer ${ADMIN_TOKEN}`;
        const base = baseOf(op, authorization);
        HOSTILE_KINDS.forEach((kind, k) => {
          const seed = SEED + d * 100_000 + o * 100 + k;
          groups.push({ document, op, generate: () => fc.sample(hostileRequests(kind, base), { seed, numRuns: PER_KIND }) });
        });
      }),
    );

    let sent = 0;
    const failures: string[] = [];
    const failing = new Map<string, number>();
    const statuses = new Map<number, number>();
    const reached = new Set<string>();
    const kinds = new Map<string, number>();
    const check = ({ document, op, request }: Planned, outcome: Outcome): void => {
      const id = operationId(op);
      reached.add(`${document.name}:${id}`);
      kinds.set(request.kind, (kinds.get(request.kind) ?? 0) + 1);
      statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
      const pending = (document.name === 'public' ? server.built.pending.public : server.built.pending.operator).includes(id);
      const allowed5xx = (outcome.status === 501 && pending) || (outcome.status === 503 && outcome.headers['retry-after'] !== undefined);
      const body = parse(outcome.text);
      const problem =
        outcome.status === 0 || (outcome.status >= 500 && !allowed5xx)
          ? 'server error'
          : !outcome.headers['x-request-id']
            ? 'no X-Request-Id'
            : outcome.status >= 400 && outcome.status < 500 && !isSharedError(body) && !isFamilyError(op, body)
              ? 'undocumented error shape'
              : request.duplicateAt !== undefined && !refusedAt(outcome.status, body, request.duplicateAt)
                ? 'repeated name not refused at its path'
                : outcome.status >= 400 && Buffer.byteLength(outcome.text) >= ERROR_ANSWER_MAX_BYTES
                  ? 'error answer of 64 KiB or more'
                  : outcome.status >= 400 && longestEcho(outcome.text) > 100
                    ? 'more than 100 characters of caller text echoed'
                    : undefined;
      if (!problem) return;
      const where = `${problem}: ${document.name} ${id} [${request.kind}]`;
      failing.set(where, (failing.get(where) ?? 0) + 1);
      failures.push(
        `${problem}: ${document.name} ${op.method.toUpperCase()} ${op.path} (${id}) [${request.kind}: ${request.label}] ` +
          `${document.prefix}${request.path.slice(0, 200)} -> ${outcome.status} ${outcome.text.slice(0, 300)}`,
      );
    };

    let queue: Planned[] = [];
    const flush = async (): Promise<void> => {
      const batch = queue;
      queue = [];
      const outcomes = await Promise.all(
        batch.map(({ document, op, request }) => {
          const headers = { ...request.headers };
          // A fresh key each time, so no two requests meet in the idempotency store.
          if (headers['Idempotency-Key'] !== undefined) headers['Idempotency-Key'] = `hostile-${randomUUID()}`;
          return send(`${server.url}${document.prefix}${request.path}`, op.method.toUpperCase(), headers, hostileBodyBytes(request));
        }),
      );
      batch.forEach((planned, i) => check(planned, outcomes[i]!));
      sent += batch.length;
    };
    for (const group of groups)
      for (const request of group.generate()) {
        queue.push({ document: group.document, op: group.op, request });
        if (queue.length >= CONCURRENCY) await flush();
      }
    await flush();

    const mix = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    console.log(
      `hostile requests: ${sent} over ${reached.size} operations (${[...kinds.entries()].map(([k, n]) => `${k} ${n}`).join(', ')}); statuses ${mix}; resent on a fresh socket ${resent}; failures ${failures.length}`,
    );
    if (failures.length > 0) console.log([...failing.entries()].map(([where, count]) => `${count} × ${where}`).join('\n'));
    expect(failures.slice(0, 20)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(MINIMUM_REQUESTS);
    expect(reached.size).toBe(OPERATION_COUNT);
  });
});
