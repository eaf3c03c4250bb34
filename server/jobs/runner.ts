// Runs jobs: the worker's poll loop, the manual clock's advance (every due job in time order before
// it answers), and the operator's "run this job now".
import type { AppDeps } from '../deps.js';
import { ManualClock } from '../clock.js';
import { SharedManualClock } from '../store/shared-clock.js';
import {
  claimGroupedJobs,
  claimJobs,
  completeAndQueueNext,
  completeJob,
  completeJobWithState,
  enqueue,
  enqueueAll,
  failJob,
  finishedByOthers,
  queueState,
  type QueueState,
} from './queue.js';
import type { JobRow } from '../store/schema/jobs.js';
import type { ChangeFeed } from '../store/change-feed.js';
import { withAdvanceLock } from './advance-lock.js';

export type JobHandler = (deps: AppDeps, job: JobRow) => Promise<void>;

export interface RecurringJob {
  name: string;
  everySeconds: number;
  handler: JobHandler;
  /** When the first run falls, for jobs tied to the calendar (a term ends at midnight in Brisbane); default now + everySeconds. */
  firstRunAt?: (now: Date) => Date;
}

/**
 * A job name a worker runs as a stream: the handler gets the first due job and a way to claim more
 * (claimGroupedJobs, bounded per group), runs them until none is due and none in flight, settles
 * each one itself (completeJobs, or failJob to run again) and returns how many ran.
 */
/** Claims more due jobs of a streamed name: at most `limit`, none past the per-group bound once `busy` (in flight, by group) is counted. */
export type ClaimMore = (limit: number, busy: ReadonlyMap<string, number>) => Promise<JobRow[]>;

export interface StreamedJob {
  run: (deps: AppDeps, first: JobRow, claimMore: ClaimMore) => Promise<number>;
  /** Most jobs of one group (JobRow.groupKey) in flight at once. */
  perGroup: (deps: AppDeps) => number;
}

export interface JobRegistry {
  handlers: Record<string, JobHandler>;
  recurring: RecurringJob[];
  /** Names the poll loop runs as streams; "run this job now" runs one of them alone. */
  streamed?: Record<string, StreamedJob>;
}

/**
 * Jobs are claimed one at a time: a lease covers one job, and a webhook attempt alone may take 15 s,
 * so a batch run one job after another could outlive its lease and be claimed twice by another
 * worker. Streamed names (registry.streamed) claim a job only when it can start at once instead.
 */
const BATCH = 1;

/** A recurring job's one pending row per name is kept by this unique key. */
const recurringKey = (name: string): string => `recurring:${name}`;

/** The recurring job this row is a run of (none for a one-off job of the same name), and its next run. */
function nextRunOf(registry: JobRegistry, job: JobRow): { name: string; runAt: Date; uniqueKey: string } | undefined {
  const recurring = registry.recurring.find((r) => r.name === job.name && job.uniqueKey === recurringKey(r.name));
  if (!recurring) return undefined;
  return {
    name: recurring.name,
    runAt: new Date(job.runAt.getTime() + recurring.everySeconds * 1000),
    uniqueKey: recurringKey(recurring.name),
  };
}

/**
 * Runs one claimed job and marks it done (or failed). With `stateBy`, the statement that marks it done
 * also answers the queue's state (queueState at the clock's now, next due by `stateBy`); a failed or
 * streamed job answers none.
 */
async function runOne(deps: AppDeps, registry: JobRegistry, job: JobRow, stateBy?: Date): Promise<QueueState | undefined> {
  const streamed = registry.streamed?.[job.name];
  if (streamed) {
    await runStream(deps, job, streamed, async () => []);
    return undefined;
  }
  const handler = registry.handlers[job.name];
  const now = deps.clock.now();
  const next = nextRunOf(registry, job);
  try {
    if (!handler) throw new Error(`no handler for job ${job.name}`);
    await handler(deps, job);
    const finishedAt = deps.clock.now();
    if (stateBy) return await completeJobWithState(deps.db, job.id, finishedAt, next, { now: finishedAt, before: stateBy });
    if (next) await completeAndQueueNext(deps.db, job.id, finishedAt, next);
    else await completeJob(deps.db, job.id, finishedAt);
  } catch (error) {
    deps.logger.error({ err: error, job: job.name, jobId: job.id }, 'job failed');
    const parked = await failJob(deps.db, job, error, new Date(now.getTime() + 30_000));
    // A parked periodic run must not end the schedule: queue the next regular run.
    if (parked && next) await enqueue(deps.db, next, deps.clock.now());
  }
  return undefined;
}

