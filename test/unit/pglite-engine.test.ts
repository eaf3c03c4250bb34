// Every PGlite of the service is opened with drizzle's result parsers as its own, and drizzle's
// per-query copy of them is dropped on the way in (server/store/pglite-engine.ts): PGlite merged that
// copy into its whole parser table for every result. Rows must read exactly as drizzle reads them
// with its own parsers, and a drizzle upgrade that reads another type as text must fail here. Its
// parameterized statements run as named prepared statements (server/store/pglite-statements.ts):
// answers, errors and transactions must be what PGlite's own query gives.
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../server/root.js';
import { DRIZZLE_TEXT_TYPES, parsingByInstance, pgliteBytes, pgliteEngineOptions } from '../../server/store/pglite-engine.js';
import { MAX_NAMED_STATEMENTS } from '../../server/store/pglite-statements.js';
import { pgliteSeed } from '../../server/store/pglite-seed.js';
import * as schema from '../../server/store/schema/index.js';

const MIGRATIONS = fromRoot('server/store/migrations');
let client: PGlite;
/** The options each query reached PGlite's own `query` with. */
const seen: (QueryOptions | undefined)[] = [];

beforeAll(async () => {
  const seed = await pgliteSeed(MIGRATIONS, (c) => migrate(drizzle(c, { schema }), { migrationsFolder: MIGRATIONS }));
  client = new PGlite('memory://', { loadDataDir: seed, ...pgliteEngineOptions('memory') });
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
    const ours = pgliteEngineOptions('memory').parsers!;
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
    const after = await db.select().from(schema.jobs).where(eq(schema.jobs.id, inserted!.id));
    const inTransaction = await db.transaction((tx) => tx.select().from(schema.jobs).where(eq(schema.jobs.id, inserted!.id)));

    expect(after).toStrictEqual(before);
    expect(inTransaction).toStrictEqual(before);
    expect(after[0]!.runAt).toStrictEqual(runAt);
    expect(after[0]!.payload).toStrictEqual({ n: 1, nested: { at: 'text' } });
  });

  it('opens databases of their own from one read of the prepared tarball', async () => {
    const seed = await pgliteSeed(MIGRATIONS, () => Promise.reject(new Error('the seed exists already')));
    const other = new PGlite('memory://', { loadDataDir: seed, ...pgliteEngineOptions('memory') });
    try {
      const runAt = new Date('2026-12-02T01:00:00Z');
      await drizzle(other, { schema }).insert(schema.jobs).values({ name: 'only-in-other', runAt, createdAt: runAt });
      const names = async (c: PGlite) =>
        (await drizzle(c, { schema }).select({ name: schema.jobs.name }).from(schema.jobs)).map((r) => r.name);
      expect(await names(other)).toStrictEqual(['only-in-other']);
      expect(await names(client)).not.toContain('only-in-other');
      const third = new PGlite('memory://', { loadDataDir: seed, ...pgliteEngineOptions('memory') });
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

describe('parameterized statements as named prepared statements', () => {
  let named: PGlite;
  /** PGlite's own query() of the same instance, before it was wrapped. */
  let own: PGlite['query'];
  const preparedTexts = async (): Promise<string[]> =>
    (await own<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement);

  beforeAll(async () => {
    const seed = await pgliteSeed(MIGRATIONS, () => Promise.reject(new Error('the seed exists already')));
    named = new PGlite('memory://', { loadDataDir: seed, ...pgliteEngineOptions('memory') });
    own = named.query.bind(named);
    parsingByInstance(named);
    await named.exec('create table probe (id int primary key, label text)');
  });
  afterAll(async () => {
    await named?.close();
  });

  it("parses a repeated statement once and answers exactly as PGlite's own query does", async () => {
    const statements: [string, unknown[]][] = [
      ['insert into probe (id, label) values ($1, $2) returning id, label', [1, 'one']],
      ['insert into probe (id, label) values ($1, $2) returning id, label', [2, null]],
      ['update probe set label = $1 where id >= $2', ['many', 0]],
      [
        'select id, label, $1::timestamptz as at, $2::jsonb as doc from probe where id > $3 order by id',
        ['2026-12-02T10:00:00Z', '{"a":[1]}', 0],
      ],
      ['select id from probe where id = $1', [99]],
    ];
    for (const [text, params] of statements) {
      const viaNamed = await named.query(text, params, { rowMode: 'array' });
      const again = await named.query(text, params, { rowMode: 'array' }).catch((error: unknown) => error);
      if (text.startsWith('insert')) {
        expect(viaNamed).toMatchObject({ rows: [params], affectedRows: 1 });
        expect(viaNamed.fields.map((f) => f.name)).toStrictEqual(['id', 'label']);
        expect(again).toMatchObject({ code: '23505', query: text, params });
        continue;
      }
      const ownAnswer = await own(text, params, { rowMode: 'array' });
      expect(viaNamed).toStrictEqual(ownAnswer);
      expect(again).toStrictEqual(ownAnswer);
    }
    const texts = await preparedTexts();
    for (const [text] of statements) expect(texts.filter((t) => t === text)).toHaveLength(1);
  });

  it("refuses a value its parameter's type cannot take (at Bind) as PGlite's own query does, and the next statement runs", async () => {
    const text = 'select $1::int + 1 as n';
    const ownError = await own(text, ['not a number']).catch((error: unknown) => error);
    expect(ownError).toMatchObject({ code: '22P02' });
    for (let round = 0; round < 2; round += 1) {
      const refused = await named.query(text, ['not a number']).catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: '22P02', message: (ownError as Error).message, query: text, params: ['not a number'] });
      expect((await named.query<{ n: number }>(text, [1])).rows).toStrictEqual([{ n: 2 }]);
    }
  });

  it('runs in transactions: a failed statement rolls its transaction back and the next statement runs', async () => {
    const insert = 'insert into probe (id, label) values ($1, $2)';
    await named.query(insert, [10, 'before']);
    const failed = named.transaction(async (tx) => {
      await tx.query(insert, [11, 'inside']);
      await tx.query(insert, [10, 'duplicate']);
    });
    await expect(failed).rejects.toMatchObject({ code: '23505', query: insert, params: [10, 'duplicate'] });
    const { rows } = await named.query<{ id: number }>('select id from probe where id >= $1 order by id', [10]);
    expect(rows).toStrictEqual([{ id: 10 }]);
    const committed = await named.transaction(async (tx) => {
      await tx.query(insert, [12, 'inside']);
      return (await tx.query<{ n: number }>('select count(*)::int as n from probe where id >= $1', [10])).rows[0]!.n;
    });
    expect(committed).toBe(2);
    let kept: Parameters<Parameters<PGlite['transaction']>[0]>[0] | undefined;
    await named.transaction(async (tx) => {
      kept = tx;
    });
    await expect(kept!.query('select $1::int as n', [1])).rejects.toThrow('Transaction is closed');
  });

  it(`keeps at most ${MAX_NAMED_STATEMENTS} statements, closing the least recently used`, async () => {
    const hot = 'select label from probe where id = $1';
    await named.query(hot, [10]);
    for (let i = 0; i < MAX_NAMED_STATEMENTS + 20; i += 1) {
      await named.query(`select $1::int + ${i} as n`, [1]);
      if (i % 50 === 0) await named.query(hot, [10]);
    }
    const texts = await preparedTexts();
    expect(texts.length).toBeLessThanOrEqual(MAX_NAMED_STATEMENTS);
    expect(texts).toContain(hot);
    expect(texts).toContain(`select $1::int + ${MAX_NAMED_STATEMENTS + 19} as n`);
    expect(texts).not.toContain('select $1::int + 0 as n');
    expect((await named.query<{ n: number }>('select $1::int + 0 as n', [1])).rows).toStrictEqual([{ n: 1 }]);
  });

  it('parses a statement again when its table changed under it', async () => {
    const all = 'select * from probe where id = $1';
    expect((await named.query(all, [10])).fields.map((f) => f.name)).toStrictEqual(['id', 'label']);
    await named.exec('alter table probe add column extra int');
    const after = await named.query(all, [10]);
    expect(after.fields.map((f) => f.name)).toStrictEqual(['id', 'label', 'extra']);
    expect(after.rows).toStrictEqual([{ id: 10, label: 'before', extra: null }]);
    // The stale statement was closed: the text is prepared once, under its new name.
    expect((await preparedTexts()).filter((t) => t === all)).toHaveLength(1);
  });

  it("delivers a notification a named statement's answer brings, once, to channel and global listeners, until they stop", async () => {
    const heard: string[] = [];
    const everywhere: string[] = [];
    const stop = await named.listen('Probe_Channel', (payload) => void heard.push(payload));
    const off = named.onNotification((channel, payload) => void everywhere.push(`${channel}:${payload}`));
    const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
    // Outside a transaction the notification arrives with the statement's own Sync (the named path);
    // one committed by a transaction arrives with its COMMIT, which PGlite reads and delivers itself.
    await named.query('select pg_notify($1, $2)', ['probe_channel', 'named']);
    await named.transaction(async (tx) => {
      await tx.query('select pg_notify($1, $2)', ['probe_channel', 'in a transaction']);
    });
    await settle();
    expect(heard).toStrictEqual(['named', 'in a transaction']);
    expect(everywhere).toStrictEqual(['probe_channel:named', 'probe_channel:in a transaction']);
    await stop();
    off();
    await named.query('select pg_notify($1, $2)', ['probe_channel', 'after']);
    await settle();
    expect(heard).toStrictEqual(['named', 'in a transaction']);
    expect(everywhere).toHaveLength(2);
  });
});
