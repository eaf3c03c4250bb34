// One database API over two engines: embedded PGlite (default, a directory under SVC_DATA_DIR, or in
// memory for tests) and PostgreSQL (DATABASE_URL). Every query in the code base goes through the
// drizzle `db` returned here, so the same code runs on both.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { fromRoot } from '../root.js';
import { copyPgliteSeed, isFreshDataDir, pgliteSeed } from './pglite-seed.js';
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed.js';
import * as schema from './schema/index.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenDatabase {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** LISTEN/NOTIFY on this database (server/store/change-feed.ts). */
  changes: ChangeFeed;
  close: () => Promise<void>;
}

const MIGRATIONS = fromRoot('server/store/migrations');
/** Serialises migrations when several processes start against one PostgreSQL at once. */
const MIGRATION_LOCK = 72_410_001;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory for PGlite; `memory://` keeps everything in memory (tests). */
  dataDir?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    // The PostgreSQL driver loads only when it is used: the embedded default starts without it.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection closed by the server (a restart, pg_terminate_backend, DROP DATABASE ... WITH
    // (FORCE) right after close) is dropped by the pool, which connects again on demand. Without a
    // listener its 'error' event would be thrown and end the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    return opened(db, 'postgres', postgresChangeFeed(options.databaseUrl), () => pool.end());
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const migrate = (client: PGlite) => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS });
  let client: PGlite;
  if (dataDir.startsWith('memory://')) client = new PGlite(dataDir, { loadDataDir: await pgliteSeed(MIGRATIONS, migrate) });
  else {
    if (isFreshDataDir(dataDir)) await copyPgliteSeed(dataDir, MIGRATIONS, migrate);
    client = new PGlite(dataDir);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migrate(client);
  return opened(db, 'pglite', pgliteChangeFeed(client), () => client.close());
}

/** The open database; closing it stops its change feed first, then the engine's connections. */
function opened(db: Database, engine: OpenDatabase['engine'], changes: ChangeFeed, closeEngine: () => Promise<void>): OpenDatabase {
  return {
    db,
    engine,
    changes,
    close: async () => {
      await changes.close();
      await closeEngine();
    },
  };
}

export async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
