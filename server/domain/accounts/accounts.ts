// Accounts as the operator API manages them: created with their four keys, read, changed.
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { accounts, apiKeys, personalAccessTokens } from '../../store/schema.js';
import { NotFoundError } from '../errors.js';
import { hashSecret, newId, randomBase62 } from '../keys/key-format.js';
import { issueKey, keyView, type KeyView } from '../keys/keys.js';

export type AccountRecord = typeof accounts.$inferSelect;
export type Plan = 'free' | 'standard' | 'pro' | 'enterprise';

export interface NewAccount {
  name: string;
  ownerEmail: string;
  plan: Plan;
  billing: 'card' | 'invoice' | 'none';
  cardStatus: 'valid' | 'expired' | 'declining' | 'unavailable' | 'none';
  monitoringAvailable?: boolean;
  lodgementCount?: number;
  isDemo?: boolean;
}

export interface AccountKeys {
  secretLive: string;
  secretTest: string;
  publishableLive: string;
  publishableTest: string;
}

export interface AccountView {
  id: string;
  name: string;
  ownerEmail: string;
  plan: string;
  billing: string;
  cardStatus: string;
  monitoringAvailable: boolean;
  locked: boolean;
  lodgementCount: number;
  createdAt: string;
  keys: KeyView[];
}

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export async function createAccount(deps: Deps, input: NewAccount): Promise<{ account: AccountRecord; keys: AccountKeys }> {
  return deps.db.transaction(async (tx) => {
    const txDeps = { db: tx as never, clock: deps.clock };
    const [account] = await tx
      .insert(accounts)
      .values({
        id: newId('acct'),
        name: input.name,
        ownerEmail: input.ownerEmail,
        plan: input.plan,
        billing: input.billing,
        cardStatus: input.cardStatus,
        monitoringAvailable: input.monitoringAvailable ?? true,
        lodgementCount: input.lodgementCount ?? 0,
        isDemo: input.isDemo ?? false,
        createdAt: deps.clock.now(),
      })
      .returning();
    const id = account!.id;
    const secretLive = await issueKey(txDeps, { accountId: id, type: 'secret', environment: 'live' });
    const secretTest = await issueKey(txDeps, { accountId: id, type: 'secret', environment: 'test' });
    const publishableLive = await issueKey(txDeps, { accountId: id, type: 'publishable', environment: 'live' });
    const publishableTest = await issueKey(txDeps, { accountId: id, type: 'publishable', environment: 'test' });
    return {
      account: account!,
      keys: {
        secretLive: secretLive.secret,
        secretTest: secretTest.secret,
        publishableLive: publishableLive.secret,
        publishableTest: publishableTest.secret,
      },
    };
  });
}

export async function findAccount(deps: Pick<AppDeps, 'db'>, accountId: string): Promise<AccountRecord> {
  const [account] = await deps.db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) throw new NotFoundError('account');
  return account;
}

export async function accountView(deps: Deps, account: AccountRecord): Promise<AccountView> {
  const keys = await deps.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.accountId, account.id))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  const now = deps.clock.now();
  return {
    id: account.id,
    name: account.name,
    ownerEmail: account.ownerEmail,
    plan: account.plan,
    billing: account.billing,
    cardStatus: account.cardStatus,
    monitoringAvailable: account.monitoringAvailable,
    locked: account.locked,
    lodgementCount: account.lodgementCount,
    createdAt: account.createdAt.toISOString(),
    keys: keys.map((k) => keyView(k, now)),
  };
}

export type AccountChanges = Partial<
  Pick<AccountRecord, 'name' | 'ownerEmail' | 'plan' | 'billing' | 'cardStatus' | 'monitoringAvailable' | 'locked' | 'lodgementCount'>
>;

export async function updateAccount(deps: Deps, accountId: string, changes: AccountChanges): Promise<AccountRecord> {
  await findAccount(deps, accountId);
  const [updated] = await deps.db.update(accounts).set(changes).where(eq(accounts.id, accountId)).returning();
  return updated!;
}

/** V1 personal access token (D-40): shown once, stored hashed. */
export async function createPersonalAccessToken(deps: Deps, accountId: string, name: string): Promise<string> {
  await findAccount(deps, accountId);
  const token = `svc_pat_${randomBase62(40)}`;
  await deps.db
    .insert(personalAccessTokens)
    .values({ id: newId('pat'), accountId, name, tokenHash: hashSecret(token), createdAt: deps.clock.now() });
  return token;
}
