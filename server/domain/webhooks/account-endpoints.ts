// Operator read of every webhook endpoint of an account, whichever key owns it (the public API shows
// each key only its own, owner.ts): what the sandbox console lists so a team sees where the account's
// deliveries go even when its own key did not make them.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import type { AccountWebhookEndpointList } from '../../../schemas/admin/webhook-endpoints.js';
import { accounts, webhookEndpoints } from '../../store/schema/index.js';
import { DomainError } from '../errors.js';
import type { VerbArgs } from '../verb.js';

export async function listAccountEndpoints({
  ctx,
  input,
}: VerbArgs<Pick<AppDeps, 'db'>, { accountId: string }>): Promise<z.input<typeof AccountWebhookEndpointList>> {
  const [account] = await ctx.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, input.accountId)).limit(1);
  if (!account) throw new DomainError('not_found', 'No such account.');
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.accountId, input.accountId), isNull(webhookEndpoints.deletedAt)))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return {
    data: rows.map((row) => ({
      id: row.id,
      environment: row.environment,
      keyId: row.keyId,
      url: row.url,
      eventTypes: row.eventTypes,
      enabled: row.enabled,
      disabledReason: row.disabledReason as 'manual' | 'consecutive_failures' | null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