export async function scheduleRecurring(deps: AppDeps, job: RecurringJob, runAt: Date): Promise<void> {
  await enqueue(deps.db, { name: job.name, runAt, uniqueKey: recurringKey(job.name) }, deps.clock.now());
}

/** Makes sure every recurring job has its next run queued (idempotent; safe from many processes). */
export async function ensureRecurring(deps: AppDeps, registry: JobRegistry): Promise<void> {
  const now = deps.clock.now();
  // One statement for all of them (start time).
  await enqueueAll(
    deps.db,
    registry.recurring.map((job) => ({
      name: job.name,
      runAt: job.firstRunAt ? job.firstRunAt(now) : new Date(now.getTime() + job.everySeconds * 1000),
      uniqueKey: recurringKey(job.name),
    })),
    now,
  );
}

/**
 * A stream that throws has lost track of what it holds: those jobs stay claimed and run again when
 * their lease ends (at least once), as after a crash.
 */
async function runStream(deps: AppDeps, first: JobRow, streamed: StreamedJob, claimMore: ClaimMore): Promise<number> {
  try {
    return await streamed.run(deps, first, claimMore);
  } catch (error) {
    deps.logger.error({ err: error, job: first.name }, 'job stream failed; its claimed jobs run again after their lease');
    return 1;
  }
}

/**
 * How many jobs this process has run on each database, by any loop (an advance, the background worker,
 * the operator's "run now"): an advance reports the runs of its interval, including those the background
 * loop of the same process took from it.
 */
const runsByDatabase = new WeakMap<object, { count: number }>();

function runsOf(db: object): { count: number } {
  let runs = runsByDatabase.get(db);
  if (!runs) runsByDatabase.set(db, (runs = { count: 0 }));
  return runs;
}

/**
 * Runs every job due at the clock's now, until none is left. Returns how many ran. The oldest due
 * job decides what runs next, so jobs keep their time order; when it is of a streamed name, the due
 * jobs of that name run with it as one stream. `beforeEach` runs before each claim (the background
 * loop waits there for requests to pass: request-gate.ts).
 */
export async function runDueJobs(
  deps: AppDeps,
  registry: JobRegistry,
  beforeEach?: () => Promise<void>,
  settled?: { by: Date; check: (after: QueueState | undefined) => Promise<boolean> },
): Promise<number> {
  let ran = 0;
  const leaseSeconds = deps.config.SVC_JOB_LEASE_SECONDS;
  for (;;) {
    await beforeEach?.();
    const [job] = await claimJobs(deps.db, { now: deps.clock.now(), limit: BATCH, leaseSeconds });
    if (!job) return ran;
    const streamed = registry.streamed?.[job.name];
    let after: QueueState | undefined;
    const before = ran;
    if (!streamed) {
      after = await runOne(deps, registry, job, settled?.by);
      ran++;
    } else {
      const perGroup = streamed.perGroup(deps);
      ran += await runStream(deps, job, streamed, (limit, busy) =>
        claimGroupedJobs(deps.db, { now: deps.clock.now(), name: job.name, limit, perGroup, leaseSeconds, busy }),
      );
    }
    runsOf(deps.db).count += ran - before;
    // The clock's advance asks whether anything is left instead of claiming once more to find out
    // (the job's completion answered it, unless the job failed or was streamed).
    if (settled && (await settled.check(after))) return ran;
  }
}

/**
 * Runs what is due at the clock's now and waits for the jobs other workers (the background loop)
 * took, until nothing due is pending or running; a job must finish before time moves past its due
 * instant, or it would read a later clock (and run out of order with the next one). It looks again
 * every millisecond: the background loop often takes a daily job first and ends it within a few, and
 * a year's advance stops about four times a day, so a longer pause was most of an advance's time.
 * Bounded at 10,000 looks (10 s and more). Returns how many ran here and the next job due by `until`,
 * read by the same query that found the queue settled.
 */
async function settle(
  deps: AppDeps,
  registry: JobRegistry,
  until: Date,
  { dueKnown }: { dueKnown: boolean },
): Promise<{ ran: number; next: Date | null }> {
  let ran = 0;
  const last: { state: QueueState } = { state: { unsettled: 1, next: null } };
  const settledNow = async (known?: QueueState): Promise<boolean> => {
    last.state = known ?? (await queueState(deps.db, deps.clock.now(), until));
    return last.state.unsettled === 0;
  };
  // Where no job is known to be due (an advance's first and last stop), the queue's state is asked
  // first: an empty claim costs more than the question, and an advance of a day at a time asked it
  // twice a day for nothing.
  if (!dueKnown && (await settledNow())) return { ran, next: last.state.next };
  for (let i = 0; i < 10_000; i++) {
    last.state = { unsettled: 1, next: null };
    ran += await runDueJobs(deps, registry, undefined, { by: until, check: settledNow });
    // Ended by a claim that found nothing: what other workers hold is still to be asked.
    if (last.state.unsettled === 0 || (await settledNow())) break;
    await new Promise((r) => setTimeout(r, 1));
  }
  return { ran, next: last.state.next };
}

