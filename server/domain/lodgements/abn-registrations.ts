// POST /abn/registrations (D-36, provisional): the body is kept as the lodgement's payload and the
// simulated regulator moves it on. Live and test run the same simulated flow and charge nothing
// (fees come from a pricing table that is empty unless configured, as for Form 484 in D-35).
//
// Sandbox timing and magic names (registers/regulator.ts): `new`, then `submitted` after
// REGULATOR_SUBMIT_DELAY_SECONDS, then after REGULATOR_DECISION_DELAY_SECONDS `finished`; an
// `entityName` containing MANUAL REVIEW goes `manual review` and, a step later, `finished`; one
// containing REJECT ends `rejected`.
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { AbnRegistrationRequest } from '../../../schemas/lodgements/index.js';
import { rowWithJob } from '../../jobs/row-with-job.js';
import { lodgements } from '../../store/schema/index.js';
import { lodgementView, type LodgementView } from './records.js';
import { scopeOf, type Caller } from '../caller.js';
import { firstStepAt, firstStepJob } from './regulator-flow.js';
import { LODGEMENT_FLOW } from './status.js';
import type { VerbArgs } from '../verb.js';

export type AbnRegistrationInput = z.infer<typeof AbnRegistrationRequest>;

export async function createAbnRegistration({
  ctx,
  input,
}: VerbArgs<
  Pick<AppDeps, 'db' | 'clock'> & { caller: Pick<Caller, 'account' | 'environment'> },
  AbnRegistrationInput
>): Promise<LodgementView> {
  const now = ctx.clock.now();
  // One statement: a lodgement is never left without the job that moves it on.
  const row = await lodgeAbnRegistration(ctx.db, {
    ...scopeOf(ctx.caller),
    entityName: input.entityName,
    payload: { ...input },
    now,
    job: { runAt: firstStepAt(now), createdAt: now },
  });
  return lodgementView(row);
}

/** The lodgement (`new`, as insertLodgement writes it) and its first regulator step. */
const lodgeAbnRegistration = rowWithJob({
  name: 'lodge_abn_registration',
  table: lodgements,
  values: (p) => ({
    accountId: p('accountId'),
    environment: p('environment'),
    kind: 'abn_registration',
    status: 'new',
    entityName: p('entityName'),
    acn: null,
    abn: null,
    payload: p('payload'),
    createdAt: p('now'),
    updatedAt: p('now'),
  }),
  job: firstStepJob(LODGEMENT_FLOW, lodgements.requestId),
});
