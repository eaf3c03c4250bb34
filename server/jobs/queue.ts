// Durable jobs: rows in the database, claimed with FOR UPDATE SKIP LOCKED under a lease, so several
// workers can share one PostgreSQL without double work and a job survives the death of its worker.
import { randomUUID } from 'node:crypto';
import { and, eq, fillPlaceholders, gt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../store/db.js';
import { jobs } from '../store/schema/index.js';
import type { JobRow } from '../store/schema/jobs.js';
import { perHandle, preparedSql } from '../store/per-handle.js';

const MAX_ATTEMPTS = 5;

export interface NewJob {
  name: string;
  payload?: Record<string, unknown>;
  runAt: Date;
  /** At most one pending job per unique key (recurring jobs). */
  uniqueKey?: string;
  /** The concurrency group (claimGroupedJobs): a webhook delivery's endpoint. */
  groupKey?: string;
}

export async function enqueue(db: Database, job: NewJob, createdAt: Date): Promise<void> {
  await enqueueAll(db, [job], createdAt);
}

/** Several jobs in one statement; each one whose unique key is pending already is left out, as enqueue does. */
export async function enqueueAll(db: Database, queued: readonly NewJob[], createdAt: Date): Promise<void> {
  if (queued.length === 0) return;
  await db
    .insert(jobs)
    .values(
      queued.map((job) => ({
        name: job.name,
        payload: job.payload ?? {},
        runAt: job.runAt,
        uniqueKey: job.uniqueKey ?? null,
        groupKey: job.groupKey ?? null,
        createdAt,
      })),
    )
    .onConflictDoNothing();
}

export const WORKER_ID = `worker-${process.pid}-${randomUUID().slice(0, 8)}`;

/**
 * Jobs that other processes' workers finished with their clock in (from, to]: on a shared manual clock,
 * what they ran of an advance's interval (a job run at a stop finishes at that stop's instant).
 */
export async function finishedByOthers(db: Database, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(jobs)
    .where(and(eq(jobs.state, 'done'), ne(jobs.lockedBy, WORKER_ID), gt(jobs.finishedAt, from), lte(jobs.finishedAt, to)));
  return row?.count ?? 0;
}

interface ClaimVariant {
  byName: boolean;
  ignoreRunAt: boolean;
}

/**
 * One prepared claim per variant and handle (a named statement's text must never change). A job is
 * claimable when pending and due, or running under a lease that has ended. The two are read apart,
 * each the oldest first straight off the index on (state, run_at, id), at most `limit` of each, and
 * the oldest `limit` of both are claimed: a single read with `OR` between them could use no index
 * order, so every claim read and sorted every due job, and draining a backlog of n jobs cost n²
 * (10,000 queued jobs: 4.9 ms a claim on PostgreSQL, 0.3 ms this way). A row locked by one read and
 * not claimed is free again when the statement ends.
 */
function buildClaim(db: Database, { byName, ignoreRunAt }: ClaimVariant) {
  const due = ignoreRunAt ? sql`true` : sql`${jobs.runAt} <= ${sql.placeholder('now')}::timestamptz`;
  const named = byName ? sql`${jobs.name} = ${sql.placeholder('name')}` : sql`true`;
  const oldest = (alias: string, where: SQL) =>
    db.$with(alias).as(
      db
        .select({ id: jobs.id, runAt: jobs.runAt })
        .from(jobs)
        .where(sql`${where} AND ${named}`)
        .orderBy(jobs.runAt, jobs.id)
        .limit(sql.placeholder('limit'))
        .for('update', { skipLocked: true }),
    );
  const pending = oldest('claim_pending', sql`${jobs.state} = 'pending' AND ${due}`);
  const expired = oldest('claim_expired', sql`${jobs.state} = 'running' AND ${jobs.leaseUntil} < now()`);
  // The claimed rows come back from the UPDATE itself: one statement per claim, where a second read
  // of the rows by id cost every job (a year of the sandbox clock runs about 1,500) one more.
  return db
    .with(pending, expired)
    .update(jobs)
    .set({
      state: 'running',
      lockedBy: sql`${sql.placeholder('workerId')}`,
      leaseUntil: sql`now() + make_interval(secs => ${sql.placeholder('leaseSeconds')})`,
      attempts: sql`${jobs.attempts} + 1`,
    })
    .where(
      sql`${jobs.id} IN (select "id" from (select "id", "run_at" from ${pending} union all select "id", "run_at" from ${expired}) as "claimable"
        order by "run_at", "id" limit ${sql.placeholder('limit')})`,
    )
    .returning()
    .prepare(`job_claim${byName ? '_by_name' : ''}${ignoreRunAt ? '_any_time' : ''}`);
}

const claims = [false, true].flatMap((byName) =>
  [false, true].map((ignoreRunAt) => ({ byName, ignoreRunAt, of: perHandle((db) => buildClaim(db, { byName, ignoreRunAt })) })),
);

type ClaimOptions = { now: Date; limit: number; leaseSeconds: number; name?: string; ignoreRunAt?: boolean; workerId?: string };

/**
 * Claims due jobs (or every pending job of one name when `name` is given with `ignoreRunAt`). The
 * lease (`SVC_JOB_LEASE_SECONDS`) is measured by the database's own wall clock, not the service
 * clock: it protects against a dead worker in real elapsed time, which a manual test clock must not
 * stretch or shrink. Prepared: a year of the sandbox clock claims some 3,000 times.
 */
export async function claimJobs(db: Database, options: ClaimOptions): Promise<JobRow[]> {
  const claimed = await claimOf(db, options).execute(claimValues(options));
  return claimed.sort(byDueOrder);
}

function claimOf(db: Database, options: ClaimOptions) {
  const byName = options.name !== undefined;
  const ignoreRunAt = options.ignoreRunAt === true;
  return claims.find((c) => c.byName === byName && c.ignoreRunAt === ignoreRunAt)!.of(db);
}

function claimValues(options: ClaimOptions): Record<string, unknown> {
  return {
    now: options.now.toISOString(),
    name: options.name,
    limit: options.limit,
    workerId: options.workerId ?? WORKER_ID,
    leaseSeconds: options.leaseSeconds,
  };
}

/** The statement claimJobs sends for these options, with its values: for EXPLAIN in the tests. */
export function claimStatement(db: Database, options: ClaimOptions): { text: string; values: unknown[] } {
  const query = claimOf(db, options).getQuery();
  return { text: query.sql, values: fillPlaceholders(query.params, claimValues(options)) };
}

/** Oldest due first, then in the order queued (RETURNING and ANY(...) promise no order). */
function byDueOrder(a: JobRow, b: JobRow): number {
  return a.runAt.getTime() - b.runAt.getTime() || a.id - b.id;
}

/**
 * Claims up to `limit` due jobs of one name, oldest first, so that no group has more than
 * `perGroup` once those the worker already runs (`busy`, by group) are counted. The oldest due
 * rows are ranked within their group without locking them (a group already full is passed over,
 * however many of its jobs wait), then the chosen ones are locked with SKIP LOCKED and their state
 * checked again, so two workers never claim one job: a worker that loses a race gets fewer.
 */
export async function claimGroupedJobs(
  db: Database,
  options: { now: Date; name: string; limit: number; perGroup: number; leaseSeconds: number; busy: ReadonlyMap<string, number> },
): Promise<JobRow[]> {
  if (options.limit <= 0) return [];
  const busy = JSON.stringify(Object.fromEntries(options.busy));
  const due = sql`((${jobs.state} = 'pending' AND ${jobs.runAt} <= ${options.now}) OR (${jobs.state} = 'running' AND ${jobs.leaseUntil} < now())) AND ${jobs.name} = ${options.name}`;
  // The candidates: the oldest due and the oldest whose lease ended, each read in index order (as in
  // buildClaim), of groups not already full.
  const candidates = Math.max(options.limit * 4, 256);
  const oldest = (claimable: SQL): SQL => sql`SELECT ${jobs.id}, ${jobs.runAt}, ${jobs.groupKey} FROM ${jobs}
            WHERE ${claimable} AND ${jobs.name} = ${options.name}
              AND NOT EXISTS (SELECT 1 FROM busy WHERE busy.group_key = coalesce(${jobs.groupKey}, '') AND busy.n >= ${options.perGroup})
            ORDER BY ${jobs.runAt}, ${jobs.id}
            LIMIT ${candidates}`;
  const result = await db.execute(sql`
    WITH busy AS (SELECT key AS group_key, value::int AS n FROM jsonb_each_text(${busy}::jsonb))
    UPDATE ${jobs} SET state = 'running', locked_by = ${WORKER_ID},
      lease_until = now() + make_interval(secs => ${options.leaseSeconds}), attempts = ${jobs.attempts} + 1
    WHERE ${jobs.id} IN (
      SELECT ${jobs.id} FROM ${jobs}
      WHERE ${jobs.id} IN (
        SELECT ranked.id FROM (
          SELECT candidates.id, candidates.run_at, candidates.group_key,
            row_number() OVER (PARTITION BY candidates.group_key ORDER BY candidates.run_at, candidates.id) AS place
          FROM (
            SELECT * FROM (${oldest(sql`${jobs.state} = 'pending' AND ${jobs.runAt} <= ${options.now}`)}) AS pending
            UNION ALL
            SELECT * FROM (${oldest(sql`${jobs.state} = 'running' AND ${jobs.leaseUntil} < now()`)}) AS expired
            ORDER BY run_at, id
            LIMIT ${candidates}
          ) AS candidates
        ) AS ranked
        LEFT JOIN busy ON busy.group_key = coalesce(ranked.group_key, '')
        WHERE ranked.place <= ${options.perGroup} - coalesce(busy.n, 0)
        ORDER BY ranked.run_at, ranked.id
        LIMIT ${options.limit}
      ) AND ${due}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id`);
  return selectClaimed(db, result);
}

/** The claimed rows, typed, in the order they fell due. */
async function selectClaimed(db: Database, claimed: unknown): Promise<JobRow[]> {
  const ids = (claimed as { rows: { id: number | string }[] }).rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(jobs)
    .where(sql`${jobs.id} = ANY(${sql.raw(`ARRAY[${ids.join(',')}]::bigint[]`)})`);
  return rows.sort(byDueOrder);
}

export async function completeJob(db: Database, id: number, finishedAt: Date): Promise<void> {
  await completeJobs(db, [id], finishedAt);
}

const done = { state: 'done', uniqueKey: null, leaseUntil: null } as const;

const completion = perHandle((db) =>
  db
    .update(jobs)
    .set({ ...done, finishedAt: sql`${sql.placeholder('finishedAt')}::timestamptz` })
    .where(sql`${jobs.id} = ANY(${sql.placeholder('ids')}::bigint[])`)
    .prepare('job_complete'),
);

/** Job ids as one array parameter (a prepared statement takes any number of them). */
const idArray = (ids: readonly number[]): string => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

export async function completeJobs(db: Database, ids: readonly number[], finishedAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await completion(db).execute({ ids: idArray(ids), finishedAt: finishedAt.toISOString() });
}

/** The job `id` marked done at `finishedAt`, as a WITH's "done". */
const markDone = sql`"done" as (
      update ${jobs} set "state" = 'done', "finished_at" = ${sql.placeholder('finishedAt')}::timestamptz, "unique_key" = null, "lease_until" = null
      where ${jobs.id} = ${sql.placeholder('id')}::bigint returning ${jobs.id})`;

/**
 * The next run (`name`, `runAt`, `uniqueKey`) queued once "done" has run; one already pending under
 * the key stays. The insert reads from the update, so the update has run when the insert checks the
 * key, and the key the update cleared no longer conflicts (the old row version was changed by this
 * very statement).
 */
const queueNextRun = sql`insert into ${jobs} ("name", "payload", "run_at", "unique_key", "created_at")
    select ${sql.placeholder('name')}::text, '{}'::jsonb, ${sql.placeholder('runAt')}::timestamptz, ${sql.placeholder('uniqueKey')}::text,
      ${sql.placeholder('finishedAt')}::timestamptz
    from "done"
    on conflict do nothing`;

const completionAndNext = preparedSql('job_complete_and_next', () => sql`with ${markDone} ${queueNextRun}`);

/**
 * A recurring job's run is done and its next run queued, in one statement: a year of the sandbox
 * clock runs some 1,500 of them. As with enqueue, a next run already pending under the key stays.
 */
export async function completeAndQueueNext(
  db: Database,
  id: number,
  finishedAt: Date,
  next: { name: string; runAt: Date; uniqueKey: string },
): Promise<void> {
  await completionAndNext(db).execute({
    id,
    finishedAt: finishedAt.toISOString(),
    name: next.name,
    runAt: next.runAt.toISOString(),
    uniqueKey: next.uniqueKey,
  });
}

/**
 * The queue's state right after a job is done, read by the statement that marks it done (the manual
 * clock's advance asks after every job, and a year of it runs some 1,500). The statement's subqueries
 * see the rows as they were before it, so the finished job is left out of them by id, and the next run
 * it queues (if any) is counted from the insert's own RETURNING.
 */
const stateAfter = (queued: SQL | undefined): SQL => sql`select
    (select count(*)::int from ${jobs} where ${jobs.id} <> ${sql.placeholder('id')}::bigint
      and ((${jobs.state} = 'running' and ${jobs.leaseUntil} >= now()) or (${jobs.state} = 'pending' and ${jobs.runAt} <= ${sql.placeholder('now')}::timestamptz)))
      ${queued ? sql`+ (select count(*)::int from ${queued} where "run_at" <= ${sql.placeholder('now')}::timestamptz)` : sql``} as "unsettled",
    (select min("run_at") from (
      select ${jobs.runAt} as "run_at" from ${jobs} where ${jobs.id} <> ${sql.placeholder('id')}::bigint and ${jobs.state} = 'pending'
        and ${jobs.runAt} <= ${sql.placeholder('before')}::timestamptz
      ${queued ? sql`union all select "run_at" from ${queued} where "run_at" <= ${sql.placeholder('before')}::timestamptz` : sql``}
    ) as "due") as "next"`;

const completionWithState = preparedSql('job_complete_with_state', () => sql`with ${markDone} ${stateAfter(undefined)}`);

const completionAndNextWithState = preparedSql(
  'job_complete_and_next_with_state',
  () => sql`with ${markDone}, "queued" as (${queueNextRun} returning "run_at") ${stateAfter(sql`"queued"`)}`,
);

/**
 * completeJob or completeAndQueueNext (with `next`), answering with the queue's state afterwards as
 * queueState(db, now, before) would.
 */
export async function completeJobWithState(
  db: Database,
  id: number,
  finishedAt: Date,
  next: { name: string; runAt: Date; uniqueKey: string } | undefined,
  at: { now: Date; before: Date },
): Promise<QueueState> {
  const values = { id, finishedAt: finishedAt.toISOString(), now: at.now.toISOString(), before: at.before.toISOString() };
  const { rows } = next
    ? await completionAndNextWithState(db).execute({
        ...values,
        name: next.name,
        runAt: next.runAt.toISOString(),
        uniqueKey: next.uniqueKey,
      })
    : await completionWithState(db).execute(values);
  const row = rows[0] as { unsettled: number | string; next: Date | string | null } | undefined;
  return { unsettled: Number(row?.unsettled ?? 0), next: row?.next ? new Date(row.next) : null };
}

/** A job that threw is retried a few times (its lease released), then parked as failed. True when parked. */
export async function failJob(db: Database, job: JobRow, error: unknown, retryAt: Date): Promise<boolean> {
  const message = error instanceof Error ? error.message : String(error);
  const finalFailure = job.attempts >= MAX_ATTEMPTS;
  await db
    .update(jobs)
    .set(
      finalFailure
        ? { state: 'failed', lastError: message, uniqueKey: null, leaseUntil: null }
        : { state: 'pending', lastError: message, runAt: retryAt, leaseUntil: null },
    )
    .where(and(eq(jobs.id, job.id)));
  return finalFailure;
}

const stateOfQueue = perHandle((db) =>
  db
    .select({
      unsettled: sql<number>`(select count(*)::int from ${jobs}
        where (${jobs.state} = 'running' AND ${jobs.leaseUntil} >= now()) OR (${jobs.state} = 'pending' AND ${jobs.runAt} <= ${sql.placeholder('now')}::timestamptz))`.mapWith(
        Number,
      ),
      next: sql<Date | null>`(select ${jobs.runAt} from ${jobs}
        where ${jobs.state} = 'pending' and ${jobs.runAt} <= ${sql.placeholder('before')}::timestamptz order by ${jobs.runAt} limit 1)`.mapWith(
        jobs.runAt,
      ),
    })
    .from(sql`(values (1)) as "one"`)
    .prepare('job_queue_state'),
);

export interface QueueState {
  unsettled: number;
  next: Date | null;
}

/**
 * Where the queue stands, in one query: `unsettled` counts the jobs still to settle at `now` (running
 * under a live lease, or pending and due; a job a worker is claiming at this moment counts either as
 * pending or as running, never as neither), and `next` is the earliest pending job due by `before`.
 */
export async function queueState(db: Database, now: Date, before: Date): Promise<QueueState> {
  const [row] = await stateOfQueue(db).execute({ now: now.toISOString(), before: before.toISOString() });
  return { unsettled: row?.unsettled ?? 0, next: row?.next ?? null };
}
