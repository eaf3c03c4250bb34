// Idempotency-Key (D-18) through the real pipeline, with stand-in handlers on two real operations:
// createPpsrSearch (key optional) and renewMonitoringEntities (key required). Each stand-in records
// a charge in the ledger, so "exactly one effect" is read back from the operator API. On PostgreSQL a
// second app on the same database stands for a second API process.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError, type ErrorCode } from '../../../server/domain/errors.js';
import { recordCharge } from '../../../server/domain/ledger/charges.js';
import type { StandInHandlers } from '../../../server/http/handler.js';
import { requestFingerprint } from '../../../server/http/idempotency.js';
import { scheduleRecurring } from '../../../server/jobs/runner.js';
import { idempotencyRecords } from '../../../server/store/schema/index.js';
import { buildApp } from '../../../server/app.js';
import { openDatabase } from '../../../server/store/db.js';
import { wireDeps } from '../../../server/wiring.js';
import { loadDocument } from '../../support/document.js';
import { startTestServer, type TestAccount, type TestServer } from '../../support/harness.js';
import { tableBytes } from '../../support/table-size.js';

const SEARCHES = '/api/test/v2/ppsr/searches';
const RENEW = '/api/test/v2/monitoring/entities/renew';

/** A 200 body for renewMonitoringEntities taken from the document's own example. */
function renewalExample(): unknown {
  const document = loadDocument() as {
    paths: Record<
      string,
      Record<string, { responses: Record<string, { content: Record<string, { examples: Record<string, { value: unknown }> }> }> }>
    >;
  };
  return document.paths['/monitoring/entities/renew']!.post!.responses['200']!.content['application/json']!.examples['test']!.value;
}

let handlerCalls = 0;
let nextRequestId = 1000;
/** VINs whose next search dies with a bug (a non-domain error) before any effect. */
const crashOnce = new Set<string>();
/** VINs whose next search records its charge, then dies with a bug (the effect must not survive). */
const crashAfterEffectOnce = new Set<string>();
/** VINs whose next search records its charge, then answers a transient refusal (D-18: never stored). */
const transientOnce = new Map<string, ErrorCode>();
/** VINs whose search waits, once it runs, until the test releases it. */
const held = new Map<string, { entered: () => void; release: Promise<void> }>();
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const handlers: StandInHandlers = {
  createPpsrSearch: async (ctx, input) => {
    handlerCalls++;
    const vin = (input.body as { vin?: string }).vin ?? '';
    if (crashOnce.delete(vin)) throw new Error('simulated crash between start and finish');
    const requestId = ++nextRequestId;
    await recordCharge(ctx, ctx.caller.account.id, {
      amount: 600,
      kind: 'ppsr_search',
      reference: `search:${requestId}`,
      environment: ctx.caller.environment,
    });
    if (crashAfterEffectOnce.delete(vin)) throw new Error('simulated crash after the effect, before the answer');
    const transient = transientOnce.get(vin);
    if (transient) {
      transientOnce.delete(vin);
      throw new DomainError(transient, `simulated ${transient}`, transient === 'request_in_progress' ? {} : { retryAfter: 1 });
    }
    const hold = held.get(vin);
    if (hold) {
      hold.entered();
      await hold.release;
    }
    // Keep the request open a little, so concurrent duplicates arrive while it runs.
    await delay(25);
    return { status: 201, body: { requestId, status: 'new' }, headers: { Location: `${ctx.prefix}/ppsr/searches/${requestId}` } };
  },
  renewMonitoringEntities: async (ctx) => {
    handlerCalls++;
    await recordCharge(ctx, ctx.caller.account.id, {
      amount: 1800,
      kind: 'monitoring_renewal',
      reference: `renew:${handlerCalls}`,
      environment: ctx.caller.environment,
    });
    return { status: 200, body: renewalExample() };
  },
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ handlers });
});
afterAll(async () => {
  await server?.close();
});

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

