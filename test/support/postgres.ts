// PostgreSQL for the tests that need a real one (several processes or pools on one database, SKIP
// LOCKED under real concurrency). The admin connection is TEST_POSTGRES_URL (what .ci/run sets for
// these tests, also in the PGlite run), else TEST_DATABASE_URL, else the local default; each test
// gets its own throw-away database. Without a PostgreSQL these tests skip with a
// message, except under CI=true, where they fail.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

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

export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  const name = `svc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
