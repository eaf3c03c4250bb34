// Accounts as the operator API manages them: created with their four keys, read, changed.
import { asc, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { accounts, apiKeys, personalAccessTokens } from '../../store/schema/index.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { hashSecret, newId, randomBase62 } from '../../ids.js';
import { issueKey, keyView, type KeyView } from '../keys/keys.js';
import type { AccountRow } from '../../store/schema/accounts.js';
import type { VerbArgs } from '../verb.js';

export type Plan = AccountRow['plan'];

export interface NewAccount {
  name: string;
  ownerEmail: string;
  plan: Plan;
  billing: AccountRow['billing'];
  cardStatus: AccountRow['cardStatus'];
  monitoringAvailable?: boolean;
  lodgementCount?: number;
  monitoringEntityLimit?: number;
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
  plan: Plan;
  billing: AccountRow['billing'];
  cardStatus: AccountRow['cardStatus'];
  monitoringAvailable: boolean;
  locked: boolean;
  lodgementCount: number;
  monitoringEntityLimit: number;
  createdAt: string;
  keys: KeyView[];
}

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export async function createAccount({ ctx, input }: VerbArgs<Deps, NewAccount>): Promise<{ account: AccountRow; keys: AccountKeys }> {
  return ctx.db.transaction(async (tx) => {
    const txDeps = { db: tx as never, clock: ctx.clock };
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
        monitoringEntityLimit: input.monitoringEntityLimit ?? 1000,
        isDemo: input.isDemo ?? false,
        createdAt: ctx.clock.now(),
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

export async function findAccount(deps: Pick<AppDeps, 'db'>, accountId: string): Promise<AccountRow> {
  const [account] = await deps.db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!account) throw new NotFoundError('account');
  return account;
}

export async function accountView(deps: Deps, account: AccountRow): Promise<AccountView> {
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
    monitoringEntityLimit: account.monitoringEntityLimit,
    createdAt: account.createdAt.toISOString(),
    keys: keys.map((k) => keyView(k, now)),
  };
}

export type AccountChanges = Partial<
  Pick<
    AccountRow,
    | 'name'
    | 'ownerEmail'
    | 'plan'
    | 'billing'
    | 'cardStatus'
    | 'monitoringAvailable'
    | 'locked'
    | 'lodgementCount'
    | 'monitoringEntityLimit'
  >
>;

/** Every account, newest first (the sandbox console's account list). */
export async function listAccounts({ ctx }: { ctx: Deps }): Promise<AccountView[]> {
  const rows = await ctx.db.select().from(accounts).orderBy(desc(accounts.createdAt), desc(accounts.id));
  return Promise.all(rows.map((row) => accountView(ctx, row)));
}

export async function getAccount({ ctx, input }: VerbArgs<Deps, { accountId: string }>): Promise<AccountView> {
  return accountView(ctx, await findAccount(ctx, input.accountId));
}

export async function updateAccount({ ctx, input }: VerbArgs<Deps, { accountId: string; changes: AccountChanges }>): Promise<AccountView> {
  if (Object.keys(input.changes).length === 0)
    throw new ValidationError({ body: [{ code: 'empty_body', message: 'Send at least one field.' }] }, 'Send at least one field.');
  await findAccount(ctx, input.accountId);
  const [updated] = await ctx.db.update(accounts).set(input.changes).where(eq(accounts.id, input.accountId)).returning();
  return accountView(ctx, updated!);
}

/** V1 personal access token (D-40): shown once, stored hashed. */
export async function createPersonalAccessToken({ ctx, input }: VerbArgs<Deps, { accountId: string; name: string }>): Promise<string> {
  await findAccount(ctx, input.accountId);
  const token = `svc_pat_${randomBase62(40)}`;
  await ctx.db
    .insert(personalAccessTokens)
    .values({ id: newId('pat'), accountId: input.accountId, name: input.name, tokenHash: hashSecret(token), createdAt: ctx.clock.now() });
  return token;
}
