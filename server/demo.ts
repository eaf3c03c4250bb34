// First start with an empty database: a demo account and its four keys, printed once, so a newcomer
// can make a first call in under a minute.
import { count } from 'drizzle-orm';
import type { AppDeps } from './deps.js';
import { accounts } from './store/schema.js';
import { createAccount, type AccountKeys } from './domain/accounts/accounts.js';

export async function ensureDemoAccount(deps: AppDeps): Promise<{ accountId: string; keys: AccountKeys } | null> {
  const [row] = await deps.db.select({ n: count() }).from(accounts);
  if ((row?.n ?? 0) > 0) return null;
  const created = await createAccount(deps, {
    name: 'Demo account',
    ownerEmail: 'demo@example.com',
    plan: 'standard',
    billing: 'card',
    cardStatus: 'valid',
    isDemo: true,
  });
  return { accountId: created.account.id, keys: created.keys };
}
