// The in-process key cache (server/store/auth-cache.ts) across processes: two API
// processes on one PostgreSQL. Both have served a key (so both have it cached); the key is revoked
// through one of them. That one refuses it on the very next request; the other within 1 s, told by
// the database's NOTIFY, never by a timer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../support/harness.js';
import { listeningUrl, spawnServer, stopServer, type ServerProcess } from '../../support/server-process.js';
import { assertPostgres, createThrowawayDatabase, probePostgres, type ThrowawayDatabase } from '../../support/postgres.js';

const WHAT = 'a key revoked in one process is refused by another within 1 s';
const probe = await probePostgres(WHAT);

async function call(base: string, method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** Milliseconds until `base` answers 401 to the key, asking again at once; undefined if it still served it after 3 s. */
async function msUntilRefused(base: string, path: string, key: string): Promise<number | undefined> {
  const since = Date.now();
  while (Date.now() - since < 3000) {
    if ((await call(base, 'GET', path, key)).status === 401) return Date.now() - since;
  }
  return undefined;
}

describe.skipIf(!probe.available && !probe.required)(WHAT, () => {
  let database: ThrowawayDatabase | undefined;
  const instances: ServerProcess[] = [];

  beforeAll(async () => {
    assertPostgres(probe, WHAT);
    database = await createThrowawayDatabase();
  });

  afterAll(async () => {
    await Promise.all(instances.map(stopServer));
    await database?.drop();
  }, 30_000);

  it('revoke and roll through process A: A refuses at once, B within 1 s; an unchanged key keeps working in both', async () => {
    const a = spawnServer(database!.url, 'API process A', { role: 'api' });
    instances.push(a);
    const baseA = await listeningUrl(a);
    const b = spawnServer(database!.url, 'API process B', { role: 'api' });
    instances.push(b);
    const baseB = await listeningUrl(b);

    const created = await call(baseA, 'POST', '/admin/accounts', ADMIN_TOKEN, {
      name: 'Two processes',
      ownerEmail: 'owner@example.com',
      plan: 'standard',
      billing: 'card',
      cardStatus: 'valid',
    });
    expect(created.status).toBe(201);
    const { account, keys } = created.body as { account: { id: string }; keys: { secretTest: string; secretLive: string } };
    const detail = await call(baseA, 'GET', `/admin/accounts/${account.id}`, ADMIN_TOKEN);
    const listed = (detail.body as { keys: { id: string; type: string; environment: string }[] }).keys;
    const keyId = (type: string, environment: string): string => listed.find((k) => k.type === type && k.environment === environment)!.id;

    // Served (and cached) by both processes, several times.
    for (const base of [baseA, baseB, baseA, baseB]) {
      expect((await call(base, 'GET', '/api/test/v2/webhooks', keys.secretTest)).status).toBe(200);
      expect((await call(base, 'GET', '/api/v2/webhooks', keys.secretLive)).status).toBe(200);
    }

    const revoked = await call(baseA, 'DELETE', `/admin/keys/${keyId('secret', 'test')}`, ADMIN_TOKEN);
    expect(revoked.status).toBe(204);
    expect((await call(baseA, 'GET', '/api/test/v2/webhooks', keys.secretTest)).status).toBe(401);
    const refusedAfter = await msUntilRefused(baseB, '/api/test/v2/webhooks', keys.secretTest);
    expect(refusedAfter, 'process B still served the revoked key 3 s later').toBeDefined();
    expect(refusedAfter!).toBeLessThanOrEqual(1000);
    // The account's other key was not touched: both processes still serve it.
    expect((await call(baseA, 'GET', '/api/v2/webhooks', keys.secretLive)).status).toBe(200);
    expect((await call(baseB, 'GET', '/api/v2/webhooks', keys.secretLive)).status).toBe(200);

    // An instant roll through B: B refuses the old key at once, A within 1 s, and the new key works in both.
    const rolled = await call(baseB, 'POST', `/admin/keys/${keyId('secret', 'live')}/roll`, ADMIN_TOKEN, { strategy: 'instant' });
    expect(rolled.status).toBe(200);
    expect((await call(baseB, 'GET', '/api/v2/webhooks', keys.secretLive)).status).toBe(401);
    const oldRefusedAfter = await msUntilRefused(baseA, '/api/v2/webhooks', keys.secretLive);
    expect(oldRefusedAfter, 'process A still served the rolled key 3 s later').toBeDefined();
    expect(oldRefusedAfter!).toBeLessThanOrEqual(1000);
    const secret = (rolled.body as { secret: string }).secret;
    expect((await call(baseA, 'GET', '/api/v2/webhooks', secret)).status).toBe(200);
    expect((await call(baseB, 'GET', '/api/v2/webhooks', secret)).status).toBe(200);
  }, 120_000);
});
