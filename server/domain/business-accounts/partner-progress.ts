// The application's way through the banking partner (spec 3.3), as steps of the durable
// `partner-progress` job: `new` -> `sent` (the stored validated application handed to the partner
// at once, D-56), then, after SVC_SANDBOX_ACTIVATION_DELAY_S, the partner's decision: `finished`
// with the real BSB and account number (a live activation credits the account 50.00) or
// `rejected`. Each step names the status it expects, so a step run twice (lease expiry) moves
// nothing twice. Spec 6.1 lists no event for business accounts, so no webhook is sent.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { Database } from '../../store/db.js';
import { enqueue } from '../../jobs/queue.js';
import { businessAccountApplications } from '../../store/schema/index.js';
import { BUSINESS_ACCOUNT_ACTIVATION_CREDIT_CENTS } from '../../../schemas/business-accounts/index.js';
import { recordCharge } from '../ledger/charges.js';
import type { JobName } from '../../../schemas/admin/clock.js';
import type { BusinessAccountApplicationRow } from '../../store/schema/business-accounts.js';
import type { JobRow } from '../../store/schema/jobs.js';

export const PARTNER_PROGRESS_JOB = 'partner-progress' satisfies JobName;
/** Ledger kind of the activation credit (spec 1 "Charges"). */
export const ACTIVATION_CREDIT_KIND = 'business_account_activation_credit';

const StepPayload = z.object({ requestId: z.number().int().min(1), expect: z.enum(['new', 'sent']) });

/** Our reference for an application at the partner: one per application, stable across retries. */
export function partnerReferenceOf(requestId: number): string {
  return `bap_${requestId}`;
}

async function lockApplication(db: Database, requestId: number): Promise<BusinessAccountApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(businessAccountApplications)
    .where(eq(businessAccountApplications.requestId, requestId))
    .for('update')
    .limit(1);
  return row;
}

/** `new` -> `sent`: the partner receives the stored validated application, then the decision is queued. */
async function send(deps: AppDeps, requestId: number): Promise<void> {
  const [row] = await deps.db.select().from(businessAccountApplications).where(eq(businessAccountApplications.requestId, requestId));
  if (!row || row.status !== 'new') return;
  const reference = partnerReferenceOf(row.requestId);
  // Outside the transaction, as a call to a real partner would be; submitting again is harmless.
  await deps.registers.banking.submit({ reference, environment: row.environment, payload: row.payload, at: deps.clock.now() });
  await deps.db.transaction(async (tx) => {
    const locked = await lockApplication(tx, requestId);
    if (!locked || locked.status !== 'new') return;
    const now = deps.clock.now();
    await tx
      .update(businessAccountApplications)
      .set({ status: 'sent', partnerReference: reference, updatedAt: now })
      .where(eq(businessAccountApplications.requestId, requestId));
    const decideAt = new Date(now.getTime() + deps.config.SVC_SANDBOX_ACTIVATION_DELAY_S * 1000);
    await enqueue(tx, { name: PARTNER_PROGRESS_JOB, payload: { requestId, expect: 'sent' }, runAt: decideAt }, now);
  });
}

/** `sent` -> `finished` or `rejected`, as the partner decided. */
async function settle(deps: AppDeps, requestId: number): Promise<void> {
  const [row] = await deps.db.select().from(businessAccountApplications).where(eq(businessAccountApplications.requestId, requestId));
  if (!row || row.status !== 'sent' || !row.partnerReference) return;
  const decision = await deps.registers.banking.decide(row.partnerReference);
  if (!decision) throw new Error(`the banking partner holds no application ${row.partnerReference}`);
  await deps.db.transaction(async (tx) => {
    const locked = await lockApplication(tx, requestId);
    if (!locked || locked.status !== 'sent') return;
    const now = deps.clock.now();
    if (decision.outcome === 'rejected') {
      await tx
        .update(businessAccountApplications)
        .set({ status: 'rejected', updatedAt: now })
        .where(eq(businessAccountApplications.requestId, requestId));
      return;
    }
    await tx
      .update(businessAccountApplications)
      .set({ status: 'finished', bsb: decision.bsb, accountNumber: decision.accountNumber, activatedAt: now, updatedAt: now })
      .where(eq(businessAccountApplications.requestId, requestId));
    // Spec 1 and 3.3: a live activation credits the account 50.00, in the same transaction as the
    // activation, so it happens exactly once. Test activations credit nothing.
    if (locked.environment === 'live') {
      await recordCharge({ db: tx, clock: deps.clock }, locked.accountId, {
        amount: -BUSINESS_ACCOUNT_ACTIVATION_CREDIT_CENTS,
        kind: ACTIVATION_CREDIT_KIND,
        reference: `business_account:${requestId}`,
        environment: 'live',
      });
    }
  });
}

export async function runPartnerProgress(deps: AppDeps, job: JobRow): Promise<void> {
  const step = StepPayload.parse(job.payload);
  if (step.expect === 'new') await send(deps, step.requestId);
  else await settle(deps, step.requestId);
}
