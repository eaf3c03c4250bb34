// D-43: register lookups per account, environment and minute of the service clock. Counted in the
// database with a conditional upsert, so several API processes share one budget and a request that
// needs more lookups than are left is refused whole, without using any.
import { and, eq, gte, gt, notLike, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Environment } from '../../ids.js';
import { charges, monitoringLookups } from '../../store/schema/index.js';
import type { AccountRow } from '../caller.js';
import { DomainError } from '../errors.js';

const WINDOW_MS = 60_000;
const PAID_ORDER_WINDOW_MS = 30 * 86_400_000;

/** Lookups per minute, or null when uncapped (D-43). */
export async function lookupLimit(deps: Pick<AppDeps, 'db' | 'clock'>, account: AccountRow): Promise<number | null> {
  if (account.plan === 'enterprise' || account.billing === 'invoice') return null;
  if (account.plan === 'pro') return 600;
  // Standard (and free): 600 while the account has a paid order other than monitoring in 30 days.
  const since = new Date(deps.clock.now().getTime() - PAID_ORDER_WINDOW_MS);
  const [paid] = await deps.db
    .select({ id: charges.id })
    .from(charges)
    .where(
      and(eq(charges.accountId, account.id), gt(charges.amount, 0), notLike(charges.kind, 'monitoring%'), gte(charges.createdAt, since)),
    )
    .limit(1);
  return paid ? 600 : 60;
}

/** Spends `count` lookups of this minute, or throws 429 `lookup_rate_limited` having spent none. */
export async function spendLookups(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  account: AccountRow,
  environment: Environment,
  count: number,
): Promise<void> {
  if (count === 0) return;
  const limit = await lookupLimit(deps, account);
  if (limit === null) return;
  const now = deps.clock.now().getTime();
  const windowStart = new Date(now - (now % WINDOW_MS));
  const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_MS - now) / 1000));
  const refuse = (left: number): never => {
    throw new DomainError(
      'lookup_rate_limited',
      `This request needs ${count} register lookups and ${left} are left this minute (${limit} per minute). Retry after the number of seconds in Retry-After; nothing was charged.`,
      { retryAfter, rateLimit: { limit, remaining: left, reset: retryAfter } },
    );
  };
  if (count > limit) refuse(await leftThisMinute(deps, account.id, environment, windowStart, limit));
  const spent = await deps.db
    .insert(monitoringLookups)
    .values({ accountId: account.id, environment, windowStart, used: count })
    .onConflictDoUpdate({
      target: [monitoringLookups.accountId, monitoringLookups.environment, monitoringLookups.windowStart],
      set: { used: sql`${monitoringLookups.used} + ${count}` },
      setWhere: sql`${monitoringLookups.used} + ${count} <= ${limit}`,
    })
    .returning({ used: monitoringLookups.used });
  if (spent.length === 0) refuse(await leftThisMinute(deps, account.id, environment, windowStart, limit));
}

async function leftThisMinute(
  deps: Pick<AppDeps, 'db'>,
  accountId: string,
  environment: Environment,
  windowStart: Date,
  limit: number,
): Promise<number> {
  const [row] = await deps.db
    .select({ used: monitoringLookups.used })
    .from(monitoringLookups)
    .where(
      and(
        eq(monitoringLookups.accountId, accountId),
        eq(monitoringLookups.environment, environment),
        eq(monitoringLookups.windowStart, windowStart),
      ),
    );
  return Math.max(0, limit - (row?.used ?? 0));
}
