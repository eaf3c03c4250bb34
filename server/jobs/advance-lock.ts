// D-63: an advance of the manual clock holds one database-wide lock for its whole run, so concurrent
// advances (on one process or several on one PostgreSQL) run one after the other, each moving the clock
// by its own seconds. Without it two API processes each read the same start and pushed the same end:
// two advances of an hour moved the clock one hour.
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import type { Database } from '../store/db.js';

/** The advisory lock's key on PostgreSQL (beside the migrations' 72_410_001 in store/db.ts). */
const CLOCK_ADVANCE_LOCK = 72_410_002;

/**
 * The advances of this process waiting on each other, by database. PostgreSQL's advisory lock belongs
 * to a session, and two advances of one process may hold two sessions of one pool; on the embedded
 * engine (one process, one connection) this queue is the whole lock.
 */
const queues = new WeakMap<Database, Promise<unknown>>();

function inProcessTurn<T>(db: Database, run: () => Promise<T>): Promise<T> {
  const before = queues.get(db) ?? Promise.resolve();
  const mine = before.then(run, run);
  queues.set(
    db,
    mine.catch(() => undefined),
  );
  return mine;
}

/**
 * Runs `advance` while no other advance runs on this database. On PostgreSQL the lock is a
 * transaction-scoped advisory lock on a connection of its own: it is released when the advance ends,
 * and by the server if the process dies mid-advance, so a crash cannot leave the clock locked.
 */
export function withAdvanceLock<T>(deps: Pick<AppDeps, 'db' | 'engine'>, advance: () => Promise<T>): Promise<T> {
  return inProcessTurn(deps.db, async () => {
    if (deps.engine !== 'postgres') return advance();
    return deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CLOCK_ADVANCE_LOCK})`);
      return advance();
    });
  });
}