async function post(path: string, key: string, body: unknown, idempotencyKey?: string): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
      ...(idempotencyKey !== undefined ? { 'Idempotency-Key': idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

async function chargeCount(account: TestAccount): Promise<number> {
  const listed = await server.admin<{ data: unknown[] }>('GET', `/admin/accounts/${account.id}/charges`);
  expect(listed.status).toBe(200);
  return listed.body.data.length;
}

async function advance(seconds: number): Promise<number> {
  const moved = await server.admin<{ jobsRun: number }>('POST', '/admin/clock/advance', { seconds });
  expect(moved.status).toBe(200);
  return moved.body.jobsRun;
}

async function records(account: TestAccount, key: string) {
  return server.deps.db
    .select()
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.accountId, account.id), eq(idempotencyRecords.key, key)));
}

describe('Idempotency-Key (D-18)', () => {
  it('50 concurrent identical requests with one key have exactly one effect', async () => {
    const account = await server.createAccount();
    const callsBefore = handlerCalls;
    const body = { vin: '1HGCM82633A004352' };
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(SEARCHES, account.keys.secretTest, body, 'concurrent-1')));

    const fresh = answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === null);
    const replayed = answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === 'true');
    const inProgress = answers.filter((a) => a.status === 409);
    expect(fresh).toHaveLength(1);
    expect(fresh.length + replayed.length + inProgress.length).toBe(50);
    for (const r of replayed) expect(r.body).toEqual(fresh[0]!.body);
    for (const r of inProgress) expect(r.body).toEqual({ error: 'request_in_progress', message: expect.any(String) });
    expect(handlerCalls - callsBefore).toBe(1);
    expect(await chargeCount(account)).toBe(1);
  });

  it('a retry after completion replays the stored response with Idempotent-Replayed: true', async () => {
    const account = await server.createAccount();
    const body = { vin: '6FPPXXMJ2PCD55635' };
    const first = await post(SEARCHES, account.keys.secretTest, body, 'retry-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    const again = await post(SEARCHES, account.keys.secretTest, body, 'retry-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(await chargeCount(account)).toBe(1);

    // Without a key (optional here) every request is a new one.
    expect((await post(SEARCHES, account.keys.secretTest, body)).status).toBe(201);
    expect((await post(SEARCHES, account.keys.secretTest, body)).status).toBe(201);
    expect(await chargeCount(account)).toBe(3);
  });

  it('the same key with another body or on another operation is 409 idempotency_key_reused', async () => {
    const account = await server.createAccount();
    expect((await post(SEARCHES, account.keys.secretTest, { vin: '1HGCM82633A004352' }, 'reused-1')).status).toBe(201);
    const other = await post(SEARCHES, account.keys.secretTest, { vin: 'KMHCT41BAEU000003' }, 'reused-1');
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ error: 'idempotency_key_reused', message: expect.any(String) });
    const elsewhere = await post(RENEW, account.keys.secretTest, { ids: [503] }, 'reused-1');
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.error).toBe('idempotency_key_reused');
    expect(await chargeCount(account)).toBe(1);
  });

  it.each<[ErrorCode, number]>([
    ['request_in_progress', 409],
    ['rate_limited', 429],
    ['registry_unavailable', 503],
    ['payment_unavailable', 503],
  ])('a transient answer (%s, %i) is not stored: the retry with the same key runs the operation once', async (code, status) => {
    const account = await server.createAccount();
    const body = { vin: 'JN1TANS50U0000001' };
    transientOnce.set(body.vin, code);
    const refused = await post(SEARCHES, account.keys.secretTest, body, `transient-${code}`);
    expect(refused.status).toBe(status);
    // 429 keeps the shared shape whatever the operation (spec 7); the others are the operation's family.
    if (status === 429) expect(refused.body.errors).toEqual([expect.any(String)]);
    else expect(refused.body.error).toBe(code);
    // The charge the refused attempt wrote was rolled back with it, and no record keeps the refusal.
    expect(await chargeCount(account)).toBe(0);
    expect(await records(account, `transient-${code}`)).toHaveLength(0);

    const retried = await post(SEARCHES, account.keys.secretTest, body, `transient-${code}`);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    const replayed = await post(SEARCHES, account.keys.secretTest, body, `transient-${code}`);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(retried.body);
    expect(await chargeCount(account)).toBe(1);
  });

  it('the same key and body on /api/test/v1 and /api/test/v2 are two requests: 409 idempotency_key_reused, never a replay', async () => {
    const account = await server.createAccount();
    const body = { vin: '1HGCM82633A004352' };
    const v1 = await post('/api/test/v1/ppsr/searches', account.keys.secretTest, body, 'across-versions');
    expect(v1.status).toBe(201);
    const v2 = await post(SEARCHES, account.keys.secretTest, body, 'across-versions');
    expect(v2.status).toBe(409);
    expect(v2.body.error).toBe('idempotency_key_reused');
    expect(v2.headers.get('idempotent-replayed')).toBeNull();
    // The key still replays where it was used.
    const again = await post('/api/test/v1/ppsr/searches', account.keys.secretTest, body, 'across-versions');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await chargeCount(account)).toBe(1);
  });

  it('refuses a key over 255 characters (400 idempotency_key_invalid) and accepts one of 255', async () => {
    const account = await server.createAccount();
    const tooLong = await post(SEARCHES, account.keys.secretTest, { vin: '1HGCM82633A004352' }, 'k'.repeat(256));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ error: 'idempotency_key_invalid', message: expect.any(String) });
    expect((await post(SEARCHES, account.keys.secretTest, { vin: '1HGCM82633A004352' }, 'k'.repeat(255))).status).toBe(201);
    expect(await chargeCount(account)).toBe(1);
  });

  it('renew requires the header (400 idempotency_key_required) and replays with it', async () => {
    const account = await server.createAccount();
    const missing = await post(RENEW, account.keys.secretTest, { ids: [503, 504] });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'idempotency_key_required', message: expect.any(String) });
    // An empty key is a client bug, not "no key" (D-18): refused as invalid.
    const empty = await post(RENEW, account.keys.secretTest, { ids: [503, 504] }, '');
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('idempotency_key_invalid');
    const emptyOnOptional = await post(SEARCHES, account.keys.secretTest, { vin: '1HGCM82633A004352' }, '');
    expect(emptyOnOptional.status).toBe(400);
    expect(emptyOnOptional.body.error).toBe('idempotency_key_invalid');
    expect(await chargeCount(account)).toBe(0);

    const first = await post(RENEW, account.keys.secretTest, { ids: [503, 504] }, 'renew-1');
    expect(first.status).toBe(200);
    const again = await post(RENEW, account.keys.secretTest, { ids: [503, 504] }, 'renew-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await chargeCount(account)).toBe(1);
  });

  it('keys are scoped to account and environment', async () => {
    const [a, b] = await Promise.all([server.createAccount(), server.createAccount()]);
    const body = { vin: '1HGCM82633A004352' };
    const onA = await post(SEARCHES, a!.keys.secretTest, body, 'shared-key');
    const onB = await post(SEARCHES, b!.keys.secretTest, body, 'shared-key');
    const onALive = await post('/api/v2/ppsr/searches', a!.keys.secretLive, body, 'shared-key');
    for (const answer of [onA, onB, onALive]) {
      expect(answer.status).toBe(201);
      expect(answer.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(new Set([onA.body.requestId, onB.body.requestId, onALive.body.requestId]).size).toBe(3);
    // Another body under the same key on b does not collide with a's record, only with b's own.
    expect((await post(SEARCHES, b!.keys.secretTest, { vin: 'KMHCT41BAEU000003' }, 'shared-key')).body.error).toBe(
      'idempotency_key_reused',
    );
    expect(await chargeCount(a!)).toBe(2);
    expect(await chargeCount(b!)).toBe(1);
  });

  it('a request that crashed with a bug leaves nothing stored: the retry runs', async () => {
    const account = await server.createAccount();
    const body = { vin: 'JN1TANS50U0000001' };
    crashOnce.add(body.vin);
    const crashed = await post(SEARCHES, account.keys.secretTest, body, 'crash-1');
    expect(crashed.status).toBe(500);
    expect(await records(account, 'crash-1')).toHaveLength(0);
    const retry = await post(SEARCHES, account.keys.secretTest, body, 'crash-1');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await chargeCount(account)).toBe(1);
  });

  it('a bug after the effect rolls the effect back with the answer: nothing kept, nothing stored, the retry runs once', async () => {
    const account = await server.createAccount();
    const body = { vin: 'JN1TANS50U0000002' };
    crashAfterEffectOnce.add(body.vin);
    const crashed = await post(SEARCHES, account.keys.secretTest, body, 'crash-after-1');
    expect(crashed.status).toBe(500);
    // The charge was written inside the request's transaction, which the failure rolled back.
    expect(await chargeCount(account)).toBe(0);
    expect(await records(account, 'crash-after-1')).toHaveLength(0);
    const retry = await post(SEARCHES, account.keys.secretTest, body, 'crash-after-1');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect((await post(SEARCHES, account.keys.secretTest, body, 'crash-after-1')).headers.get('idempotent-replayed')).toBe('true');
    expect(await chargeCount(account)).toBe(1);
  });

  it('a started claim left by the earlier two-step design: the retry takes the key over once its 60 s lock passes', async () => {
    const account = await server.createAccount();
    const body = { vin: 'WDD2050422F000002' };
    const now = server.clock.now();
    // What a process of the earlier version left behind when it died after claiming the key (the
    // present design claims with a transaction-scoped lock and writes only finished records).
    await server.deps.db.insert(idempotencyRecords).values({
      accountId: account.id,
      environment: 'test',
      key: 'died-1',
      operationId: 'createPpsrSearch',
      requestHash: requestFingerprint({ method: 'POST', fullPath: SEARCHES, operationId: 'createPpsrSearch', body }),
      state: 'started',
      lockedUntil: new Date(now.getTime() + 60_000),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 24 * 3600_000),
    });
    const blocked = await post(SEARCHES, account.keys.secretTest, body, 'died-1');
    expect(blocked.status).toBe(409);
    expect(blocked.body.error).toBe('request_in_progress');

    await advance(59);
    expect((await post(SEARCHES, account.keys.secretTest, body, 'died-1')).body.error).toBe('request_in_progress');
    await advance(1);
    const taken = await post(SEARCHES, account.keys.secretTest, body, 'died-1');
    expect(taken.status).toBe(201);
    const replay = await post(SEARCHES, account.keys.secretTest, body, 'died-1');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(taken.body);
    expect(await chargeCount(account)).toBe(1);
    const [stored] = await records(account, 'died-1');
    expect(stored?.state).toBe('finished');
  });

  it('records are kept 24 hours, then the idempotency-cleanup job removes them', async () => {
    const account = await server.createAccount();
    const body = { vin: '1HGCM82633A004352' };
    expect((await post(SEARCHES, account.keys.secretTest, body, 'expiry-1')).status).toBe(201);
    expect((await post(SEARCHES, account.keys.secretTest, body, 'expiry-2')).status).toBe(201);

    // Still replayed a second before the 24 hours are over.
    await advance(24 * 3600 - 1);
    expect((await post(SEARCHES, account.keys.secretTest, body, 'expiry-1')).headers.get('idempotent-replayed')).toBe('true');
    await advance(1);
    expect(await records(account, 'expiry-1')).toHaveLength(1);

    // Run on demand through the operator API.
    const run = await server.admin<{ jobsRun: number }>('POST', '/admin/jobs/idempotency-cleanup/run');
    expect(run.status).toBe(200);
    expect(run.body.jobsRun).toBe(1);
    expect(await records(account, 'expiry-1')).toHaveLength(0);
    expect(await records(account, 'expiry-2')).toHaveLength(0);
    // The key is free again: another body under it is a new request, not a reuse.
    const reused = await post(SEARCHES, account.keys.secretTest, { vin: 'KMHCT41BAEU000003' }, 'expiry-1');
    expect(reused.status).toBe(201);
    expect(reused.headers.get('idempotent-replayed')).toBeNull();
    expect(await chargeCount(account)).toBe(3);
  });

  it("the clean-up leaves the space of the records it removed to the next day's (D-90)", async () => {
    const account = await server.createAccount();
    const day = async (tag: string): Promise<void> => {
      for (let i = 0; i < 60; i++)
        expect((await post(SEARCHES, account.keys.secretTest, { vin: '1HGCM82633A004352' }, `${tag}-${i}`)).status).toBe(201);
    };
    await day('space-1');
    const firstDay = await tableBytes(server, 'idempotency_records', 'rows');
    await advance(24 * 3600);
    expect((await server.admin('POST', '/admin/jobs/idempotency-cleanup/run')).status).toBe(200);
    expect(await records(account, 'space-1-0')).toHaveLength(0);
    await day('space-2');
    // Without the vacuum the second day's 60 records took new space, as much again as the first day's.
    expect(await tableBytes(server, 'idempotency_records', 'rows')).toBeLessThanOrEqual(firstDay + 8192);
  });

  it('the recurring clean-up runs when the manual clock passes its due time', async () => {
    // Only the clean-up is scheduled (other periodic jobs would run every minute of the day).
    const cleanup = server.built.jobs.recurring.find((job) => job.name === 'idempotency-cleanup');
    expect(cleanup).toBeDefined();
    await scheduleRecurring(server.deps, cleanup!, new Date(server.clock.now().getTime() + 24 * 3600_000));
    const account = await server.createAccount();
    expect((await post(SEARCHES, account.keys.secretTest, { vin: '1HGCM82633A004352' }, 'expiry-3')).status).toBe(201);
    expect(await records(account, 'expiry-3')).toHaveLength(1);
    const jobsRun = await advance(24 * 3600);
    expect(jobsRun).toBeGreaterThanOrEqual(1);
    expect(await records(account, 'expiry-3')).toHaveLength(0);
  });
});

