// Rate limits (spec 8, D-42) as fixed one-minute windows counted in a shared store (the database, or
// Redis when REDIS_URL is set), so every API process behind a load balancer shares one budget. Windows follow the service clock, so tests move
// past a window with the operator API instead of sleeping.
import { lt } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { rateLimitCounters } from '../store/schema/index.js';
import type { Caller } from '../domain/caller.js';
import { refusal } from './error-mappers.js';
import type { HttpResult } from './responses.js';

export type RateLimitClass = 'helpers' | 'lodgements' | 'monitoring';

interface Budget {
  bucket: string;
  limit: number;
}

const WINDOW_MS = 60_000;

export const LIMITS: Record<RateLimitClass, number> = { helpers: 1200, lodgements: 600, monitoring: 60 };

function budgets(kind: RateLimitClass, caller: Caller, ip: string, multiplier: number): Budget[] {
  const limit = LIMITS[kind] * multiplier;
  switch (kind) {
    case 'helpers':
      return [{ bucket: `helpers:${caller.key?.id ?? `acct:${caller.account.id}`}`, limit }];
    case 'lodgements':
      return [{ bucket: `lodgements:${caller.account.id}`, limit }];
    case 'monitoring':
      return [
        { bucket: `monitoring:${caller.account.id}`, limit },
        { bucket: `monitoring-ip:${ip}`, limit },
      ];
  }
}

export interface RateLimitOutcome {
  headers: Record<string, string>;
  refused?: HttpResult;
}

/** Counts this request against every budget of its class; refuses when any is exhausted. */
export async function applyRateLimit(deps: AppDeps, kind: RateLimitClass, caller: Caller, ip: string): Promise<RateLimitOutcome> {
  const now = deps.clock.now().getTime();
  const windowStart = new Date(now - (now % WINDOW_MS));
  const reset = Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - now) / 1000));
  const store = deps.counters;
  let tightest: { limit: number; remaining: number } | undefined;
  let exceeded = false;
  for (const budget of budgets(kind, caller, ip, deps.config.SVC_RATE_LIMIT_MULTIPLIER)) {
    const used = await store.increment(budget.bucket, windowStart, WINDOW_MS);
    const remaining = Math.max(0, budget.limit - used);
    if (!tightest || remaining < tightest.remaining) tightest = { limit: budget.limit, remaining };
    if (used > budget.limit) exceeded = true;
  }
  const headers = {
    'RateLimit-Limit': String(tightest?.limit ?? LIMITS[kind] * deps.config.SVC_RATE_LIMIT_MULTIPLIER),
    'RateLimit-Remaining': String(tightest?.remaining ?? 0),
    'RateLimit-Reset': String(reset),
  };
  if (!exceeded) return { headers };
  return {
    headers,
    refused: refusal(
      'shared',
      'rate_limited',
      `Rate limit exceeded (${tightest?.limit ?? LIMITS[kind]} requests per minute). Retry after ${reset} seconds.`,
      { ...headers, 'Retry-After': String(reset) },
    ),
  };
}

/** Drops windows that ended; run by the clean-up job. */
export async function pruneRateLimitCounters(deps: AppDeps): Promise<void> {
  const cutoff = new Date(deps.clock.now().getTime() - 2 * WINDOW_MS);
  await deps.db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, cutoff));
}
