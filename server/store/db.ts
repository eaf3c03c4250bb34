// One database API over two engines: embedded PGlite (default, a directory under SVC_DATA_DIR, or in
// memory for tests) and PostgreSQL (DATABASE_URL). Every query in the code base goes through the
// drizzle `db` returned here, so the same code runs on both.
import { mkdirSync, readFileSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { fromRoot } from '../root.js';
import { copyPgliteSeed, ensurePgliteSeed, isFreshDataDir, pgliteSeed, replenishPgliteSpare } from './pglite-seed.js';
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed.js';
import { parsingByInstance, pgliteEngineOptions } from './pglite-engine.js';
import { checkpointingByVolume } from './pglite-wal.js';
import * as schema from './schema/index.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenDatabase {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** LISTEN/NOTIFY on this database (server/store/change-feed.ts). */
  changes: ChangeFeed;
  close: () => Promise<void>;
  /**
   * Work the start left for later, to run once the server is up: a fresh embedded data directory took
   * the prepared directory's spare (or found none), and the next fresh start wants one (pglite-seed.ts).
   */
  afterStart: () => Promise<void>;
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
      if (!(await migrationsApplied((text) => client.query(text)))) {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        }
      }
    } finally {
      client.release();
    }
    return opened(db, 'postgres', postgresChangeFeed(options.databaseUrl), () => pool.end());
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const inMemory = dataDir.startsWith('memory://');
  const engineOptions = { ...pgliteEngineOptions(inMemory ? 'memory' : 'directory'), ...(await preloadedPgliteArtifacts()) };
  const migrate = (client: PGlite) => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS });
  let client: PGlite;
  let fresh = false;
  if (inMemory) client = new PGlite(dataDir, { loadDataDir: await pgliteSeed(MIGRATIONS, migrate), ...engineOptions });
  else {
    fresh = isFreshDataDir(dataDir);
    if (fresh) await copyPgliteSeed(dataDir, MIGRATIONS, migrate);
    client = new PGlite(dataDir, engineOptions);
  }
  parsingByInstance(client);
  checkpointingByVolume(client);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  if (!(await migrationsApplied((text) => client.query(text)))) await migrate(client);
  return opened(
    db,
    'pglite',
    pgliteChangeFeed(client),
    () => client.close(),
    // Whether this start took the spare or found none (a start stopped before it made the spare again,
    // a crash), the next fresh start wants one: without it, it copies 40 MB before it listens.
    fresh ? () => replenishPgliteSpare(MIGRATIONS) : undefined,
  );
}

/** Where `npm start` (scripts/start.mjs) leaves the engine's files it read and compiled before the bundle loaded. */
const PRELOADED_ARTIFACTS = Symbol.for('svc.pglite-artifacts');

/**
 * PGlite's compiled WebAssembly module and file-system bundle when scripts/start.mjs made them ahead
 * (start time), for the first PGlite of the process only (the global lets go of them); otherwise, or
 * if making them failed, none: PGlite reads and compiles its own, as it always did.
 */
async function preloadedPgliteArtifacts(): Promise<Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>> {
  const holder = globalThis as { [PRELOADED_ARTIFACTS]?: Promise<Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>> };
  const preloaded = holder[PRELOADED_ARTIFACTS];
  delete holder[PRELOADED_ARTIFACTS];
  return preloaded ? preloaded.catch(() => ({})) : {};
}

/**
 * True when every migration of the folder is applied already, by the migrator's own test (the newest
 * applied migration is at or past each migration's timestamp): one query instead of the migrator's
 * four statements and a transaction at every start (on PGlite about 0.1 s of a start). A database
 * without the migrations table, or behind, is migrated as before.
 */
async function migrationsApplied(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  const journal = JSON.parse(readFileSync(`${MIGRATIONS}/meta/_journal.json`, 'utf8')) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const { rows } = await query('select created_at from "drizzle"."__drizzle_migrations" order by created_at desc limit 1');
    const applied = (rows[0] as { created_at?: unknown } | undefined)?.created_at;
    return applied !== undefined && Number(applied) >= newest;
  } catch {
    return false;
  }
}

/** Makes the prepared embedded data directory a fresh data directory is made from (pglite-seed.ts) and its spare, if there are none. */
export async function preparePgliteSeed(): Promise<void> {
  await ensurePgliteSeed(MIGRATIONS, (client) => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS }));
  await replenishPgliteSpare(MIGRATIONS);
}

/** The open database; closing it stops its change feed first, then the engine's connections. */
function opened(
  db: Database,
  engine: OpenDatabase['engine'],
  changes: ChangeFeed,
  closeEngine: () => Promise<void>,
  afterStart: () => Promise<void> = async () => undefined,
): OpenDatabase {
  return {
    db,
    engine,
    changes,
    afterStart,
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