// Two API processes on one PostgreSQL: the claim is a transaction-scoped advisory lock, so a request
// running in one process is 409 request_in_progress in the other, and replayed there once it commits.
// (On PGlite only one process can open the database; in-process duplicates are the first test's.)
if (process.env.TEST_DATABASE_URL) {
  describe('Idempotency-Key across two processes on one PostgreSQL', () => {
    let second: { url: string; close: () => Promise<void> } | undefined;
    beforeAll(async () => {
      const opened = await openDatabase({ databaseUrl: server.deps.config.DATABASE_URL });
      const deps = wireDeps({ ...server.deps, db: opened.db, registers: undefined, counters: undefined, sealer: server.deps.sealer });
      const { app } = await buildApp(deps, { validateResponses: true, handlers });
      const listening = app.listen(0, '127.0.0.1');
      await once(listening, 'listening');
      second = {
        url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`,
        close: async () => {
          await new Promise<void>((resolve) => listening.close(() => resolve()));
          await opened.close();
        },
      };
    });
    afterAll(async () => {
      await second?.close();
    });

    it('the other process answers 409 while the first runs, then replays its answer', async () => {
      const account = await server.createAccount();
      const body = { vin: 'WDD2050422F000003' };
      let entered!: () => void;
      let release!: () => void;
      const running = new Promise<void>((resolve) => (entered = resolve));
      held.set(body.vin, { entered, release: new Promise<void>((resolve) => (release = resolve)) });
      const first = post(SEARCHES, account.keys.secretTest, body, 'two-processes-1');
      await running;
      const elsewhere = await fetch(`${second!.url}${SEARCHES}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${account.keys.secretTest}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': 'two-processes-1',
        },
        body: JSON.stringify(body),
      });
      expect(elsewhere.status).toBe(409);
      expect(await elsewhere.json()).toEqual({ error: 'request_in_progress', message: expect.any(String) });
      release();
      held.delete(body.vin);
      const answered = await first;
      expect(answered.status).toBe(201);
      const replayed = await fetch(`${second!.url}${SEARCHES}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${account.keys.secretTest}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': 'two-processes-1',
        },
        body: JSON.stringify(body),
      });
      expect(replayed.status).toBe(201);
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
      expect(await replayed.json()).toEqual(answered.body);
      expect(await chargeCount(account)).toBe(1);
    });
  });
}
