// First start with an empty database: a demo account and its four keys, printed once, so a newcomer
// can make a first call in under a minute.
import { count, sql } from 'drizzle-orm';
import type { AppDeps } from './deps.js';
import { accounts } from './store/schema/index.js';
import { createAccount, type AccountKeys } from './domain/accounts/accounts.js';

/** Serialises the "empty database?" check when several processes start on one PostgreSQL at once. */
const DEMO_ACCOUNT_LOCK = 72_410_002;

export async function ensureDemoAccount(deps: AppDeps): Promise<{ accountId: string; keys: AccountKeys } | null> {
  return deps.db.transaction(async (tx) => {
    // Without the lock two processes could both see no account and both create a demo one.
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_ACCOUNT_LOCK})`);
    const [row] = await tx.select({ n: count() }).from(accounts);
    if ((row?.n ?? 0) > 0) return null;
    const created = await createAccount({
      ctx: { ...deps, db: tx as unknown as AppDeps['db'] },
      input: { name: 'Demo account', ownerEmail: 'demo@example.com', plan: 'standard', billing: 'card', cardStatus: 'valid', isDemo: true },
    });
    return { accountId: created.account.id, keys: created.keys };
  });
}
