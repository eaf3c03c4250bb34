// The simulated regulator moving a lodgement on by itself (sandbox.md "Clock and jobs": partner and
// regulator progress). Each step is a durable job that names the status it expects to find: if the
// operator moved the lodgement meanwhile, the job finds another status and the simulation stops,
// so operator moves always win and a job run twice (lease expiry) cannot move a lodgement twice.
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../store/db.js';
import { enqueue } from '../../jobs/queue.js';
import { regulatorPath } from '../../registers/regulator.js';
import { LODGEMENT_STATUSES } from '../../../schemas/lodgements/index.js';
import { lockLodgement, moveLodgement } from './status.js';
import { REGULATOR_PROGRESS_JOB } from './regulator-job.js';
import { FORM484_STEP, runForm484Step } from '../form484/progress.js';
import { FORM484_STATUSES } from '../../../schemas/form484/index.js';
import type { JobRow } from '../../store/schema/jobs.js';
import type { LodgementRow } from '../../store/schema/lodgements.js';

export { REGULATOR_PROGRESS_JOB };
/** From `new` to `submitted`: the regulator takes the lodgement almost at once. */
export const REGULATOR_SUBMIT_DELAY_SECONDS = 5;
/** Each later step (`submitted` to a decision, `manual review` to `finished`). */
export const REGULATOR_DECISION_DELAY_SECONDS = 60;

const StepPayload = z.object({ requestId: z.number().int().min(1), expect: z.enum(LODGEMENT_STATUSES) });
const Form484StepPayload = z.object({
  form: z.literal(FORM484_STEP),
  requestId: z.number().int().min(1),
  expect: z.enum(FORM484_STATUSES),
});

/** `new`, then the regulator's path for this name. */
function pathOf(row: LodgementRow): readonly string[] {
  return ['new', ...regulatorPath(row.entityName)];
}

function delayAfter(status: LodgementRow['status']): number {
  return status === 'new' ? REGULATOR_SUBMIT_DELAY_SECONDS : REGULATOR_DECISION_DELAY_SECONDS;
}

/** Queues the next step of a lodgement that is in `row.status`, if its path goes on from there. */
export async function scheduleRegulatorStep(db: Database, clock: Clock, row: LodgementRow): Promise<void> {
  const path = pathOf(row);
  const at = path.indexOf(row.status);
  if (at < 0 || at === path.length - 1) return;
  const now = clock.now();
  await enqueue(
    db,
    {
      name: REGULATOR_PROGRESS_JOB,
      payload: { requestId: row.requestId, expect: row.status },
      runAt: new Date(now.getTime() + delayAfter(row.status) * 1000),
    },
    now,
  );
}

export async function runRegulatorProgress(deps: AppDeps, job: JobRow): Promise<void> {
  // A Form 484 step is recognised by its marker alone, so a malformed one fails loudly instead of
  // being read as a step of another lodgement with the same request id.
  if (job.payload?.form === FORM484_STEP) return runForm484Step(deps, Form484StepPayload.parse(job.payload));
  const step = StepPayload.parse(job.payload);
  await deps.db.transaction(async (tx) => {
    const row = await lockLodgement(tx, step.requestId);
    if (!row || row.status !== step.expect) return;
    const path = pathOf(row);
    const at = path.indexOf(row.status);
    const next = at < 0 ? undefined : LODGEMENT_STATUSES.find((status) => status === path[at + 1]);
    if (!next) return;
    const moved = await moveLodgement(tx, deps.clock, row, next);
    await scheduleRegulatorStep(tx, deps.clock, moved);
  });
}
