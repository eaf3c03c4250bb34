// Unauthenticated traffic (issue 10): every 401 is counted per client IP in its own one-minute
// window, in the same shared counter store as the rate limits (D-42). Past the limit the IP gets 429
// for the rest of the window whatever it sends, answered from this process's memory: no key lookup,
// no counter write. Without it, a client guessing keys cost a database lookup per guess (9,551 in
// 10 s in the attack run).
import type { AppDeps } from '../deps.js';
import { refusal } from './error-mappers.js';
import type { HttpResult } from './responses.js';

const WINDOW_MS = 60_000;

/** 401s one IP may cause per minute (times SVC_RATE_LIMIT_MULTIPLIER); a partner's mistakes stay far below. */
export const UNAUTHENTICATED_LIMIT = 600;

export interface RefusalLimiter {
  /** A 429 when this IP is already past its budget in the current window, else null (no store call). */
  blocked: (ip: string) => HttpResult | null;
  /** Counts a 401 for this IP; returns the 429 to send instead when that passes the budget. */
  record: (ip: string) => Promise<HttpResult | null>;
}

export function createRefusalLimiter(deps: Pick<AppDeps, 'clock' | 'counters' | 'config'>): RefusalLimiter {
  /** IP -> end of the window it is blocked in. Holds only IPs past the limit, dropped as windows end. */
  const blockedUntil = new Map<string, number>();
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

  return {
    blocked: (ip) => {
      const until = blockedUntil.get(ip);
      if (until === undefined) return null;
      const now = deps.clock.now().getTime();
      if (now < until) return tooMany(until, now);
      blockedUntil.delete(ip);
      return null;
    },
    record: async (ip) => {
      const now = deps.clock.now().getTime();
      const windowStart = now - (now % WINDOW_MS);
      const used = await deps.counters.increment(`unauthenticated:${ip}`, new Date(windowStart), WINDOW_MS);
      if (used <= limit) return null;
      for (const [other, until] of blockedUntil) if (until <= now) blockedUntil.delete(other);
      blockedUntil.set(ip, windowStart + WINDOW_MS);
      return tooMany(windowStart + WINDOW_MS, now);
    },
  };
}
