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
import { insertLodgement, lodgementView, type LodgementView } from './records.js';
import { scopeOf, type Caller } from '../caller.js';
import { scheduleRegulatorStep } from './regulator-progress.js';
import type { VerbArgs } from '../verb.js';

export type AbnRegistrationInput = z.infer<typeof AbnRegistrationRequest>;

export async function createAbnRegistration({
  ctx,
  input,
}: VerbArgs<
  Pick<AppDeps, 'db' | 'clock'> & { caller: Pick<Caller, 'account' | 'environment'> },
  AbnRegistrationInput
>): Promise<LodgementView> {
  const scope = scopeOf(ctx.caller);
  const row = await ctx.db.transaction(async (tx) => {
    const txDeps = { db: tx, clock: ctx.clock };
    const inserted = await insertLodgement(txDeps, {
      ...scope,
      kind: 'abn_registration',
      entityName: input.entityName,
      payload: { ...input },
    });
    // In the same transaction: a lodgement is never left without the job that moves it on.
    await scheduleRegulatorStep(tx, ctx.clock, inserted);
    return inserted;
  });
  return lodgementView(row);
}
