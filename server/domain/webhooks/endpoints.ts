// Webhook endpoint management (spec 2.2, 3.6, 4.2; D-15, D-16, D-21, D-26). Verbs take
// `({ ctx, input })` and know nothing of HTTP. Every read and write is scoped to the owning key
// (owner.ts): another key, environment or account sees no such endpoint (404, never 403, so ids
// leak nothing).
import type { Database } from '../../store/db.js';
import { perHandle } from '../../store/per-handle.js';
import { stopPendingDeliveries } from '../../delivery/attempts.js';
import { sealEndpointSecret } from '../../delivery/endpoint-secrets.js';
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { webhookDeliveries, webhookEndpoints } from '../../store/schema/index.js';
import { DomainError, NotFoundError, ValidationError } from '../errors.js';
import { newId } from '../../ids.js';
import { MAX_ENDPOINTS_PER_KEY, type WebhookEndpoint } from '../../../schemas/webhooks/index.js';
import { endpointOwner, findOwnedEndpoint, ownedBy, type EndpointCaller, type EndpointOwner } from './owner.js';
import { checkEndpointFields, type CheckedFields, type EndpointFields } from './validation.js';
import type { WebhookEndpointRow } from '../../store/schema/webhooks.js';
import type { VerbArgs } from '../verb.js';

export type EndpointView = z.infer<typeof WebhookEndpoint>;

export interface WebhookContext extends Pick<AppDeps, 'db' | 'engine' | 'clock' | 'config' | 'resolveHost' | 'sealer'> {
  caller: EndpointCaller;
  /** The service's public URL (D-54): the built-in test receiver's URLs are on it (D-59). */
  publicUrl: string;
}

/** The one moment a secret exists in plaintext outside a signature: the answer to create or rotate. */
export interface EndpointWithSecret {
  endpoint: WebhookEndpointRow;
  secret: string;
}

/** D-21: `whsec_` + base64 of 24 random bytes (the Standard Webhooks format; 32 characters, no padding). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The columns an endpoint's view reads. */
type ViewedEndpoint = Pick<
  WebhookEndpointRow,
  'id' | 'url' | 'eventTypes' | 'enabled' | 'consecutiveFailures' | 'disabledReason' | 'createdAt' | 'updatedAt'
>;

export function endpointView(row: ViewedEndpoint): EndpointView {
  return {
    id: row.id,
    url: row.url,
    eventTypes: row.eventTypes,
    enabled: row.enabled,
    consecutiveFailures: row.consecutiveFailures,
    disabledReason: row.disabledReason as EndpointView['disabledReason'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Duplicates would only make fan-out and reading the list confusing; order is kept. */
function uniqueNames(eventTypes: readonly string[]): string[] {
  return [...new Set(eventTypes)];
}

async function checkedFields(ctx: WebhookContext, fields: EndpointFields): Promise<CheckedFields> {
  const checked = await checkEndpointFields(ctx, fields, { environment: ctx.caller.environment, publicUrl: ctx.publicUrl });
  if (Object.keys(checked.problems).length > 0) throw new ValidationError(checked.problems);
  return checked;
}

/**
 * What the list reads of each endpoint: the view's columns only. The sealed secret, the owner and the
 * other columns no answer shows were sent, parsed and mapped for nothing, on every list.
 */
const viewedColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  eventTypes: webhookEndpoints.eventTypes,
  enabled: webhookEndpoints.enabled,
  consecutiveFailures: webhookEndpoints.consecutiveFailures,
  disabledReason: webhookEndpoints.disabledReason,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
} satisfies { [K in keyof ViewedEndpoint]: (typeof webhookEndpoints)[K] };

/**
 * Oldest first (creation order); endpoints created in the same instant follow in id order. Built once
 * per database handle as a prepared statement: GET /webhooks reads it on every call, and drizzle
 * building the query each time cost more of the server's CPU than the pg driver and PostgreSQL's
 * answer together (`npm run bench:write-path -- --paths read`, bench/README.md).
 */
const listingOf = perHandle((db: Database) =>
  db
    .select(viewedColumns)
    .from(webhookEndpoints)
    .where(
      ownedBy({ accountId: sql.placeholder('accountId'), environment: sql.placeholder('environment'), keyId: sql.placeholder('keyId') }),
    )
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
    .prepare('webhook_endpoints_list'),
);

export async function listEndpoints({ ctx }: { ctx: WebhookContext }): Promise<ViewedEndpoint[]> {
  const owner = await endpointOwner(ctx, ctx.caller);
  return listingOf(ctx.db).execute({ accountId: owner.accountId, environment: owner.environment, keyId: owner.keyId });
}

/** The new endpoint, or `endpoint_limit` when the owner already has MAX_ENDPOINTS_PER_KEY. */
async function insertIfRoom(db: Database, owner: EndpointOwner, values: WebhookEndpointRow): Promise<WebhookEndpointRow> {
  // Every column in the table's order, each value cast to its column's type (a SELECT list has no
  // target type to infer a parameter's from).
  const list = sql.join(
    Object.entries(getTableColumns(webhookEndpoints)).map(
      ([key, column]) => sql`${sql.param(values[key as keyof WebhookEndpointRow], column)}::${sql.raw(column.getSQLType())}`,
    ),
    sql`, `,
  );
  // The owner's places by its key alone (a key id, `pat:<account>` included, belongs to one account):
  // the embedded database has no statistics (no autovacuum), and given the account as well it
  // scans every endpoint of the account through the account index instead of the key's ten.
  const room = db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.keyId, owner.keyId), eq(webhookEndpoints.environment, owner.environment), isNull(webhookEndpoints.deletedAt)),
    );
  const [row] = await db
    .insert(webhookEndpoints)
    .select(sql`select ${list} where (${room}) < ${MAX_ENDPOINTS_PER_KEY}`)
    .returning();
  if (!row) {
    throw new DomainError('endpoint_limit', `This API key already has ${MAX_ENDPOINTS_PER_KEY} webhook endpoints; delete one first.`, {
      limit: MAX_ENDPOINTS_PER_KEY,
    });
  }
  return row;
}

