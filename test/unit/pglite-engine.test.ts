// Every PGlite of the service is opened with drizzle's result parsers as its own, and drizzle's
// per-query copy of them is dropped on the way in (server/store/pglite-engine.ts): PGlite merged that
// copy into its whole parser table for every result. Rows must read exactly as drizzle reads them
// with its own parsers, and a drizzle upgrade that reads another type as text must fail here.
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../server/root.js';
import { DRIZZLE_TEXT_TYPES, parsingByInstance, pgliteBytes, pgliteEngineOptions } from '../../server/store/pglite-engine.js';
import { pgliteSeed } from '../../server/store/pglite-seed.js';
import * as schema from '../../server/store/schema/index.js';

const MIGRATIONS = fromRoot('server/store/migrations');
let client: PGlite;
/** The options each query reached PGlite's own `query` with. */
const seen: (QueryOptions | undefined)[] = [];

beforeAll(async () => {
  const seed = await pgliteSeed(MIGRATIONS, (c) => migrate(drizzle(c, { schema }), { migrationsFolder: MIGRATIONS }));
  client = new PGlite('memory://', { loadDataDir: seed, ...pgliteEngineOptions() });
  const query = client.query.bind(client);
  client.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    seen.push(options);
    return query(text, params, options);
  }) as PGlite['query'];
});
afterAll(async () => {
  await client?.close();
});

describe("PGlite opened with drizzle's parsers", () => {
  it("has drizzle's own per-query parsers as its own: every type id drizzle reads as text", async () => {
    const plain = drizzle(client, { schema });
    seen.length = 0;
    await plain.select().from(schema.jobs).limit(1);
    const passed = seen[0]?.parsers;
    expect(passed, 'drizzle passes parsers with its queries').toBeDefined();
    const sample = '2026-12-02 10:00:00.123+00';
    const ours = pgliteEngineOptions().parsers!;
    expect(Object.keys(passed!).map(Number).sort()).toStrictEqual([...DRIZZLE_TEXT_TYPES].sort());
    for (const [id, parse] of Object.entries(passed!)) expect(ours[Number(id)]!(sample)).toBe(parse(sample));
  });

  it('reads rows alike, in and out of transactions, with no parsers passed per query', async () => {
    const runAt = new Date('2026-12-02T00:00:00.123Z');
    const plain = drizzle(client, { schema });
    const [inserted] = await plain
      .insert(schema.jobs)
      .values({ name: 'parsers-probe', payload: { n: 1, nested: { at: 'text' } }, runAt, createdAt: runAt })
      .returning();
    const before = await plain.select().from(schema.jobs).where(eq(schema.jobs.id, inserted!.id));

    const db = drizzle(parsingByInstance(client), { schema });
    seen.length = 0;
    const after = await db.select().from(schema.jobs).where(eq(schema.jobs.id, inserted!.id));
    const inTransaction = await db.transaction((tx) => tx.select().from(schema.jobs).where(eq(schema.jobs.id, inserted!.id)));

    expect(after).toStrictEqual(before);
    expect(inTransaction).toStrictEqual(before);
    expect(after[0]!.runAt).toStrictEqual(runAt);
    expect(after[0]!.payload).toStrictEqual({ n: 1, nested: { at: 'text' } });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((options) => options?.parsers === undefined)).toBe(true);
  });

  it('opens databases of their own from one read of the prepared tarball', async () => {
    const seed = await pgliteSeed(MIGRATIONS, () => Promise.reject(new Error('the seed exists already')));
    const other = new PGlite('memory://', { loadDataDir: seed, ...pgliteEngineOptions() });
    try {
      const runAt = new Date('2026-12-02T01:00:00Z');
      await drizzle(other, { schema }).insert(schema.jobs).values({ name: 'only-in-other', runAt, createdAt: runAt });
      const names = async (c: PGlite) =>
        (await drizzle(c, { schema }).select({ name: schema.jobs.name }).from(schema.jobs)).map((r) => r.name);
      expect(await names(other)).toStrictEqual(['only-in-other']);
      expect(await names(client)).not.toContain('only-in-other');
      const third = new PGlite('memory://', { loadDataDir: seed, ...pgliteEngineOptions() });
      try {
        expect(await names(third)).toStrictEqual([]);
      } finally {
        await third.close();
      }
    } finally {
      await other.close();
    }
  });

  it('hands over whole bytes as they are and copies only a view into a larger buffer', async () => {
    const whole = new Uint8Array([1, 2, 3]);
    expect(await pgliteBytes(whole).arrayBuffer()).toBe(whole.buffer);
    const view = Buffer.from('tarball-and-more').subarray(0, 7);
    const handed = await pgliteBytes(view).arrayBuffer();
    expect(Buffer.from(handed).toString()).toBe('tarball');
    expect(pgliteBytes(view).size).toBe(7);
  });
});
