// Done jobs are deleted a week after they finished (D-91). Nothing reads a done job's row but the queue
// itself, and most requests that change something queue work (a lodgement two jobs, a webhook event one
// per endpoint): kept for ever, the table would grow with the service's whole history.
import { and, eq, getTableName, inArray, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import type { Database } from '../store/db.js';
import { jobs } from '../store/schema/index.js';
import { SharedManualClock } from '../store/shared-clock.js';
import { vacuumEvery, type PruneCounter } from '../store/vacuum.js';

/** How long a done job's row is kept after it finished, on the service's clock. */
export const DONE_JOB_RETENTION_SECONDS = 7 * 86_400;
/** Rows per DELETE: on the embedded database a statement holds the one connection requests share. */
const ROWS_PER_DELETE = 1_000;
/** Between two DELETEs, how long requests in flight may keep the next one waiting (milliseconds). */
const REQUESTS_FIRST_MS = 50;
/**
 * The table is vacuumed once the rows deleted since its last vacuum reach this many plus a fifth of
 * the rows it holds: PostgreSQL's own autovacuum rule with its default settings (50, 0.2), which
 * PGlite has no daemon to apply. Vacuuming after every daily run cost a year's advance of the manual
 * clock a vacuum a day, with a week's worth of rows to reclaim.
 */
const VACUUM_BASE_ROWS = 50;
const VACUUM_SCALE = 0.2;
/** Per database: the rows this process deleted since it last vacuumed the table. */
const deletedCounters = new WeakMap<Database, PruneCounter>();

/**
 * Deletes the done jobs that finished more than DONE_JOB_RETENTION_SECONDS ago; resolves to how many.
 * Failed jobs stay: they are few, and the evidence of what went wrong.
 *
 * Not on a manual clock that several processes share (PostgreSQL with SVC_CLOCK=manual): an advance
 * counts the jobs other processes ran in its interval by their rows, and an advance may span more
 * than the retention. The embedded database runs one process, whose advances count their own runs.
 */
export async function pruneDoneJobs(deps: Pick<AppDeps, 'db' | 'clock' | 'engine' | 'requestGate' | 'logger'>): Promise<number> {
  if (deps.engine === 'postgres' && deps.clock instanceof SharedManualClock) return 0;
  const removed = await deleteDoneJobs(deps);
  await deletedOf(deps).removed(removed);
  return removed;
}

async function deleteDoneJobs(deps: Pick<AppDeps, 'db' | 'clock' | 'requestGate'>): Promise<number> {
  const finishedBefore = new Date(deps.clock.now().getTime() - DONE_JOB_RETENTION_SECONDS * 1000);
  let removed = 0;
  // In the order of the claim index on (state, run_at, id), from where the last DELETE stopped: a job
  // finishes after it was due, so its run_at is before the cut too (one the operator ran early by
  // name waits until its run_at is). A day's clean-up finds the few jobs a week old without reading
  // the whole table, and each DELETE of a long backlog reads on instead of passing over the index
  // entries of the rows already deleted.
  let after: { runAt: Date; id: number } | undefined;
  for (;;) {
    const batch = deps.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.state, 'done'),
          lt(jobs.runAt, finishedBefore),
          lt(jobs.finishedAt, finishedBefore),
          after ? sql`(${jobs.runAt}, ${jobs.id}) > (${after.runAt.toISOString()}::timestamptz, ${after.id})` : undefined,
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(ROWS_PER_DELETE);
    const deleted = await deps.db.delete(jobs).where(inArray(jobs.id, batch)).returning({ id: jobs.id, runAt: jobs.runAt });
    removed += deleted.length;
    if (deleted.length < ROWS_PER_DELETE) return removed;
    after = deleted.reduce((last, row) =>
      row.runAt.getTime() > last.runAt.getTime() || (row.runAt.getTime() === last.runAt.getTime() && row.id > last.id) ? row : last,
    );
    await deps.requestGate?.quiet(REQUESTS_FIRST_MS);
  }
}

function deletedOf({ db, logger }: Pick<AppDeps, 'db' | 'logger'>): PruneCounter {
  let counter = deletedCounters.get(db);
  if (!counter) {
    counter = vacuumEvery(db, jobs, async () => VACUUM_BASE_ROWS + VACUUM_SCALE * (await heldRows(db)), {
      failed: (error) => logger.warn({ err: error }, 'idempotency-cleanup: the jobs table could not be vacuumed'),
    });
    deletedCounters.set(db, counter);
  }
  return counter;
}

/** The planner's estimate of the rows `jobs` holds (reltuples: -1 before its first vacuum or analyze). */
async function heldRows(db: Database): Promise<number> {
  const estimate = await db.execute(
    sql`select greatest(reltuples, 0)::float8 as held from pg_class where oid = ${getTableName(jobs)}::regclass`,
  );
  return (estimate as unknown as { rows: { held: number }[] }).rows[0]?.held ?? 0;
}
