// Runs jobs: the worker's poll loop, the manual clock's advance (every due job in time order before
// it answers), and the operator's "run this job now".
import type { AppDeps } from '../deps.js';
import { ManualClock } from '../clock.js';
import { SharedManualClock } from '../store/shared-clock.js';
import { claimGroupedJobs, claimJobs, completeJob, enqueue, failJob, nextDueAt, unsettledCount } from './queue.js';
import type { JobRow } from '../store/schema/jobs.js';
import type { ChangeFeed } from '../store/change-feed.js';

export type JobHandler = (deps: AppDeps, job: JobRow) => Promise<void>;

export interface RecurringJob {
  name: string;
  everySeconds: number;
  handler: JobHandler;
  /** When the first run falls, for jobs tied to the calendar (a term ends at midnight in Brisbane); default now + everySeconds. */
  firstRunAt?: (now: Date) => Date;
}

/**
 * A job name whose due jobs a worker claims and runs together (claimGroupedJobs): the handler gets
 * the whole batch, settles every job in it (completeJobs, or failJob for one that must run again)
 * and throws only when the batch as a whole could not be recorded.
 */
export interface BatchedJob {
  handler: (deps: AppDeps, jobs: JobRow[]) => Promise<void>;
  /** Most jobs in one batch, and most of one group (JobRow.groupKey) in one batch. */
  limits: (deps: AppDeps) => { batch: number; perGroup: number };
}

export interface JobRegistry {
  handlers: Record<string, JobHandler>;
  recurring: RecurringJob[];
  /** Names run in batches by the poll loop; `handlers` still runs one of them for "run this job now". */
  batched?: Record<string, BatchedJob>;
}

/**
 * Jobs are claimed one at a time: a lease covers one job, and a webhook attempt alone may take 15 s,
 * so a batch run one job after another could outlive its lease and be claimed twice by another
 * worker. Batched names (registry.batched) run their whole batch at once instead.
 */
const BATCH = 1;

async function runOne(deps: AppDeps, registry: JobRegistry, job: JobRow): Promise<void> {
  const batched = registry.batched?.[job.name];
  if (batched) return runBatch(deps, job.name, batched, [job]);
  const handler = registry.handlers[job.name];
  const now = deps.clock.now();
  try {
    if (!handler) throw new Error(`no handler for job ${job.name}`);
    await handler(deps, job);
    await completeJob(deps.db, job.id, deps.clock.now());
    const recurring = registry.recurring.find((r) => r.name === job.name && job.uniqueKey === `recurring:${r.name}`);
    if (recurring) await scheduleRecurring(deps, recurring, new Date(job.runAt.getTime() + recurring.everySeconds * 1000));
  } catch (error) {
    deps.logger.error({ err: error, job: job.name, jobId: job.id }, 'job failed');
    const parked = await failJob(deps.db, job, error, new Date(now.getTime() + 30_000));
    // A parked periodic run must not end the schedule: queue the next regular run.
    const recurring = parked && registry.recurring.find((r) => r.name === job.name && job.uniqueKey === `recurring:${r.name}`);
    if (recurring) await scheduleRecurring(deps, recurring, new Date(job.runAt.getTime() + recurring.everySeconds * 1000));
  }
}

export async function scheduleRecurring(deps: AppDeps, job: RecurringJob, runAt: Date): Promise<void> {
  await enqueue(deps.db, { name: job.name, runAt, uniqueKey: `recurring:${job.name}` }, deps.clock.now());
}

/** Makes sure every recurring job has its next run queued (idempotent; safe from many processes). */
export async function ensureRecurring(deps: AppDeps, registry: JobRegistry): Promise<void> {
  for (const job of registry.recurring) {
    const now = deps.clock.now();
    await scheduleRecurring(deps, job, job.firstRunAt ? job.firstRunAt(now) : new Date(now.getTime() + job.everySeconds * 1000));
  }
}

async function runBatch(deps: AppDeps, name: string, batched: BatchedJob, jobs: JobRow[]): Promise<void> {
  try {
    await batched.handler(deps, jobs);
  } catch (error) {
    deps.logger.error({ err: error, job: name, jobs: jobs.length }, 'job batch failed');
    const retryAt = new Date(deps.clock.now().getTime() + 30_000);
    for (const job of jobs) await failJob(deps.db, job, error, retryAt);
  }
}

/**
 * Runs every job due at the clock's now, until none is left. Returns how many ran. The oldest due
 * job decides what runs next, so jobs keep their time order; when it is of a batched name, the due
 * jobs of that name run with it as one batch.
 */
