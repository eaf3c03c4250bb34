// Term dates (spec 2.6, 3.4, 8): Australia/Brisbane calendar dates, 12-month terms, `expiresAt` the
// first day not covered, at most 2 years ahead of today.
import { addMonths, daysBetween } from '../../../schemas/common/dates.js';
import { MAX_MONTHS_AHEAD, TERM_MONTHS } from '../../../schemas/monitoring/schemas.js';
import { brisbaneDate } from '../../clock.js';

// The document states both (`x-term` on `expiresAt`), and the contract runner checks them (D-76).
export { MAX_MONTHS_AHEAD, TERM_MONTHS };

export function today(now: Date): string {
  return brisbaneDate(now);
}

export function termEnd(startsAt: string): string {
  return addMonths(startsAt, TERM_MONTHS);
}

export function latestExpiry(now: Date): string {
  return addMonths(today(now), MAX_MONTHS_AHEAD);
}

/** Whole days from today until `expiresAt`; 0 once it is reached. */
export function daysLeft(expiresAt: string, now: Date): number {
  return Math.max(0, daysBetween(today(now), expiresAt));
}

export { addMonths, daysBetween };

export function addDays(date: string, days: number): string {
  const moved = new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000);
  return moved.toISOString().slice(0, 10);
}
