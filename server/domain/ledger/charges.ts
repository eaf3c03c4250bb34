// The charges ledger and the simulated card provider (spec 1 "Charges", D-33). Amounts are integer
// cents; credits are negative. The provider's answer follows the account's cardStatus.
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { charges } from '../../store/schema/index.js';
import { findAccount } from '../accounts/accounts.js';
import { DomainError } from '../errors.js';
import { newId } from '../../ids.js';
import type { Environment } from '../../ids.js';
import { OUTAGE_RETRY_AFTER_SECONDS, readAvailability } from '../../registers/availability.js';
import type { ChargeRow } from '../../store/schema/ledger.js';
import type { AccountRow } from '../../store/schema/accounts.js';
import type { VerbArgs } from '../verb.js';

/** What a live charge needs before anything is created (spec 7: 402/403 codes, D-33). */
export function assertCanCharge(account: AccountRow): void {
  if (account.billing !== 'card') throw new DomainError('card_billing_required', 'This needs card billing on the account.');
  if (account.cardStatus === 'none') throw new DomainError('payment_method_required', 'Add a card to the account first.');
  if (account.cardStatus === 'expired') throw new DomainError('payment_method_expired', 'The card on the account has expired.');
}

/** Takes a card payment through the simulated provider; throws without recording anything on failure. */
export async function chargeCard(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  account: AccountRow,
  charge: { amount: number; kind: string; reference: string; environment: Environment },
): Promise<ChargeRow> {
  assertCanCharge(account);
  if (account.cardStatus === 'declining') throw new DomainError('payment_failed', 'The card was declined; nothing was charged.');
  // The account's own card state, or the operator's switch that takes the whole provider down.
  if (account.cardStatus === 'unavailable' || !(await readAvailability(deps.db)).cardProvider)
    throw new DomainError('payment_unavailable', 'The payment provider is unreachable; nothing was charged.', {
      retryAfter: OUTAGE_RETRY_AFTER_SECONDS,
    });
  return recordCharge(deps, account.id, charge);
}

export async function recordCharge(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  accountId: string,
  charge: { amount: number; kind: string; reference: string; environment: Environment },
): Promise<ChargeRow> {
  const [row] = await deps.db
    .insert(charges)
    .values({ id: newId('ch'), accountId, ...charge, createdAt: deps.clock.now() })
    .returning();
  return row!;
}

export interface ChargeView {
  id: string;
  amount: number;
  kind: string;
  reference: string;
  environment: Environment;
  createdAt: string;
}

/** Operator API: an account's ledger, oldest first (credits are negative amounts). */
export async function listAccountCharges({ ctx, input }: VerbArgs<Pick<AppDeps, 'db'>, { accountId: string }>): Promise<ChargeView[]> {
  await findAccount(ctx, input.accountId);
  const rows = await ctx.db
    .select()
    .from(charges)
    .where(eq(charges.accountId, input.accountId))
    .orderBy(asc(charges.createdAt), asc(charges.id));
  return rows.map((c) => ({
    id: c.id,
    amount: c.amount,
    kind: c.kind,
    reference: c.reference,
    environment: c.environment,
    createdAt: c.createdAt.toISOString(),
  }));
}