export async function runDueJobs(deps: AppDeps, registry: JobRegistry): Promise<number> {
  let ran = 0;
  const leaseSeconds = deps.config.SVC_JOB_LEASE_SECONDS;
  for (;;) {
    const [job] = await claimJobs(deps.db, { now: deps.clock.now(), limit: BATCH, leaseSeconds });
    if (!job) return ran;
    const batched = registry.batched?.[job.name];
    if (!batched) {
      await runOne(deps, registry, job);
      ran++;
      continue;
    }
    const limits = batched.limits(deps);
    const more =
      limits.batch <= 1
        ? []
        : await claimGroupedJobs(deps.db, {
            now: deps.clock.now(),
            name: job.name,
            limit: limits.batch - 1,
            perGroup: limits.perGroup,
            leaseSeconds,
            heldGroup: job.groupKey,
          });
    const jobs = [job, ...more];
    await runBatch(deps, job.name, batched, jobs);
    ran += jobs.length;
  }
}

/**
 * Runs what is due at the clock's now and waits for the jobs other workers (the background loop)
 * took, until nothing due is pending or running; a job must finish before time moves past its due
 * instant, or it would read a later clock (and run out of order with the next one). Bounded at 10 s.
 */
async function settle(deps: AppDeps, registry: JobRegistry): Promise<number> {
  let ran = 0;
  for (let i = 0; i < 400; i++) {
    ran += await runDueJobs(deps, registry);
    if ((await unsettledCount(deps.db, deps.clock.now())) === 0) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  return ran;
}

/**
 * Moves the manual clock forward, stopping at each job's due time so jobs run in time order and at
 * the exact instant they were due (a retry 30 s later sees the clock at +30 s).
 */
export async function advanceClock(deps: AppDeps, registry: JobRegistry, clock: ManualClock, seconds: number): Promise<number> {
  // A clock shared with other processes publishes each step, so a worker process runs each job at
  // the instant this process stopped at.
  const publish = async (): Promise<void> => {
    if (clock instanceof SharedManualClock) await clock.push();
  };
  if (clock instanceof SharedManualClock) await clock.pull();
  const target = new Date(clock.now().getTime() + seconds * 1000);
  let ran = await settle(deps, registry);
  for (;;) {
    const next = await nextDueAt(deps.db, target);
    if (!next) break;
    if (next.getTime() > clock.now().getTime()) {
      clock.set(next);
      await publish();
    }
    ran += await settle(deps, registry);
  }
  // Another process on the shared clock may already have moved past the target: never go back.
  if (target.getTime() > clock.now().getTime()) clock.set(target);
  await publish();
  ran += await settle(deps, registry);
  return ran;
}

/** Runs every pending job of one name now, whatever its due time; a recurring job runs once. */
export async function runJobNow(deps: AppDeps, registry: JobRegistry, name: string): Promise<number> {
  let ran = 0;
  for (;;) {
    const batch = await claimJobs(deps.db, {
      now: deps.clock.now(),
      limit: BATCH,
      leaseSeconds: deps.config.SVC_JOB_LEASE_SECONDS,
      name,
      ignoreRunAt: true,
    });
    if (batch.length === 0) break;
    for (const job of batch) {
      await runOne(deps, registry, job);
      ran++;
    }
    if (registry.recurring.some((r) => r.name === name)) break;
  }
  const recurring = registry.recurring.find((r) => r.name === name);
  if (recurring && ran === 0) {
    await recurring.handler(deps, { id: 0, name, payload: {}, runAt: deps.clock.now() } as JobRow);
    ran = 1;
  }
  return ran;
}

export interface Worker {
  stop: () => Promise<void>;
}

export interface WorkerOptions {
  /** How long an idle worker waits before it looks again. */
  intervalMs?: number;
  /**
   * The database's change feed: a queued job (trigger in migrations/0009_job_groups.sql) wakes an
   * idle worker at once, in this process or another, so a webhook leaves within milliseconds of its
   * event rather than at the next poll. Polling stays, for jobs that fall due later.
   */
  changes?: ChangeFeed;
}

const JOB_QUEUED_CHANNEL = 'svc_job_queued';

/** The background loop: with either clock it runs every job due at the clock's now. */
export function startWorker(deps: AppDeps, registry: JobRegistry, options: WorkerOptions | number = {}): Worker {
  const { intervalMs = 200, changes } = typeof options === 'number' ? { intervalMs: options } : options;
  let stopped = false;
  let running = false;
  // A job queued while a round runs may have been missed by that round's last claim: run once more.
  let again = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = async (): Promise<void> => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = true;
    do {
      again = false;
      const clock = deps.clock;
      current = (clock instanceof SharedManualClock ? clock.pull() : Promise.resolve())
        .then(() => runDueJobs(deps, registry))
        .catch((error: unknown) => deps.logger.error({ err: error }, 'worker tick failed'));
      await current;
    } while (again && !stopped);
    running = false;
    if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
  };
  const wake = (): void => void tick();
  void changes
    ?.listen(JOB_QUEUED_CHANNEL, { changed: wake, live: wake, lost: () => undefined })
    .catch((error: unknown) => deps.logger.warn({ err: error }, 'job notifications unavailable: the worker polls only'));
  timer = setTimeout(() => void tick(), 0);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
