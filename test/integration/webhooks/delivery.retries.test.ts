// Acknowledgement and retries (spec 6.4, D-22): the schedule by the service clock, six attempts at
// most, redirects not followed, the 15 s timeout, every attempt in webhook_attempts.
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.js';
import { webhookAttempts, webhookDeliveries } from '../../../server/store/schema/index.js';
import { RETRY_DELAYS_SECONDS } from '../../../server/delivery/schedule.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import {
  advance,
  createEndpoint,
  emit,
  endpointRow,
  gapsOf,
  runDue,
  startDeliveryServer,
  startReceiver,
  type Receiver,
} from './delivery.support.js';

let server: TestServer;
let receiver: Receiver;
/** Lowered from 15 s so the timeout case waits one second; every other receiver here answers at once. */
const TIMEOUT_MS = 1000;

beforeAll(async () => {
  server = await startDeliveryServer({ env: { SVC_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) } });
  receiver = await startReceiver(() => server);
});
afterEach(() => {
  receiver.hits.length = 0;
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

async function delivery(id: string) {
  const [row] = await server.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  const attempts = await server.deps.db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, id))
    .orderBy(asc(webhookAttempts.attemptNumber));
  return { ...row!, attempts };
}

/** A fresh account and endpoint per case, so failure counts of one case never touch another. */
async function setUp(path: string): Promise<{ account: TestAccount; endpointId: string }> {
  const account = await server.createAccount();
  const { id } = await createEndpoint(server, account, `${receiver.url}${path}`);
  return { account, endpointId: id };
}

describe('the retry schedule', () => {
  it('holds the spec 6.4 table as data', () => {
    expect(RETRY_DELAYS_SECONDS).toEqual([0, 30, 5 * 60, 15 * 60, 60 * 60, 6 * 60 * 60]);
  });

  it('retries a failing receiver at +30 s, +5 min, +15 min, +1 h, +6 h by the service clock until it answers 2xx', async () => {
    const { account, endpointId } = await setUp('/flaky');
    receiver.reply = (n) => ({ status: n < 5 ? 500 : 204 });
    const emittedAt = server.clock.now();
    const [id] = await emit(server, account);
    await runDue(server);
    expect(receiver.hits.map((h) => h.at)).toEqual([emittedAt]);
    // One long advance: the clock stops at each due time, so each retry sees its own instant.
    await advance(server, 2 * 86_400);
    expect(receiver.hits).toHaveLength(6);
    expect(gapsOf(receiver.hits)).toEqual([30, 300, 900, 3600, 21_600]);
    expect(new Set(receiver.hits.map((h) => h.headers['x-svc-delivery-id']))).toEqual(new Set([id]));
    expect(new Set(receiver.hits.map((h) => h.body)).size).toBe(1);
    // Each attempt is signed at its sending, with the wall clock's time (D-62), not the service clock's
    // (the test server's wall clock stands still while the service clock moved two days).
    const sentAt = Math.floor(server.wallClock.now().getTime() / 1000);
    expect(receiver.hits.map((h) => Number(h.headers['webhook-timestamp']))).toEqual(receiver.hits.map(() => sentAt));

    const stored = await delivery(id!);
    expect(stored.status).toBe('succeeded');
    expect(stored.attempts.map((a) => [a.attemptNumber, a.statusCode, a.errorClass])).toEqual([
      [1, 500, 'http_status'],
      [2, 500, 'http_status'],
      [3, 500, 'http_status'],
      [4, 500, 'http_status'],
      [5, 500, 'http_status'],
      [6, 204, null],
    ]);
    expect(stored.attempts.map((a) => a.attemptedAt)).toEqual(receiver.hits.map((h) => h.at));
    expect((await endpointRow(server, endpointId)).consecutiveFailures).toBe(0);
  });

  it('gives up after exactly 6 attempts and marks the delivery failed', async () => {
    const { account, endpointId } = await setUp('/down');
    receiver.reply = () => ({ status: 503 });
    const [id] = await emit(server, account);
    await runDue(server);
    await advance(server, 3 * 86_400);
    expect(receiver.hits).toHaveLength(6);
    const stored = await delivery(id!);
    expect(stored.status).toBe('failed');
    expect(stored.nextAttemptAt).toBeNull();
    expect(stored.attempts).toHaveLength(6);
    expect(stored.attempts.every((a) => a.statusCode === 503 && a.errorClass === 'http_status')).toBe(true);
    expect(gapsOf(receiver.hits)).toEqual([30, 300, 900, 3600, 21_600]);
    expect((await endpointRow(server, endpointId)).consecutiveFailures).toBe(6);
  });
});

describe('what counts as a failure', () => {
  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    const { account } = await setUp('/moved');
    receiver.reply = (_n, hit) =>
      hit.path === '/moved' ? { status: 302, headers: { Location: `${receiver.url}/elsewhere` } } : { status: 204 };
    const [id] = await emit(server, account);
    await runDue(server);
    expect(receiver.hits.map((h) => h.path)).toEqual(['/moved']);
    const stored = await delivery(id!);
    expect(stored.status).toBe('pending');
    expect(stored.attempts.map((a) => [a.statusCode, a.errorClass])).toEqual([[302, 'redirect']]);
    expect(stored.nextAttemptAt?.getTime()).toBe(server.clock.now().getTime() + 30_000);
  });

  it('counts a refused connection as connection_error', async () => {
    const account = await server.createAccount();
    const closed = await startReceiver(() => server);
    await closed.close();
    await createEndpoint(server, account, `${closed.url}/gone`);
    const [id] = await emit(server, account);
    await runDue(server);
    const stored = await delivery(id!);
    expect(stored.attempts.map((a) => [a.statusCode, a.errorClass])).toEqual([[null, 'connection_error']]);
  });

  it('waits 15 seconds unless SVC_WEBHOOK_TIMEOUT_MS says otherwise (this suite lowers it)', () => {
    expect(loadConfig({}).SVC_WEBHOOK_TIMEOUT_MS).toBe(15_000);
    expect(server.deps.config.SVC_WEBHOOK_TIMEOUT_MS).toBe(TIMEOUT_MS);
  });

  it('counts a receiver slower than the timeout as a timeout', async () => {
    const { account } = await setUp('/slow');
    receiver.reply = () => ({ status: 200, delayMs: TIMEOUT_MS + 600 });
    const [id] = await emit(server, account);
    await runDue(server);
    const stored = await delivery(id!);
    expect(stored.attempts).toHaveLength(1);
    expect(stored.attempts[0]).toMatchObject({ statusCode: null, errorClass: 'timeout' });
    expect(stored.attempts[0]!.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 10);
    expect(stored.attempts[0]!.durationMs).toBeLessThan(TIMEOUT_MS + 600);
  });
});
