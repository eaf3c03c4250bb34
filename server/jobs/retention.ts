// Done jobs are deleted a week after they finished (D-91). Nothing reads a done job's row but the queue
// itself, and most requests that change something queue work (a lodgement two jobs, a webhook event one
// per endpoint): kept for ever, the table would grow with the service's whole history.
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { jobs } from '../store/schema/index.js';
import { SharedManualClock } from '../store/shared-clock.js';

/** How long a done job's row is kept after it finished, on the service's clock. */
export const DONE_JOB_RETENTION_SECONDS = 7 * 86_400;
/** Rows per DELETE: on the embedded database a statement holds the one connection requests share. */
const ROWS_PER_DELETE = 1_000;
/** Between two DELETEs, how long requests in flight may keep the next one waiting (milliseconds). */
const REQUESTS_FIRST_MS = 50;

/**
 * Deletes the done jobs that finished more than DONE_JOB_RETENTION_SECONDS ago; resolves to how many.
 * Failed jobs stay: they are few, and the evidence of what went wrong.
 *
 * Not on a manual clock that several processes share (PostgreSQL with SVC_CLOCK=manual): an advance
 * counts the jobs other processes ran in its interval by their rows, and an advance may span more
 * than the retention. The embedded database runs one process, whose advances count their own runs.
 */
export async function pruneDoneJobs(deps: Pick<AppDeps, 'db' | 'clock' | 'engine' | 'requestGate'>): Promise<number> {
  if (deps.engine === 'postgres' && deps.clock instanceof SharedManualClock) return 0;
  const finishedBefore = new Date(deps.clock.now().getTime() - DONE_JOB_RETENTION_SECONDS * 1000);
  let removed = 0;
  // In id order from where the last DELETE stopped, so each one reads on instead of passing over the
  // index entries of the rows already deleted.
  let after = 0;
  for (;;) {
    const batch = deps.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(gt(jobs.id, after), eq(jobs.state, 'done'), lt(jobs.finishedAt, finishedBefore)))
      .orderBy(jobs.id)
      .limit(ROWS_PER_DELETE);
    const deleted = await deps.db.delete(jobs).where(inArray(jobs.id, batch)).returning({ id: jobs.id });
    removed += deleted.length;
    if (deleted.length < ROWS_PER_DELETE) return removed;
    after = Math.max(...deleted.map((row) => row.id));
    await deps.requestGate?.quiet(REQUESTS_FIRST_MS);
  }
}
