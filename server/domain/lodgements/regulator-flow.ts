// How a lodgement record moves, once for every kind (the D-36 lodgements and Form 484, D-46): a move
// locks the row, writes the new status, and announces it to the account's endpoints of the row's
// environment in the same transaction (outbox), so two concurrent moves cannot both announce one
// transition. The simulated regulator (sandbox.md "Clock and jobs": regulator progress) moves a record
// along `new`, then the path its name chooses (registers/regulator.ts), one durable job a step; each
// step names the status it expects, so an operator's move wins and a step run twice (lease expiry)
// moves nothing twice. A flow says only what differs between the kinds.
import type { Clock } from '../../clock.js';
import type { AppDeps } from '../../deps.js';
import type { Environment } from '../../ids.js';
import { emitEvent, type OutboundEvent } from '../../delivery/events.js';
import { enqueue, type NewJob } from '../../jobs/queue.js';
import type { JobForRow } from '../../jobs/row-with-job.js';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { regulatorPath } from '../../registers/regulator.js';
import type { Database } from '../../store/db.js';
import { REGULATOR_PROGRESS_JOB } from './regulator-job.js';

/** From `new` to `submitted`: the regulator takes the lodgement almost at once. */
export const REGULATOR_SUBMIT_DELAY_SECONDS = 5;
/** Each later step (`submitted` to a decision, `manual review` to `finished`). */
export const REGULATOR_DECISION_DELAY_SECONDS = 60;

export interface MovableRow {
  requestId: number;
  status: string;
  accountId: string;
  environment: string;
}

export interface RegulatorFlow<Row extends MovableRow, Status extends string> {
  /** The record's name in an error that should never happen. */
  what: string;
  statuses: readonly Status[];
  /** The row, locked until the surrounding transaction ends. */
  lock: (db: Database, requestId: number) => Promise<Row | undefined>;
  /** Writes `status` (and what it brings) to the row; the row as it now is. */
  write: (db: Database, row: Row, status: Status, now: Date) => Promise<Row | undefined>;
  /** The event a move into the row's (new) status announces, or null when it announces none. */
  announcement: (moved: Row, at: Date) => Pick<OutboundEvent, 'event' | 'payload'> | null;
  /** The name that chooses the regulator's path. */
  nameOf: (row: Row) => string | null;
  /** What marks this flow's steps in the job payload (the D-36 lodgements carry no marker). */
  stepMarker: Record<string, string>;
  /** Whether a move into `status` may announce an event, for any row of the flow. */
  mayAnnounce: (status: Status) => boolean;
  /**
   * Moves the row from `move.from` to `move.to` and queues `move.next`, in one statement and without
   * a lock: nothing is written when the row is no longer in `move.from`. For a move that announces
   * nothing and writes only the status (the first step, `new` to `submitted`).
   */
  moveFrom?: (db: Database, move: UnannouncedMove<Status>) => Promise<void>;
}

export interface UnannouncedMove<Status extends string> {
  requestId: number;
  from: Status;
  to: Status;
  now: Date;
  next: NewJob;
}

/** Moves a locked row. Setting the status it already has is not a transition: nothing is written or sent. */
export async function moveLocked<Row extends MovableRow, Status extends string>(
  flow: RegulatorFlow<Row, Status>,
  db: Database,
  clock: Clock,
  row: Row,
  status: Status,
): Promise<Row> {
  if (row.status === status) return row;
  const now = clock.now();
  const moved = await flow.write(db, row, status, now);
  if (!moved) throw new Error(`${flow.what} ${row.requestId} vanished while locked`);
  const announcement = flow.announcement(moved, now);
  if (announcement)
    await emitEvent(db, clock, { accountId: moved.accountId, environment: moved.environment as Environment, ...announcement });
  return moved;
}

/** The operator's move: any status, from any status, with its event; undefined when there is no such row. */
export async function setStatus<Row extends MovableRow, Status extends string>(
  flow: RegulatorFlow<Row, Status>,
  ctx: Pick<AppDeps, 'db' | 'clock'>,
  requestId: number,
  status: Status,
): Promise<Row | undefined> {
  return ctx.db.transaction(async (tx) => {
    const row = await flow.lock(tx, requestId);
    return row ? moveLocked(flow, tx, ctx.clock, row, status) : undefined;
  });
}

