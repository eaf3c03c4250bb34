// Who is calling: the authenticated account, its key and the environment of the prefix. The pipeline
// builds it; domain verbs read it from `ctx.caller` to scope every lookup (another account's or
// environment's id answers 404).
import type { Environment } from '../ids.js';
import type { AccountRow, ApiKeyRow } from '../store/schema/accounts.js';

export type { AccountRow, ApiKeyRow };

export interface Caller {
  account: AccountRow;
  /** Null when a V1 personal access token authenticated the request. */
  key: ApiKeyRow | null;
  environment: Environment;
  version: 'v1' | 'v2';
}

/** The account and environment a resource belongs to: every read and write is scoped by both. */
export interface Scope {
  accountId: string;
  environment: Environment;
}

export function scopeOf(caller: Pick<Caller, 'account' | 'environment'>): Scope {
  return { accountId: caller.account.id, environment: caller.environment };
}
