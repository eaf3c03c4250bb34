// Scale-out (architecture.md): two server processes behind a load balancer must behave as one, so
// the D-42 budgets live in the database, not in a process. Two real `server/main.ts` processes run
// against one throw-away PostgreSQL database; 60 monitoring requests split across them exhaust the
// account's budget, and the 61st on either process is 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, TEST_START } from '../../support/harness.js';
import { listeningUrl, spawnServer, stopServer, type ServerProcess } from '../../support/server-process.js';
import { assertPostgres, createThrowawayDatabase, probePostgres, type ThrowawayDatabase } from '../../support/postgres.js';

const WHAT = 'rate limits shared by two processes';
const probe = await probePostgres(WHAT);

type Instance = ServerProcess & { url: string };

async function startInstance(databaseUrl: string, name: string): Promise<Instance> {
  // The monitoring requests below name their client in X-Forwarded-For, trusted from loopback (D-53).
  const server = spawnServer(databaseUrl, name, { env: { SVC_TRUST_PROXY: 'loopback' } });
  return { ...server, url: await listeningUrl(server) };
}

describe.skipIf(!probe.available && !probe.required)(WHAT, () => {
  let database: ThrowawayDatabase | undefined;
  const instances: Instance[] = [];

  beforeAll(async () => {
    assertPostgres(probe, WHAT);
    database = await createThrowawayDatabase();
    // Started together: they also race for the migrations (serialised by an advisory lock).
    instances.push(...(await Promise.all([startInstance(database.url, 'instance A'), startInstance(database.url, 'instance B')])));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(instances.map(stopServer));
    await database?.drop();
  }, 30_000);

  const admin = async <T>(instance: Instance, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${instance.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as T };
  };

  const monitoring = async (
    instance: Instance,
    key: string,
    ip: string,
  ): Promise<{ status: number; remaining: string | null; body: unknown }> => {
    const response = await fetch(`${instance.url}/api/test/v2/monitoring/entities`, {
      headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-For': ip },
    });
    return { status: response.status, remaining: response.headers.get('ratelimit-remaining'), body: await response.json() };
  };

  /** Let through the limiter (a pending operation's 501 counts like any other answer). */
  const admitted = (answer: { status: number; remaining: string | null }): boolean =>
    ![401, 403, 429].includes(answer.status) && answer.remaining !== null;

  it('two processes started together on an empty database create one demo account, printed by one of them', () => {
    const printed = instances.filter((instance) => /demo account acct_\S+ created/.test(instance.output()));
    expect(printed).toHaveLength(1);
  });

  it('60 monitoring requests split across both processes exhaust the account budget; the 61st on either is 429', async () => {
    const [a, b] = instances as [Instance, Instance];
    expect(a.url).not.toBe(b.url);
    const created = await admin<{ account: { id: string }; keys: { secretTest: string } }>(a, 'POST', '/admin/accounts', {
      name: 'Shared budget',
      ownerEmail: 'owner@example.com',
      plan: 'standard',
      billing: 'card',
      cardStatus: 'valid',
    });
    expect(created.status).toBe(201);
    const key = created.body.keys.secretTest;
    // A different client address per request, so only the account budget can trip (not the per-IP one).
    const ip = (i: number) => `203.0.113.${(i % 250) + 1}`;

    const onA = await Promise.all(Array.from({ length: 30 }, (_, i) => monitoring(a, key, ip(i))));
    expect(onA.filter((r) => !admitted(r))).toEqual([]);
    // B sees what A counted.
    const firstOnB = await monitoring(b, key, ip(30));
    expect(admitted(firstOnB)).toBe(true);
    expect(firstOnB.remaining).toBe('29');
    const restOnB = await Promise.all(Array.from({ length: 29 }, (_, i) => monitoring(b, key, ip(31 + i))));
    expect(restOnB.filter((r) => !admitted(r))).toEqual([]);

    for (const instance of [a, b]) {
      const refused = await monitoring(instance, key, ip(100));
      expect(refused.status).toBe(429);
      expect(refused.remaining).toBe('0');
      expect(refused.body).toEqual({ errors: [expect.stringContaining('60 requests per minute')] });
    }

    // One manual clock for both processes (it lives in the database): moving it on A moves B into
    // the next window too.
    expect((await admin(a, 'POST', '/admin/clock/advance', { seconds: 60 })).status).toBe(200);
    const clockOnB = await admin<{ now: string }>(b, 'GET', '/admin/clock');
    expect(clockOnB.body.now).toBe(new Date(TEST_START.getTime() + 60_000).toISOString());
    expect((await monitoring(b, key, ip(101))).remaining).toBe('59');
    expect((await monitoring(a, key, ip(102))).remaining).toBe('58');
  });
});
