// PostgreSQL for the tests that need a real one (several processes or pools on one database, SKIP
// LOCKED under real concurrency). The admin connection is TEST_POSTGRES_URL (what .ci/run sets for
// these tests, also in the PGlite run), else TEST_DATABASE_URL, else the local default; each test
// gets its own throw-away database. Without a PostgreSQL these tests skip with a
// message, except under CI=true, where they fail.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { fromRoot } from '../../server/root.js';
import { openDatabase } from '../../server/store/db.js';
import { isRunning } from '../../server/store/pglite-seed.js';
import { emptyingStatement } from './emptying.js';

export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export interface PostgresProbe {
  available: boolean;
  /** Why it is not available (the connection error), for the skip message. */
  reason?: string;
  /** True when the tests must run: CI=true never skips them. */
  required: boolean;
}

export function redactedUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//');
}

/** Tries the admin connection once (3 s); prints why the tests skip when it does not answer. */
export async function probePostgres(what: string): Promise<PostgresProbe> {
  const required = process.env.CI === 'true';
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { available: true, required };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (!required) {
      process.stderr.write(
        `[skip] ${what}: no PostgreSQL answers at ${redactedUrl(POSTGRES_ADMIN_URL)} (${reason}). Set TEST_POSTGRES_URL or start PostgreSQL to run it.\n`,
      );
    }
    return { available: false, reason, required };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Fails the calling hook when PostgreSQL is missing under CI (the suite only gets here then). */
export function assertPostgres(probe: PostgresProbe, what: string): void {
  if (!probe.available) {
    throw new Error(
      `${what} needs PostgreSQL and CI=true forbids skipping: ${redactedUrl(POSTGRES_ADMIN_URL)} did not answer (${probe.reason ?? 'unknown error'}).`,
    );
  }
}

export interface ThrowawayDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** An empty database: the caller's server processes migrate it, as they would a new deployment's. */
export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  return throwawayDatabase(POSTGRES_ADMIN_URL);
}

/**
 * A database with every migration applied, on the PostgreSQL of `adminUrl`, copied from a template
 * (`CREATE DATABASE ... TEMPLATE`) instead of migrated: migrating a new database takes about a
 * second, a copy a fifth of that, and the PostgreSQL pass of the integration suite starts one per
 * file. The template is named after the migrations' content, so a changed migration makes a new one.
 */
export async function createMigratedDatabase(adminUrl = POSTGRES_ADMIN_URL): Promise<ThrowawayDatabase> {
  return throwawayDatabase(adminUrl, await migratedTemplate(adminUrl));
}

/**
 * A migrated database for a test server, emptied and kept when the server is done with it (`drop`),
 * for the next test server of this process: copying the template and dropping the copy took about
 * 0.2 s of PostgreSQL's CPU per test server, emptying its tables (a DELETE of each and its owned
 * sequences restarted, emptying.ts; the migrations add no rows) a few milliseconds. The server's pool is closed before it
 * is emptied, so nothing of that server reaches the next one. At most one is kept per process; the
 * ones kept by test processes that have ended are dropped by the next process (`dropOrphans`).
 */
export async function leaseMigratedDatabase(adminUrl = POSTGRES_ADMIN_URL): Promise<ThrowawayDatabase> {
  const kept = idleDatabases.get(adminUrl);
  idleDatabases.delete(adminUrl);
  const database = kept ?? (await createMigratedDatabase(adminUrl));
  return {
    url: database.url,
    drop: async () => {
      if (idleDatabases.has(adminUrl) || !(await emptied(database.url))) return database.drop();
      idleDatabases.set(adminUrl, database);
    },
  };
}

const idleDatabases = new Map<string, ThrowawayDatabase>();

async function emptied(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const emptying = await emptyingStatement((text) => client.query<{ name: string }>(text));
    if (!emptying) return false;
    await client.query(emptying);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Databases are named after the test process that made them, so a later one can tell which are orphans. */
const DATABASE_PREFIX = `svc_test_${process.pid.toString(16)}_`;

/** Drops the databases of test processes of this machine that have ended (a kept database, a crash). */
async function dropOrphans(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname ~ '^svc_test_[0-9a-f]+_'`);
  for (const { datname } of rows) {
    const pid = Number.parseInt(datname.split('_')[2]!, 16);
    if (pid === process.pid || isRunning(pid)) continue;
    await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
  }
}

async function throwawayDatabase(adminUrl: string, template?: string): Promise<ThrowawayDatabase> {
  const name = `${DATABASE_PREFIX}${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  return {
    url: databaseUrl(adminUrl, name),
    drop: async () => {
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Serialises the making of a template among the test workers (and runs) sharing one PostgreSQL. */
const TEMPLATE_LOCK = 72_410_002;
const templates = new Map<string, Promise<string>>();

function migratedTemplate(adminUrl: string): Promise<string> {
  let made = templates.get(adminUrl);
  if (!made) {
    made = makeTemplate(adminUrl);
    templates.set(adminUrl, made);
    made.catch(() => templates.delete(adminUrl));
  }
  return made;
}

async function makeTemplate(adminUrl: string): Promise<string> {
  const folder = fromRoot('server/store/migrations');
  const hash = createHash('sha256');
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    hash.update(file).update(readFileSync(`${folder}/${file}`));
  const name = `svc_template_${hash.digest('hex').slice(0, 16)}`;
  return withAdmin(adminUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      await dropOrphans(admin);
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) return name;
      // Built under another name and renamed once migrated: a run that dies halfway leaves no
      // template that looks finished.
      const building = `${name}_building_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const opened = await openDatabase({ databaseUrl: databaseUrl(adminUrl, building) });
      await opened.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}
