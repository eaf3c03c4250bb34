// Phase "partner": what a partner relies on beyond schemas, which no peer tool checks (one file per
// check in ../partner/): the legacy V1 API's deprecation headers, `RateLimit-Remaining` falling,
// `since` cursors and pages that repeat and skip nothing, monitoring term dates, dates at the hours
// where Brisbane's date is not UTC's, a failing webhook endpoint through its whole retry schedule
// to disabling, and the ledger. Run once, on the run's own account, before the per-operation
// phases (which fill the per-key quota of webhook endpoints); the ledger's test-charge half runs
// last, over everything the run did. Checks that need what the run lacks are listed as skipped.
import type { PhaseContext } from '../context.js';
import type { ServiceClock } from '../semantic/clock.js';
import type { PartnerContext, Skipped } from '../partner/context.js';
import { checkCursorWalk } from '../partner/cursor-walk.js';
import { checkLiveCharges, checkTestCharges } from '../partner/ledger.js';
import { checkRateLimitRemaining } from '../partner/rate-limit-remaining.js';
import { checkRetrySchedule } from '../partner/retry-schedule.js';
import { checkTermDates } from '../partner/term-dates.js';
import { checkV1Deprecation } from '../partner/v1-deprecation.js';
import { checkZonedDayBoundary } from '../partner/zoned-day-boundary.js';

export interface PartnerSetup {
  clock: ServiceClock;
  keepClock: boolean;
  accountId?: string;
  liveSecret?: string;
}

function partnerContext(phase: PhaseContext, setup: PartnerSetup, skipped: Skipped[]): PartnerContext {
  return {
    ...phase,
    clock: setup.clock,
    keepClock: setup.keepClock,
    ...(setup.accountId ? { accountId: setup.accountId } : {}),
    ...(setup.liveSecret ? { liveSecret: setup.liveSecret } : {}),
    skipped,
  };
}

export async function runPartner(phase: PhaseContext, setup: PartnerSetup, skipped: Skipped[]): Promise<PartnerContext> {
  const ctx = partnerContext(phase, setup, skipped);
  await checkV1Deprecation(ctx);
  await checkRateLimitRemaining(ctx);
  await checkTermDates(ctx);
  await checkCursorWalk(ctx);
  await checkLiveCharges(ctx);
  await checkRetrySchedule(ctx);
  // Last: it moves the clock into the next day or two.
  await checkZonedDayBoundary(ctx);
  return ctx;
}

/** After every other phase: nothing the run did in the test environment was charged. */
export async function runLedgerAfterRun(ctx: PartnerContext): Promise<void> {
  await checkTestCharges(ctx);
}
