// POST /asic-484-forms (spec 2.5, 4.6): the validated form becomes a lodgement in `new`, and the
// simulated regulator's first step is queued by the same statement (jobs/row-with-job.ts), so a
// lodgement is never left without the job that moves it on. No fee is charged (D-35: fees come from a pricing table that is
// empty unless configured; the table is not built yet).
import type { AppDeps } from '../../deps.js';
import { rowWithJob } from '../../jobs/row-with-job.js';
import type { Environment } from '../../ids.js';
import type { Caller } from '../caller.js';
import { form484Lodgements } from '../../store/schema/index.js';
import type { Form484Request } from '../../../schemas/form484/request.js';
import { documentNumberOf, type Form484Lodged } from './records.js';
import { firstStepAt, firstStepJob } from '../lodgements/regulator-flow.js';
import { FORM484_FLOW } from './status.js';
import type { VerbArgs } from '../verb.js';

export type Form484Caller = Pick<Caller, 'account' | 'environment' | 'version'>;

type Deps = Pick<AppDeps, 'db' | 'clock'> & { caller: Form484Caller };

/**
 * Spec 9.3: on V2 the URL prefix and key choose the environment and `testTransmissionIndicator` is
 * only the registry's flag. D-40: on V1 `true` sends the lodgement to the test environment.
 */
export function lodgementEnvironment(caller: Deps['caller'], testTransmissionIndicator: boolean): Environment {
  return caller.version === 'v1' && testTransmissionIndicator ? 'test' : caller.environment;
}

export async function lodgeForm484({ ctx, input }: VerbArgs<Deps, Form484Request>): Promise<Form484Lodged> {
  const now = ctx.clock.now();
  const row = await lodgeWithFirstStep(ctx.db, {
    accountId: ctx.caller.account.id,
    environment: lodgementEnvironment(ctx.caller, input.testTransmissionIndicator),
    companyName: input.generalInformation.companyName,
    acn: input.generalInformation.acn,
    testTransmission: input.testTransmissionIndicator,
    payload: { ...input },
    now,
    job: { runAt: firstStepAt(now), createdAt: now },
  });
  return { requestId: row.requestId, documentNumber: documentNumberOf(row.requestId), documentUrl: '' };
}

const lodgeWithFirstStep = rowWithJob({
  name: 'lodge_form484',
  table: form484Lodgements,
  values: (p) => ({
    accountId: p('accountId'),
    environment: p('environment'),
    status: 'new' as const,
    companyName: p('companyName'),
    acn: p('acn'),
    testTransmission: p('testTransmission'),
    payload: p('payload'),
    createdAt: p('now'),
    updatedAt: p('now'),
  }),
  job: firstStepJob(FORM484_FLOW, form484Lodgements.requestId),
});
