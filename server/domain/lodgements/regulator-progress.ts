// The `regulator-progress` job: one step of the simulated regulator (regulator-flow.ts), for a D-36
// lodgement or, when its payload says so, a Form 484.
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { LODGEMENT_STATUSES } from '../../../schemas/lodgements/index.js';
import { FORM484_STATUSES } from '../../../schemas/form484/index.js';
import { FORM484_FLOW, FORM484_STEP } from '../form484/status.js';
import { LODGEMENT_FLOW } from './status.js';
import { runStep } from './regulator-flow.js';
import { REGULATOR_PROGRESS_JOB } from './regulator-job.js';
import type { JobRow } from '../../store/schema/jobs.js';

export { REGULATOR_PROGRESS_JOB };
export { REGULATOR_DECISION_DELAY_SECONDS, REGULATOR_SUBMIT_DELAY_SECONDS } from './regulator-flow.js';

const StepPayload = z.object({ requestId: z.number().int().min(1), expect: z.enum(LODGEMENT_STATUSES) });
const Form484StepPayload = z.object({
  form: z.literal(FORM484_STEP),
  requestId: z.number().int().min(1),
  expect: z.enum(FORM484_STATUSES),
});

export async function runRegulatorProgress(deps: AppDeps, job: JobRow): Promise<void> {
  // A Form 484 step is recognised by its marker alone, so a malformed one fails loudly instead of
  // being read as a step of another lodgement with the same request id.
  if (job.payload?.form === FORM484_STEP) return runStep(FORM484_FLOW, deps, Form484StepPayload.parse(job.payload));
  return runStep(LODGEMENT_FLOW, deps, StepPayload.parse(job.payload));
}
