// With REDIS_URL the rate-limit counters live in Redis: two API servers with separate databases but
// one Redis enforce one budget per account. Needs Redis (127.0.0.1:6379 on this project's machines,
// or TEST_REDIS_URL); under CI=true a missing Redis fails the test instead of skipping it.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisCounterStore, type CounterStore } from '../../../server/store/counter-store.js';
import { startTestServer, type TestServer } from '../../support/harness.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const available = await redisAnswers();
if (!available && process.env.CI === 'true')
  throw new Error(`Redis does not answer at ${REDIS_URL}; CI needs it for the shared rate-limit test.`);
if (!available) console.warn(`rate-limit.redis.test: skipped, no Redis at ${REDIS_URL} (set TEST_REDIS_URL)`);

describe.skipIf(!available)('rate limits counted in Redis', () => {
  let first: TestServer;
  let second: TestServer;
  let store: CounterStore;

  beforeAll(async () => {
    // A prefix of its own, so parallel runs never share counters.
    store = redisCounterStore(REDIS_URL, `svc:test:${randomBytes(4).toString('hex')}:`);
    first = await startTestServer({ counters: store });
    second = await startTestServer({ counters: store });
  }, 180_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await store?.close?.();
  });

  it('two servers share one monitoring budget of 60 per minute for the same key', async () => {
    // The same account must exist in both databases: create it in the first and copy key rows over.
    const account = await first.createAccount();
    const { accounts, apiKeys } = await import('../../../server/store/schema/index.js');
    const { eq } = await import('drizzle-orm');
    const [accountRow] = await first.deps.db.select().from(accounts).where(eq(accounts.id, account.id));
    const keyRows = await first.deps.db.select().from(apiKeys).where(eq(apiKeys.accountId, account.id));
    await second.deps.db.insert(accounts).values(accountRow!);
    await second.deps.db.insert(apiKeys).values(keyRows);

    const call = (server: TestServer) =>
      fetch(`${server.url}/api/test/v2/monitoring/entities`, { headers: { Authorization: `Bearer ${account.keys.secretTest}` } });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await call(first)).status, (await call(second)).status);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const over = await call(second);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await call(first)).status).toBe(429);
  });
});