export async function createEndpoint({
  ctx,
  input,
}: VerbArgs<WebhookContext, { url: string; eventTypes: string[] }>): Promise<EndpointWithSecret> {
  // Outside the transaction: resolving the host may take a while and must not hold the lock.
  const { receiver } = await checkedFields(ctx, input);
  const owner = await endpointOwner(ctx, ctx.caller);
  const secret = generateWebhookSecret();
  const now = ctx.clock.now();
  const id = newId('we');
  const values: WebhookEndpointRow = {
    id,
    ...owner,
    url: input.url,
    eventTypes: uniqueNames(input.eventTypes),
    enabled: true,
    // Sealed before it reaches the database: no table page or WAL record holds the plaintext.
    secretSealed: sealEndpointSecret(ctx.sealer, id, secret),
    secret: null,
    consecutiveFailures: 0,
    disabledReason: null,
    receiver: receiver ?? null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  // The count and the insert are one statement (the row is written only while the key has room), so
  // on PGlite, whose one connection runs one statement at a time, nothing can take the tenth place in
  // between: one round trip. On PostgreSQL two connections could each count nine within their own
  // statement's snapshot, so creates of one owner are serialised by a lock taken in a statement of its
  // own first (a statement's snapshot is taken before it waits, so the count must come after).
  const endpoint =
    ctx.engine === 'pglite'
      ? await insertIfRoom(ctx.db, owner, values)
      : await ctx.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook-endpoints:${owner.environment}:${owner.keyId}`}))`);
          return insertIfRoom(tx, owner, values);
        });
  return { endpoint, secret };
}

export interface EndpointChanges {
  url?: string;
  eventTypes?: string[];
  enabled?: boolean;
}

export async function updateEndpoint({
  ctx,
  input,
}: VerbArgs<WebhookContext, { id: string; changes: EndpointChanges }>): Promise<WebhookEndpointRow> {
  const owner = await endpointOwner(ctx, ctx.caller);
  const current = await findOwnedEndpoint(ctx, owner, input.id);
  const { url, eventTypes, enabled } = input.changes;
  if (url === undefined && eventTypes === undefined && enabled === undefined) return current;
  const checked = await checkedFields(ctx, { ...(url !== undefined ? { url } : {}), ...(eventTypes !== undefined ? { eventTypes } : {}) });

  const set: Partial<WebhookEndpointRow> = { updatedAt: ctx.clock.now() };
  if (url !== undefined) Object.assign(set, { url, receiver: checked.receiver ?? null });
  if (eventTypes !== undefined) set.eventTypes = uniqueNames(eventTypes);
  if (enabled === true) Object.assign(set, { enabled: true, disabledReason: null, consecutiveFailures: 0 });
  // An endpoint already disabled (e.g. after 20 failures) keeps the reason it has: it says why it stopped.
  if (enabled === false && current.enabled) Object.assign(set, { enabled: false, disabledReason: 'manual' });
  const disabling = enabled === false && current.enabled;
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookEndpoints)
      .set(set)
      .where(and(eq(webhookEndpoints.id, current.id), ownedBy(owner)))
      .returning();
    // Spec 3.6: disabling stops deliveries at once, not when their next retry comes due.
    if (updated && disabling) await stopPendingDeliveries(tx as unknown as Database, updated.id, ctx.clock.now());
    return updated;
  });
  // Deleted between the read and the write.
  if (!row) throw new NotFoundError('webhook endpoint');
  return row;
}

/**
 * Soft delete: the row stays (deliveries reference it) but no verb, list or fan-out sees it again.
 * Its pending deliveries are dropped here, marked `failed`; the delivery job also skips endpoints
 * with `deletedAt` set, which covers an attempt already claimed while the delete commits.
 */
export async function deleteEndpoint({ ctx, input }: VerbArgs<WebhookContext, { id: string }>): Promise<void> {
  const owner = await endpointOwner(ctx, ctx.caller);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(webhookEndpoints.id, input.id), ownedBy(owner)))
      .returning({ id: webhookEndpoints.id });
    if (!row) throw new NotFoundError('webhook endpoint');
    await tx
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null, finishedAt: now })
      .where(and(eq(webhookDeliveries.endpointId, row.id), eq(webhookDeliveries.status, 'pending')));
  });
}

/**
 * D-21: the old secret stops at once; every later attempt, retries included, signs with the new one.
 * The new secret is sealed afresh (new IV) for the same row; the old sealed value is overwritten.
 */
export async function rotateEndpointSecret({ ctx, input }: VerbArgs<WebhookContext, { id: string }>): Promise<EndpointWithSecret> {
  const owner = await endpointOwner(ctx, ctx.caller);
  const secret = generateWebhookSecret();
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({ secretSealed: sealEndpointSecret(ctx.sealer, input.id, secret), secret: null, updatedAt: ctx.clock.now() })
    .where(and(eq(webhookEndpoints.id, input.id), ownedBy(owner)))
    .returning();
  if (!row) throw new NotFoundError('webhook endpoint');
  return { endpoint: row, secret };
}
