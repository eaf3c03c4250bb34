// The simulated regulator moving a Form 484 on (sandbox.md "Lodgements and business accounts"), as a
// step of the durable `regulator-progress` job: `new` -> `submitted` -> `finished`; a company name
// containing MANUAL REVIEW goes `manual review` -> `finished`; one containing REJECT ends `rejected`.
// Each step names the status it expects, so a step run twice (lease expiry) moves nothing twice.
import type { Clock } from '../../clock.js';
import type { AppDeps } from '../../deps.js';
import { enqueue } from '../../jobs/queue.js';
import type { Database } from '../../store/db.js';
import { regulatorPath } from '../../registers/regulator.js';
import { FORM484_STATUSES, type Form484StatusValue } from '../../../schemas/form484/index.js';
import { REGULATOR_PROGRESS_JOB } from '../lodgements/regulator-job.js';
import { lockForm484, moveForm484 } from './status.js';
import type { Form484Row } from '../../store/schema/form484.js';

/** Marks a regulator-progress step as a Form 484's (the other lodgements' steps carry no `form`). */
export const FORM484_STEP = 'form484';
/** From `new` to `submitted`: the regulator takes the lodgement almost at once. */
export const FORM484_SUBMIT_DELAY_SECONDS = 5;
/** Each later step (`submitted` to a decision, `manual review` to `finished`). */
export const FORM484_DECISION_DELAY_SECONDS = 60;

export interface Form484Step {
  requestId: number;
  expect: Form484StatusValue;
}

function pathOf(row: Form484Row): readonly Form484StatusValue[] {
  return ['new', ...regulatorPath(row.companyName)];
}

/** Queues the next step of a lodgement that is in `row.status`, if its path goes on from there. */
export async function scheduleForm484Step(db: Database, clock: Clock, row: Form484Row): Promise<void> {
  const path = pathOf(row);
  const at = path.indexOf(row.status as Form484StatusValue);
  if (at < 0 || at === path.length - 1) return;
  const now = clock.now();
  const delay = row.status === 'new' ? FORM484_SUBMIT_DELAY_SECONDS : FORM484_DECISION_DELAY_SECONDS;
  await enqueue(
    db,
    {
      name: REGULATOR_PROGRESS_JOB,
      payload: { form: FORM484_STEP, requestId: row.requestId, expect: row.status },
      runAt: new Date(now.getTime() + delay * 1000),
    },
    now,
  );
}

export async function runForm484Step(deps: Pick<AppDeps, 'db' | 'clock'>, step: Form484Step): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockForm484(tx, step.requestId);
    if (!row || row.status !== step.expect) return;
    const path = pathOf(row);
    const at = path.indexOf(step.expect);
    const next = at < 0 ? undefined : FORM484_STATUSES.find((status) => status === path[at + 1]);
    if (!next) return;
    const moved = await moveForm484(tx, deps.clock, row, next);
    await scheduleForm484Step(tx, deps.clock, moved);
  });
}
