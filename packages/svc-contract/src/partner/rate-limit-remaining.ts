// Check "rate_limit_remaining": within one window `RateLimit-Remaining` falls with each request of a
// rate-limit class (`x-rate-limit-class`, D-42), so a client pacing itself by the header (as this
// runner does) never runs into a 429 it could have seen coming. Three reads in a row per class; a
// `RateLimit-Reset` that grows between two answers means a new window began, where the count may
// start again. The document requires the headers on a 429 only: a class whose answers carry none is
// reported as not checked, one whose answers carry some must carry all three.
import type { ApiResponse, OperationInfo } from '../types.js';
import { call, skip, verdict, type PartnerContext } from './context.js';

const REQUESTS_PER_CLASS = 3;
/** Three reads of a class are made again while the service clock leaves their window, this many times at most. */
const WINDOW_TRIES = 5;

interface Reading {
  remaining: number;
  reset: number;
}

function reading(response: ApiResponse): Reading | string | undefined {
  if (!Object.keys(response.headers).some((name) => name.startsWith('ratelimit-'))) return undefined;
  const remaining = response.headers['ratelimit-remaining'];
  const reset = response.headers['ratelimit-reset'];
  if (remaining === undefined || reset === undefined || response.headers['ratelimit-limit'] === undefined)
    return `answer ${response.status} lacks ${['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'].filter((name) => response.headers[name.toLowerCase()] === undefined).join(', ')}`;
  if (!/^\d+$/.test(remaining) || !/^\d+$/.test(reset))
    return `RateLimit-Remaining "${remaining}" or RateLimit-Reset "${reset}" is not a whole number`;
  return { remaining: Number(remaining), reset: Number(reset) };
}

/** The problems of consecutive readings: each falls below the one before unless a window began. */
export function remainingProblems(readings: Reading[]): string[] {
  const problems: string[] = [];
  for (let i = 1; i < readings.length; i++) {
    const before = readings[i - 1]!;
    const now = readings[i]!;
    const newWindow = now.reset > before.reset;
    if (!newWindow && now.remaining >= before.remaining && before.remaining > 0)
      problems.push(
        `request ${i + 1} left RateLimit-Remaining at ${now.remaining} after ${before.remaining} in the same window (Reset ${before.reset} then ${now.reset})`,
      );
  }
  return problems;
}

/** One read per class that takes no parameters and no poll interval. */
function readsByClass(ctx: PartnerContext): OperationInfo[] {
  const byClass = new Map<string, OperationInfo>();
  for (const op of ctx.operations.values()) {
    if (op.method !== 'get' || !op.requiresAuth || op.pollIntervalSeconds !== undefined) continue;
    if (op.parameters.some((parameter) => parameter.required)) continue;
    if (op.rateLimitClass && !byClass.has(op.rateLimitClass)) byClass.set(op.rateLimitClass, op);
  }
  return [...byClass.values()];
}

/**
 * The three reads of a class, and whether the service clock stayed inside the first answer's window
 * meanwhile. Another client moving a manual clock by whole minutes starts a window whose Reset reads
 * the same, where Remaining starts again: such readings say nothing about one window.
 */
async function readClass(ctx: PartnerContext, read: OperationInfo) {
  const readings: Reading[] = [];
  const missing: string[] = [];
  let last;
  const before = await ctx.clock.now();
  for (let i = 0; i < REQUESTS_PER_CLASS; i++) {
    last = await call(ctx, read);
    if (last.response.status === 429) break; // the window is used up: nothing to compare within it
    const found = reading(last.response);
    if (typeof found === 'string') missing.push(found);
    else if (found) readings.push(found);
  }
  const after = await ctx.clock.now();
  const firstReset = readings[0]?.reset;
  const oneWindow = !before || !after || firstReset === undefined || after.getTime() - before.getTime() < firstReset * 1000;
  return { readings, missing, last, oneWindow };
}

export async function checkRateLimitRemaining(ctx: PartnerContext): Promise<void> {
  const reads = readsByClass(ctx);
  if (reads.length === 0) return skip(ctx, 'rate_limit_remaining', 'no operation states its x-rate-limit-class');
  for (const read of reads) {
    let outcome = await readClass(ctx, read);
    for (let again = 1; again < WINDOW_TRIES && !outcome.oneWindow; again++) outcome = await readClass(ctx, read);
    const { readings, missing, last, oneWindow } = outcome;
    if (last && readings.length === 0 && missing.length === 0) {
      skip(ctx, 'rate_limit_remaining', `${read.id} (${read.rateLimitClass}) answered without RateLimit headers`);
      continue;
    }
    if (!oneWindow) {
      ctx.log(`  rate_limit_remaining: the service clock left the window during each of ${WINDOW_TRIES} reads of ${read.id}; not judged`);
      continue;
    }
    if (last && (readings.length >= 2 || missing.length > 0))
      ctx.session.record(read.id, verdict('rate_limit_remaining', [...new Set(missing), ...remainingProblems(readings)]), last);
  }
}
