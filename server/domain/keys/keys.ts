// API key lifecycle: issue (shown once), change domains, roll (instant or delayed, D-05), revoke.
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { accounts, apiKeys } from '../../store/schema/index.js';
import { DomainError, NotFoundError, ValidationError } from '../errors.js';
import { generateApiKey, type KeyType } from './key-format.js';
import type { Environment } from '../../ids.js';
import { hashSecret, newId } from '../../ids.js';
import { isValidDomainPattern, MAX_DOMAINS } from './domains.js';
import type { ApiKeyRow } from '../../store/schema/accounts.js';
import { callerText } from '../../../schemas/common/caller-text.js';
import type { VerbArgs } from '../verb.js';

const DELAYED_ROLL_MS = 24 * 3600_000;

export interface KeyView {
  id: string;
  accountId: string;
  type: KeyType;
  environment: Environment;
  last4: string;
  status: 'active' | 'rolling' | 'revoked' | 'expired';
  domains: string[];
  createdAt: string;
  expiresAt: string | null;
}

export function keyView(key: ApiKeyRow, now: Date): KeyView {
  const expired = key.expiresAt !== null && key.expiresAt.getTime() <= now.getTime();
  const status = key.status === 'revoked' ? 'revoked' : expired ? 'expired' : key.expiresAt ? 'rolling' : 'active';
  return {
    id: key.id,
    accountId: key.accountId,
    type: key.type as KeyType,
    environment: key.environment as Environment,
    last4: key.last4,
    status,
    domains: key.domains,
    createdAt: key.createdAt.toISOString(),
    expiresAt: key.expiresAt ? key.expiresAt.toISOString() : null,
  };
}

export function checkDomains(type: KeyType, domains: string[] | undefined): string[] {
  if (!domains || domains.length === 0) return [];
  if (type !== 'publishable')
    throw new ValidationError({ domains: [{ code: 'publishable_only', message: 'Only publishable keys carry domains.' }] });
  const problems: Record<string, { code: string; message: string }[]> = {};
  if (domains.length > MAX_DOMAINS) problems.domains = [{ code: 'too_many', message: `At most ${MAX_DOMAINS} domains.` }];
  domains.forEach((domain, index) => {
    if (!isValidDomainPattern(domain))
      problems[`domains.${index}`] = [
        { code: 'invalid_domain', message: `"${callerText(domain)}" is not a host name (a wildcard only as a leading "*.").` },
      ];
  });
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  return [...new Set(domains.map((d) => d.toLowerCase()))];
}

/** Creates a key and returns it in full, the only time it is ever visible. */
export async function issueKey(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { accountId: string; type: KeyType; environment: Environment; domains?: string[] },
): Promise<{ key: ApiKeyRow; secret: string }> {
  const secret = generateApiKey(input.type, input.environment);
  const [key] = await deps.db
    .insert(apiKeys)
    .values({
      id: newId('key'),
      accountId: input.accountId,
      type: input.type,
      environment: input.environment,
      keyHash: hashSecret(secret),
      last4: secret.slice(-4),
      status: 'active',
      domains: checkDomains(input.type, input.domains),
      createdAt: deps.clock.now(),
    })
    .returning();
  return { key: key!, secret };
}

export async function findKey(deps: Pick<AppDeps, 'db'>, keyId: string): Promise<ApiKeyRow> {
  const [key] = await deps.db.select().from(apiKeys).where(eq(apiKeys.id, keyId)).limit(1);
  if (!key) throw new NotFoundError('key');
  return key;
}

type KeyDeps = Pick<AppDeps, 'db' | 'clock'>;

/** Operator API: another key for an account, shown in full once. */
export async function createKey({
  ctx,
  input,
}: VerbArgs<KeyDeps, { accountId: string; type: KeyType; environment: Environment; domains?: string[] | undefined }>): Promise<{
  key: KeyView;
  secret: string;
}> {
  const [account] = await ctx.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, input.accountId)).limit(1);
  if (!account) throw new NotFoundError('account');
  const { domains, ...rest } = input;
  const issued = await issueKey(ctx, { ...rest, ...(domains ? { domains } : {}) });
  return { key: keyView(issued.key, ctx.clock.now()), secret: issued.secret };
}

export async function updateKey({ ctx, input }: VerbArgs<KeyDeps, { keyId: string; domains: string[] }>): Promise<KeyView> {
  const key = await findKey(ctx, input.keyId);
  const checked = checkDomains(key.type as KeyType, input.domains);
  const [updated] = await ctx.db.update(apiKeys).set({ domains: checked }).where(eq(apiKeys.id, input.keyId)).returning();
  return keyView(updated!, ctx.clock.now());
}

/** Instant: the old key stops now. Delayed: the old key keeps working for 24 hours of service time. */
export async function rollKey({
  ctx,
  input,
}: VerbArgs<KeyDeps, { keyId: string; strategy: 'instant' | 'delayed' }>): Promise<{ key: KeyView; secret: string }> {
  const { strategy } = input;
  const old = await findKey(ctx, input.keyId);
  const now = ctx.clock.now();
  if (old.status === 'revoked' || old.expiresAt !== null) throw new DomainError('key_not_active', 'Only an active key can be rolled.');
  const issued = await ctx.db.transaction(async (tx) => {
    const issued = await issueKey(
      { db: tx as never, clock: ctx.clock },
      { accountId: old.accountId, type: old.type as KeyType, environment: old.environment as Environment, domains: old.domains },
    );
    const change =
      strategy === 'instant'
        ? { status: 'revoked', revokedAt: now, rolledToKeyId: issued.key.id }
        : { expiresAt: new Date(now.getTime() + DELAYED_ROLL_MS), rolledToKeyId: issued.key.id };
    await tx
      .update(apiKeys)
      .set(change)
      .where(and(eq(apiKeys.id, old.id)));
    return issued;
  });
  return { key: keyView(issued.key, now), secret: issued.secret };
}

export async function revokeKey({ ctx, input }: VerbArgs<KeyDeps, { keyId: string }>): Promise<void> {
  const key = await findKey(ctx, input.keyId);
  if (key.status === 'revoked') return;
  await ctx.db.update(apiKeys).set({ status: 'revoked', revokedAt: ctx.clock.now() }).where(eq(apiKeys.id, input.keyId));
}
