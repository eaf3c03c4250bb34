// Rate limits (spec 8, D-42) as fixed one-minute windows counted in a shared store (the database, or
// Redis when REDIS_URL is set), so every API process behind a load balancer shares one budget. Windows follow the service clock, so tests move
// past a window with the operator API instead of sleeping.
import { and, like, lt, not, or } from 'drizzle-orm';
import { RealClock } from '../clock.js';
import type { AppDeps } from '../deps.js';
import { rateLimitCounters } from '../store/schema/index.js';
import type { Caller } from '../domain/caller.js';
import { refusal } from './error-mappers.js';
import { REFUSAL_BUCKET_PREFIX } from './refusal-limit.js';
import type { HttpResult } from './responses.js';
import { RATE_LIMIT_CLASSES, type RateLimitClass } from '../../schemas/common/rate-limits.js';

interface Budget {
  bucket: string;
  limit: number;
}

const WINDOW_MS = 60_000;

function budgets(kind: RateLimitClass, caller: Caller, ip: string, multiplier: number): Budget[] {
  const { perMinute, scope } = RATE_LIMIT_CLASSES[kind];
  const limit = perMinute * multiplier;
  switch (scope) {
    case 'key':
      return [{ bucket: `${kind}:${caller.key?.id ?? `acct:${caller.account.id}`}`, limit }];
    case 'account':
      return [{ bucket: `${kind}:${caller.account.id}`, limit }];
    case 'account-and-ip':
      return [
        { bucket: `${kind}:${caller.account.id}`, limit },
        { bucket: `${kind}-ip:${ip}`, limit },
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
    const used = await store.increment(budget.bucket, windowStart, WINDOW_MS, budget.limit);
    const remaining = Math.max(0, budget.limit - used);
    if (!tightest || remaining < tightest.remaining) tightest = { limit: budget.limit, remaining };
    if (used > budget.limit) exceeded = true;
  }
  const headers = {
    'RateLimit-Limit': String(tightest?.limit ?? RATE_LIMIT_CLASSES[kind].perMinute * deps.config.SVC_RATE_LIMIT_MULTIPLIER),
    'RateLimit-Remaining': String(tightest?.remaining ?? 0),
    'RateLimit-Reset': String(reset),
  };
  if (!exceeded) return { headers };
  return {
    headers,
    refused: refusal(
      'shared',
      'rate_limited',
      `Rate limit exceeded (${tightest?.limit ?? RATE_LIMIT_CLASSES[kind].perMinute} requests per minute). Retry after ${reset} seconds.`,
      { ...headers, 'Retry-After': String(reset) },
    ),
  };
}

/**
 * Drops windows that ended; run by the clean-up job. The bad-credential budget's windows follow real
 * time (D-52), the others the service clock, so each is pruned by its own clock.
 */
export async function pruneRateLimitCounters(deps: AppDeps): Promise<void> {
  const cutoff = new Date(deps.clock.now().getTime() - 2 * WINDOW_MS);
  const realCutoff = new Date((deps.wallClock ?? new RealClock()).now().getTime() - 2 * WINDOW_MS);
  const refusalBuckets = like(rateLimitCounters.bucket, `${REFUSAL_BUCKET_PREFIX}%`);
  await deps.db
    .delete(rateLimitCounters)
    .where(
      or(
        and(not(refusalBuckets), lt(rateLimitCounters.windowStart, cutoff)),
        and(refusalBuckets, lt(rateLimitCounters.windowStart, realCutoff)),
      ),
    );
}
