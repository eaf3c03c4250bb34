// D-41: the monitoring unit price. 1800 cents per entity per term, less the plan's volume discount:
// Standard none; Pro, and Enterprise at Pro's rate, by the account's lodgements in the last 12
// months. Test keys are free.
import { LIVE_UNIT_PRICE_CENTS, TEST_UNIT_PRICE_CENTS } from '../../../schemas/monitoring/index.js';
import type { Environment } from '../../ids.js';
import type { AccountRow } from '../caller.js';

/** Lodgement count bands and their discount in percent, highest first (the "configurable pricing table"). */
export const DISCOUNT_BANDS: readonly { from: number; percent: number }[] = [
  { from: 2000, percent: 15 },
  { from: 500, percent: 10 },
  { from: 100, percent: 5 },
  { from: 0, percent: 0 },
];

export function discountPercent(account: Pick<AccountRow, 'plan' | 'lodgementCount'>): number {
  if (account.plan !== 'pro' && account.plan !== 'enterprise') return 0;
  return DISCOUNT_BANDS.find((band) => account.lodgementCount >= band.from)?.percent ?? 0;
}

export function unitPrice(account: Pick<AccountRow, 'plan' | 'lodgementCount'>, environment: Environment): number {
  if (environment === 'test') return TEST_UNIT_PRICE_CENTS;
  return Math.round((LIVE_UNIT_PRICE_CENTS * (100 - discountPercent(account))) / 100);
}
