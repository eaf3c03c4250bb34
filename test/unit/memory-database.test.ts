// Test servers reuse a closed server's emptied PGlite database (test/support/memory-database.ts): what
// one server's test did to its database client must not reach the next server. A test that wraps the
// client's `query` to count statements once left the wrapper on the shared instance, so every later
// server of that worker sent its statements through the first server's revoked lease and answered 500.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../support/memory-database.js';

type Client = { query: (...args: unknown[]) => Promise<unknown> };
const clientOf = (db: unknown): Client => (db as { $client: Client }).$client;

describe('a reused test database', () => {
  it('keeps a property set on one lease to that lease, and refuses the closed lease', async () => {
    const first = await openMemoryDatabase();
    const firstClient = clientOf(first.db);
    const original = firstClient.query.bind(firstClient);
    let wrapped = 0;
    firstClient.query = async (...args: unknown[]) => {
      wrapped += 1;
      return original(...args);
    };
    await first.db.execute(sql`select 1`);
    expect(wrapped).toBe(1);
    await first.close();

    const second = await openMemoryDatabase();
    try {
      await expect(second.db.execute(sql`select 2 as two`)).resolves.toBeDefined();
      expect(wrapped).toBe(1);
      await expect(Promise.resolve().then(() => original('select 1'))).rejects.toThrow(/closed/);
    } finally {
      await second.close();
    }
  });
});
