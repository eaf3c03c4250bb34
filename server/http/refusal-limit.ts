// The bad-credential budget (D-52): every 401 is counted per client address (D-53) in its own
// one-minute window, in the same shared counter store as the rate limits (D-42). Past the budget the
// address's 401s become 429 for the rest of the window, but a valid key or the operator token is never
// refused by it: the budget slows down guessing, it must not lock out a good caller sharing the
// address (an office behind one NAT, a partner whose one job has a stale key). The window runs on
// real time even under SVC_CLOCK=manual, so a test clock that stands still cannot make a block last
// forever; the documented rate limits stay on the service clock (sandbox.md).
import { RealClock, type Clock } from '../clock.js';
import type { AppDeps } from '../deps.js';
import { refusal } from './error-mappers.js';
import type { HttpResult } from './responses.js';

const WINDOW_MS = 60_000;

/** Counter-store buckets of this budget; the clean-up job prunes them by real time (rate-limit.ts). */
export const REFUSAL_BUCKET_PREFIX = 'unauthenticated:';

/** 401s one address may cause per minute (times SVC_RATE_LIMIT_MULTIPLIER); a partner's mistakes stay far below. */
export const UNAUTHENTICATED_LIMIT = 600;

/** Runs a credential lookup; see RefusalLimiter.lookups. */
export type LookupGate = <T>(run: () => Promise<T>) => Promise<T>;

export interface RefusalLimiter {
  /**
   * How this address's credential lookups run: at once, or, while it is past its budget, one at a
   * time, so guesses from a blocked address hold at most one database connection while a valid key
   * from the same address still gets its answer.
   */
  lookups: (ip: string) => LookupGate;
  /** Counts a 401 for this address; past the budget returns the 429 to send instead. */
  refused: (ip: string, unauthorized: HttpResult) => Promise<HttpResult>;
}

const immediately: LookupGate = (run) => run();

export function createRefusalLimiter(deps: Pick<AppDeps, 'counters' | 'config' | 'wallClock'>): RefusalLimiter {
  const clock: Clock = deps.wallClock ?? new RealClock();
  /** Address -> end of the window it is blocked in. Holds only addresses past the limit, dropped as windows end. */
  const blockedUntil = new Map<string, number>();
  /** Address -> the last lookup queued for it while blocked. */
  const lanes = new Map<string, Promise<unknown>>();
  const limit = UNAUTHENTICATED_LIMIT * deps.config.SVC_RATE_LIMIT_MULTIPLIER;

  const tooMany = (windowEnd: number, now: number): HttpResult => {
    const reset = Math.max(1, Math.ceil((windowEnd - now) / 1000));
    return refusal('shared', 'rate_limited', `Too many requests with missing or invalid credentials. Retry after ${reset} seconds.`, {
      'Retry-After': String(reset),
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': String(reset),
    });
  };

  /** The end of the window this address is blocked in, or undefined. */
  const blockedWindow = (ip: string, now: number): number | undefined => {
    const until = blockedUntil.get(ip);
    if (until === undefined || now < until) return until;
    blockedUntil.delete(ip);
    return undefined;
  };

  const inLane =
    (ip: string): LookupGate =>
    (run) => {
      const previous = lanes.get(ip) ?? Promise.resolve();
      const result = previous.then(run, run);
      const settled = result.then(
        () => undefined,
        () => undefined,
      );
      lanes.set(ip, settled);
      void settled.then(() => {
        if (lanes.get(ip) === settled) lanes.delete(ip);
      });
      return result;
    };

  return {
    lookups: (ip) => (blockedWindow(ip, clock.now().getTime()) === undefined ? immediately : inLane(ip)),
    refused: async (ip, unauthorized) => {
      const now = clock.now().getTime();
      const until = blockedWindow(ip, now);
      if (until !== undefined) return tooMany(until, now);
      const windowStart = now - (now % WINDOW_MS);
      const used = await deps.counters.increment(`${REFUSAL_BUCKET_PREFIX}${ip}`, new Date(windowStart), WINDOW_MS);
      if (used <= limit) return unauthorized;
      for (const [other, end] of blockedUntil) if (end <= now) blockedUntil.delete(other);
      blockedUntil.set(ip, windowStart + WINDOW_MS);
      return tooMany(windowStart + WINDOW_MS, now);
    },
  };
}
