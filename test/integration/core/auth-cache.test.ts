// The key cache on the engine of this run (PGlite, or PostgreSQL in the second run): a served key is
// cached, and a write to `api_keys` made behind the API's back (another tool, another process)
// empties the cache through the database's NOTIFY, so the key is refused within 1 s.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../../server/ids.js';
import { apiKeys } from '../../../server/store/schema/index.js';
import { startTestServer, type TestServer } from '../../support/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function status(key: string): Promise<number> {
  const response = await fetch(`${server.url}/api/test/v2/webhooks`, { headers: { Authorization: `Bearer ${key}` } });
  await response.arrayBuffer();
  return response.status;
}

describe('the key cache', () => {
  it('serves a key from memory once it has been read, and drops it when the row changes outside the API', async () => {
    const account = await server.createAccount();
    const key = account.keys.secretTest;
    expect(await status(key)).toBe(200);
    // Cached: the change feed is live on this engine (otherwise nothing would ever be cached). A read
    // that a change notice overtakes stores nothing (the account's own rows, whose notices reach the
    // listener late on a busy PostgreSQL), so the key is served again until a read stores it.
    await expect
      .poll(
        async () => {
          expect(await status(key)).toBe(200);
          return server.deps.authCache.get(hashSecret(key)) !== undefined;
        },
        { timeout: 5000, interval: 50 },
      )
      .toBe(true);
    expect(await status(key)).toBe(200);

    await server.deps.db
      .update(apiKeys)
      .set({ status: 'revoked' })
      .where(eq(apiKeys.keyHash, hashSecret(key)));
    const since = Date.now();
    await expect.poll(() => status(key), { timeout: 1000, interval: 10 }).toBe(401);
    expect(Date.now() - since).toBeLessThanOrEqual(1000);
  });

  it('refuses a key the operator revoked on the very next request', async () => {
    const account = await server.createAccount();
    expect(await status(account.keys.secretLive)).toBe(403); // a live key on the test prefix
    const detail = await server.admin<{ keys: { id: string; type: string; environment: string }[] }>(
      'GET',
      `/admin/accounts/${account.id}`,
    );
    const keyId = detail.body.keys.find((k) => k.type === 'secret' && k.environment === 'test')!.id;
    for (let i = 0; i < 3; i++) expect(await status(account.keys.secretTest)).toBe(200);
    expect((await server.admin('DELETE', `/admin/keys/${keyId}`)).status).toBe(204);
    expect(await status(account.keys.secretTest)).toBe(401);
  });

  it('a read that raced a change cannot put the old row back', () => {
    const cache = server.deps.authCache;
    const readAt = cache.generation();
    cache.clear(); // a change lands while the read is in flight
    const row = { key: { id: 'k' }, account: { id: 'a' } } as unknown as Parameters<typeof cache.store>[1];
    cache.store('raced', row, readAt);
    expect(cache.get('raced')).toBeUndefined();
    cache.store('fresh', row, cache.generation());
    expect(cache.get('fresh')).toBe(row);
  });
});