function pathOf<Row extends MovableRow, Status extends string>(flow: RegulatorFlow<Row, Status>, row: Row): readonly string[] {
  return ['new', ...regulatorPath(flow.nameOf(row))];
}

/** Queues the regulator's next step for a row in `row.status`, if its path goes on from there. */
export async function scheduleStep<Row extends MovableRow, Status extends string>(
  flow: RegulatorFlow<Row, Status>,
  db: Database,
  clock: Clock,
  row: Row,
): Promise<void> {
  const path = pathOf(flow, row);
  const at = path.indexOf(row.status);
  if (at < 0 || at === path.length - 1) return;
  const now = clock.now();
  await enqueue(db, stepJob(flow, row.requestId, row.status, now), now);
}

/** The regulator's step for a row that reached `status` at `now`. */
function stepJob<Row extends MovableRow, Status extends string>(
  flow: RegulatorFlow<Row, Status>,
  requestId: number,
  status: string,
  now: Date,
): NewJob {
  const delay = status === 'new' ? REGULATOR_SUBMIT_DELAY_SECONDS : REGULATOR_DECISION_DELAY_SECONDS;
  return {
    name: REGULATOR_PROGRESS_JOB,
    payload: { ...flow.stepMarker, requestId, expect: status },
    runAt: new Date(now.getTime() + delay * 1000),
  };
}

/**
 * Where every path of the regulator goes from `new` (registers/regulator.ts): the name decides only
 * what comes after it, and every path has a decision after it.
 */
export const FIRST_STEP_STATUS = 'submitted';

/**
 * The first step of a row just lodged (`new`, whose path always goes on), as the job written with the
 * row in one statement (jobs/row-with-job.ts): what scheduleStep queues for a `new` row.
 */
export function firstStepJob<Row extends MovableRow, Status extends string>(
  flow: RegulatorFlow<Row, Status>,
  idColumn: PgColumn,
): JobForRow {
  return { name: REGULATOR_PROGRESS_JOB, payload: { ...flow.stepMarker, expect: 'new' }, idKey: 'requestId', idColumn };
}

/** When the first step of a row lodged at `now` falls due. */
export function firstStepAt(now: Date): Date {
  return new Date(now.getTime() + REGULATOR_SUBMIT_DELAY_SECONDS * 1000);
}

/** Runs one step: the next status of the path, if the row is still where the step expects it. */
export async function runStep<Row extends MovableRow, Status extends string>(
  flow: RegulatorFlow<Row, Status>,
  deps: Pick<AppDeps, 'db' | 'clock'>,
  step: { requestId: number; expect: Status },
): Promise<void> {
  // The first step needs neither the row nor a lock when its move announces nothing: one statement
  // moves the row if it is still `new` and queues the decision step, where a transaction of five
  // (lock, write, queue) cost every lodgement four more round trips. An operator's move in between
  // leaves the row out of `new`, and the statement moves nothing, as the lock's check would.
  const first = flow.statuses.find((status) => status === FIRST_STEP_STATUS);
  if (step.expect === 'new' && first && flow.moveFrom && !flow.mayAnnounce(first)) {
    if (!Number.isSafeInteger(step.requestId)) return;
    const now = deps.clock.now();
    await flow.moveFrom(deps.db, {
      requestId: step.requestId,
      from: step.expect,
      to: first,
      now,
      next: stepJob(flow, step.requestId, first, now),
    });
    return;
  }
  await deps.db.transaction(async (tx) => {
    const row = await flow.lock(tx, step.requestId);
    if (!row || row.status !== step.expect) return;
    const path = pathOf(flow, row);
    const at = path.indexOf(step.expect);
    const next = at < 0 ? undefined : flow.statuses.find((status) => status === path[at + 1]);
    if (!next) return;
    const moved = await moveLocked(flow, tx, deps.clock, row, next);
    await scheduleStep(flow, tx, deps.clock, moved);
  });
}
