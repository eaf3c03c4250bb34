// The embedded engine never checkpoints by itself (single-user PostgreSQL has no checkpointer), so
// its WAL grew with every byte written while it was open: on `memory://` the process's own memory
// (server/store/pglite-wal.ts, D-86). An instance opened as the service opens its own checkpoints
// once the WAL since its last checkpoint passes the bound, keeps at most the segments max_wal_size
// allows, and answers every statement as before.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { fromRoot } from '../../server/root.js';
import { parsingByInstance, pgliteEngineOptions } from '../../server/store/pglite-engine.js';
import { pgliteSeed } from '../../server/store/pglite-seed.js';
import { checkpointingByVolume, WAL_CHECKPOINT_BYTES } from '../../server/store/pglite-wal.js';
import * as schema from '../../server/store/schema/index.js';

const MIGRATIONS = fromRoot('server/store/migrations');
const MB = 2 ** 20;
let open: PGlite[] = [];

afterEach(async () => {
  await Promise.all(open.map((client) => client.close().catch(() => undefined)));
  open = [];
});

async function memoryDatabase(): Promise<PGlite> {
  const seed = await pgliteSeed(MIGRATIONS, (client) => migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS }));
  const client = parsingByInstance(new PGlite('memory://', { loadDataDir: seed, ...pgliteEngineOptions('memory') }));
  open.push(client);
  await client.exec('create table filler (id serial primary key, body text not null)');
  return client;
}

/** WAL written since the last checkpoint, and the bytes of every segment file in pg_wal. */
async function wal(client: PGlite): Promise<{ pending: number; files: number }> {
  const { rows } = await client.query<{ pending: number; files: number }>(
    `select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 as pending,
       (select sum(size)::float8 from pg_ls_waldir()) as files from pg_control_checkpoint()`,
  );
  return rows[0]!;
}

/** About 5.5 MB of WAL in one statement: 5,000 rows of 1 kB. */
const FILL = `insert into filler (body) select repeat('x', 1000) || g from generate_series(1, 5000) g`;

describe('the embedded engine bounds its WAL', () => {
  it('checkpoints once the WAL since its last checkpoint passes the bound, and keeps at most max_wal_size of segments', async () => {
    const client = await memoryDatabase();
    const bound = checkpointingByVolume(client);
    const sizes: number[] = [];
    for (let i = 0; i < 12; i++) {
      await client.query(FILL);
      await bound.settled;
      // Checked after each statement: the statement that passes the bound is read right after it
      // (its rows count), whatever the quiet statements before had set the interval to.
      const now = await wal(client);
      expect(now.pending).toBeLessThan(WAL_CHECKPOINT_BYTES + 8 * MB);
      sizes.push(now.files);
    }
    // 12 statements wrote some 66 MB of WAL: unbounded, pg_wal would hold all of it (80 MB with the
    // seed's segment). Bounded: max_wal_size (32 MB) of segments kept for reuse and the one in use.
    expect(bound.checkpoints).toBeGreaterThanOrEqual(2);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(48 * MB);
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from filler');
    expect(rows[0]!.n).toBe(12 * 5000);
  });

  it('counts the rows a transaction changed, and leaves answers and errors as they were', async () => {
    const client = await memoryDatabase();
    const bound = checkpointingByVolume(client, 4 * MB);
    const inserted = await client.transaction(async (tx) => {
      await tx.query(FILL);
      return tx.query<{ n: number }>('select count(*)::int as n from filler');
    });
    expect(inserted.rows).toStrictEqual([{ n: 5000 }]);
    await bound.settled;
    expect(bound.checkpoints).toBe(1);
    expect((await wal(client)).pending).toBeLessThan(4 * MB);

    const failed = await client.query('insert into filler (id, body) values (1, $1)', ['again']).catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: '23505' });
    const execs = await client.exec(`update filler set body = 'y' where id <= 3; select 1 as one;`);
    expect(execs.map((result) => result.rows)).toStrictEqual([[], [{ one: 1 }]]);
  });

  it('a reading that finds the instance closing is dropped, not left as an unhandled rejection', async () => {
    const client = await memoryDatabase();
    const bound = checkpointingByVolume(client, 1 * MB);
    const writing = client.query(FILL);
    await writing;
    const closing = client.close();
    await bound.settled;
    await closing;
    expect(client.closed).toBe(true);
  });
});
