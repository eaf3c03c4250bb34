// The search fee at submission (spec 1 "Charges", 3.2, D-33): 600 cents on the live prefix. Card
// accounts are charged through the simulated card provider (its refusals are 402/503 and roll the
// whole submission back); invoice accounts get a ledger item to invoice and are never refused; test
// keys are free. A failed search is not refunded.
import type { Clock } from '../../clock.js';
import type { Database } from '../../store/db.js';
import type { AccountRow } from '../caller.js';
import type { Environment } from '../../ids.js';
import { chargeCard, recordCharge } from '../ledger/charges.js';
import { PPSR_SEARCH_FEE_CENTS } from '../../../schemas/ppsr/index.js';

export const PPSR_CHARGE_KIND = 'ppsr_search';
export const PPSR_INVOICE_KIND = 'ppsr_search_invoice';

/** Whether a search in this environment is charged (test keys are free): only then does submitting it need a transaction. */
export function searchFeeDue(environment: Environment): boolean {
  return environment !== 'test';
}

/** Charges the fee of search `requestId` inside the submission's transaction; the ledger row id, or null when free. */
export async function chargeSearchFee(
  db: Database,
  clock: Clock,
  account: AccountRow,
  environment: Environment,
  requestId: number,
): Promise<string | null> {
  if (!searchFeeDue(environment)) return null;
  const charge = { amount: PPSR_SEARCH_FEE_CENTS, reference: `PPSR search ${requestId}`, environment };
  if (account.billing === 'invoice') return (await recordCharge({ db, clock }, account.id, { ...charge, kind: PPSR_INVOICE_KIND })).id;
  return (await chargeCard({ db, clock }, account, { ...charge, kind: PPSR_CHARGE_KIND })).id;
}
