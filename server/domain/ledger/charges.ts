// The charges ledger and the simulated card provider (spec 1 "Charges", D-33). Amounts are integer
// cents; credits are negative. The provider's answer follows the account's cardStatus.
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { charges } from '../../store/schema.js';
import type { AccountRecord } from '../accounts/accounts.js';
import { DomainError } from '../errors.js';
import { newId } from '../keys/key-format.js';
import type { Environment } from '../keys/key-format.js';

export type ChargeRecord = typeof charges.$inferSelect;

/** What a live charge needs before anything is created (spec 7: 402/403 codes, D-33). */
export function assertCanCharge(account: AccountRecord): void {
  if (account.billing !== 'card') throw new DomainError('card_billing_required', 'This needs card billing on the account.');
  if (account.cardStatus === 'none') throw new DomainError('payment_method_required', 'Add a card to the account first.');
  if (account.cardStatus === 'expired') throw new DomainError('payment_method_expired', 'The card on the account has expired.');
}

/** Takes a card payment through the simulated provider; throws without recording anything on failure. */
export async function chargeCard(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  account: AccountRecord,
  charge: { amount: number; kind: string; reference: string; environment: Environment },
): Promise<ChargeRecord> {
  assertCanCharge(account);
  if (account.cardStatus === 'declining') throw new DomainError('payment_failed', 'The card was declined; nothing was charged.');
  if (account.cardStatus === 'unavailable')
    throw new DomainError('payment_unavailable', 'The payment provider is unreachable; nothing was charged.', { retryAfter: 30 });
  return recordCharge(deps, account.id, charge);
}

export async function recordCharge(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  accountId: string,
  charge: { amount: number; kind: string; reference: string; environment: Environment },
): Promise<ChargeRecord> {
  const [row] = await deps.db
    .insert(charges)
    .values({ id: newId('ch'), accountId, ...charge, createdAt: deps.clock.now() })
    .returning();
  return row!;
}

export async function listCharges(deps: Pick<AppDeps, 'db'>, accountId: string): Promise<ChargeRecord[]> {
  return deps.db.select().from(charges).where(eq(charges.accountId, accountId)).orderBy(asc(charges.createdAt), asc(charges.id));
}
