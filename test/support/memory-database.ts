// The in-memory PGlite database of a test server, reused by the next test server of the same test
// process once emptied. Starting PGlite (its WebAssembly PostgreSQL and the migrated seed) and the
// first statements of each kind on a new instance cost about 0.7 s of CPU per test server, a large
// part of the suite's time on CI's two cores; emptying the tables of a closed server's database
// (emptying.ts) costs a few milliseconds.
//
// A closed server's database is revoked before it is reused: whatever that server still had in flight
// (a delivery, a job) gets the error a closed PGlite gives instead of writing into the next server's
// data. An instance whose emptying fails is closed, never reused.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { fromRoot } from '../../server/root.js';
import { pgliteChangeFeed } from '../../server/store/change-feed.js';
import type { Database, OpenDatabase } from '../../server/store/db.js';
import { parsingByInstance, pgliteEngineOptions } from '../../server/store/pglite-engine.js';
import { pgliteSeed } from '../../server/store/pglite-seed.js';
import { checkpointingByVolume } from '../../server/store/pglite-wal.js';
import * as schema from '../../server/store/schema/index.js';
import { emptyingStatement } from './emptying.js';

const MIGRATIONS = fromRoot('server/store/migrations');
/** Idle instances kept per process: each holds its own WebAssembly memory. */
const MAX_IDLE = 2;

interface Instance {
  client: PGlite;
  /** `TRUNCATE` of every table the migrations made, read once from the catalog. */
  emptying: string;
}

const idle: Instance[] = [];

async function newInstance(): Promise<Instance> {
  const seed = await pgliteSeed(MIGRATIONS, (client) => migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS }));
  // Opened as the service opens its own (server/store/pglite-engine.ts).
  const client = parsingByInstance(new PGlite('memory://', { loadDataDir: seed, ...pgliteEngineOptions('memory') }));
  checkpointingByVolume(client);
  const emptying = await emptyingStatement((text) => client.query<{ name: string }>(text));
  if (!emptying) throw new Error('the migrated seed has no tables');
  return { client, emptying };
}

/**
 * The instance as one server may use it: every call fails once the lease has ended. A property a test
 * sets on it (a wrapped `query` that counts statements, say) stays on the lease: set on the instance,
 * it would outlive the server and send the next server's statements through a revoked lease.
 */
function leased(client: PGlite): { client: PGlite; revoke: () => void } {
  let active = true;
  const ownProperties = new Map<PropertyKey, unknown>();
  const guarded = new Proxy(client, {
    set(_target, property, value) {
      ownProperties.set(property, value);
      return true;
    },
    get(target, property) {
      if (ownProperties.has(property)) return ownProperties.get(property);
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (!active) throw new Error('PGlite is closed (this test server was closed)');
        return (value as (...parameters: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { client: guarded, revoke: () => (active = false) };
}

/** An empty, migrated in-memory database for a test server: a closed server's emptied one when there is one. */
export async function openMemoryDatabase(): Promise<OpenDatabase> {
  const instance = idle.pop() ?? (await newInstance());
  const lease = leased(instance.client);
  const changes = pgliteChangeFeed(lease.client);
  return {
    db: drizzle(lease.client, { schema }) as unknown as Database,
    engine: 'pglite',
    changes,
    afterStart: async () => undefined,
    close: async () => {
      await changes.close();
      lease.revoke();
      try {
        await instance.client.exec(`${instance.emptying}; SELECT pg_advisory_unlock_all(); RESET ALL;`);
      } catch {
        await instance.client.close().catch(() => undefined);
        return;
      }
      if (idle.length < MAX_IDLE) idle.push(instance);
      else await instance.client.close();
    },
  };
}