/**
 * Moves the manual clock forward, stopping at each job's due time so jobs run in time order and at
 * the exact instant they were due (a retry 30 s later sees the clock at +30 s). Concurrent advances, in
 * this process or another on the same database, run one after the other (D-63); each answers the time
 * it moved the clock to.
 */
export function advanceClock(
  deps: AppDeps,
  registry: JobRegistry,
  clock: ManualClock,
  seconds: number,
): Promise<{ jobsRun: number; now: Date }> {
  return withAdvanceLock(deps, async () => {
    const runs = runsOf(deps.db);
    const before = runs.count;
    if (clock instanceof SharedManualClock) await clock.pull();
    const from = clock.now();
    await advanceUnlocked(deps, registry, clock, seconds);
    const now = clock.now();
    // The jobs of the interval that another process's worker took (it waits for them, D-63) ran too:
    // without them `npm start` on PostgreSQL, whose worker is a process of its own, reported fewer.
    const elsewhere = clock instanceof SharedManualClock ? await finishedByOthers(deps.db, from, now) : 0;
    return { jobsRun: runs.count - before + elsewhere, now };
  });
}

async function advanceUnlocked(deps: AppDeps, registry: JobRegistry, clock: ManualClock, seconds: number): Promise<void> {
  // A clock shared with other processes publishes each step, so a worker process runs each job at
  // the instant this process stopped at.
  const publish = async (): Promise<void> => {
    if (clock instanceof SharedManualClock) await clock.push();
  };
  const target = new Date(clock.now().getTime() + seconds * 1000);
  let { next } = await settle(deps, registry, target, { dueKnown: false });
  while (next) {
    if (next.getTime() > clock.now().getTime()) {
      clock.set(next);
      await publish();
    }
    // A job is due at this stop (another worker may take it first: settle waits for that too).
    next = (await settle(deps, registry, target, { dueKnown: true })).next;
  }
  // Another process on the shared clock may already have moved past the target: never go back.
  if (target.getTime() > clock.now().getTime()) clock.set(target);
  await publish();
  await settle(deps, registry, target, { dueKnown: false });
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
      runsOf(deps.db).count++;
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
   * The database's change feed: a queued job that is due (trigger in migrations/0012_job_queued_due.sql)
   * wakes an idle worker at once, in this process or another, so a webhook leaves within milliseconds of its
   * event rather than at the next poll. Polling stays, for jobs that fall due later.
   */
  changes?: ChangeFeed;
}

const JOB_QUEUED_CHANNEL = 'svc_job_queued';
/** Longest a job waits for the server to be idle (request-gate.ts, D-85): under load that never pauses, about ten jobs a second still run. */
const REQUESTS_FIRST_MAX_WAIT_MS = 100;

/** The background loop: with either clock it runs every job due at the clock's now. */
export function startWorker(deps: AppDeps, registry: JobRegistry, { intervalMs = 200, changes }: WorkerOptions = {}): Worker {
  let stopped = false;
  let running = false;
  // A job queued while a round runs may have been missed by that round's last claim: run once more.
  let again = false;
  let current: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const gate = deps.requestGate;
  const requestsFirst = gate ? () => gate.idle(REQUESTS_FIRST_MAX_WAIT_MS) : undefined;
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
        .then(() => runDueJobs(deps, registry, requestsFirst))
        .catch((error: unknown) => deps.logger.error({ err: error }, 'worker tick failed'));
      await current;
    } while (again && !stopped);
    running = false;
    if (!stopped) timer = setTimeout(() => void tick(), intervalMs);
  };
  const wake = (): void => void tick();
  // The announcement says when the earliest job it queued falls due (migration 0012): one due later
  // (a regulator step five seconds on) is left to the poll, so a write does not cost a claim that
  // finds nothing. A shared manual clock may be behind here until the tick pulls it: it always looks.
  const queued = (payload: string): void => {
    const due = payload === '' ? NaN : Number(payload);
    if (Number.isFinite(due) && !(deps.clock instanceof SharedManualClock) && due > deps.clock.now().getTime()) return;
    wake();
  };
  void changes
    ?.listen(JOB_QUEUED_CHANNEL, { changed: queued, live: wake, lost: () => undefined })
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
