// The delivery log (D-25, as Stripe and Svix offer): an endpoint's deliveries with every attempt, and
// resending one. Scoped like every endpoint verb (owner.ts): another key, environment or account
// finds no such endpoint (404).
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { enqueue } from '../../jobs/queue.js';
import { webhookAttempts, webhookDeliveries } from '../../store/schema/index.js';
import { WEBHOOK_DELIVERY_JOB } from '../../delivery/events.js';
import type { DeliveryJobPayload } from '../../delivery/delivery.js';
import type { DeliveryAttempt, WebhookDelivery } from '../../../schemas/webhooks/index.js';
import { DomainError, NotFoundError } from '../errors.js';
import { endpointOwner, findOwnedEndpoint, type EndpointCaller } from './owner.js';
import type { WebhookAttemptRow, WebhookDeliveryRow } from '../../store/schema/webhooks.js';
import { pageMeta, pageWindow, type PageMetaView, type PageRequest } from '../../../schemas/common/pagination.js';
import type { VerbArgs } from '../verb.js';

export type DeliveryView = z.infer<typeof WebhookDelivery>;
type AttemptView = z.infer<typeof DeliveryAttempt>;

export interface DeliveryLogContext extends Pick<AppDeps, 'db' | 'clock'> {
  caller: EndpointCaller;
}

export interface Page<T> {
  data: T[];
  meta: PageMetaView;
}

function attemptView(row: WebhookAttemptRow): AttemptView {
  return {
    attemptNumber: row.attemptNumber,
    attemptedAt: row.attemptedAt.toISOString(),
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    errorClass: row.errorClass as AttemptView['errorClass'],
  };
}

export function deliveryView(row: WebhookDeliveryRow, attempts: WebhookAttemptRow[]): DeliveryView {
  return {
    deliveryId: row.id,
    event: row.event,
    status: row.status as DeliveryView['status'],
    // Attempts written, so the count always matches the list beside it (an attempt in flight shows once recorded).
    attemptCount: attempts.length,
    nextAttemptAt: row.status === 'pending' && row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    // The stored body is exactly what was sent (built from the event schemas the payload's union
    // names); parsing it here cannot drift from the wire.
    payload: JSON.parse(row.body) as DeliveryView['payload'],
    attempts: attempts.map(attemptView),
  };
}

async function attemptsOf(ctx: Pick<AppDeps, 'db'>, deliveryIds: string[]): Promise<Map<string, WebhookAttemptRow[]>> {
  const byDelivery = new Map<string, WebhookAttemptRow[]>(deliveryIds.map((id) => [id, []]));
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await ctx.db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(asc(webhookAttempts.attemptNumber));
  for (const row of rows) byDelivery.get(row.deliveryId)?.push(row);
  return byDelivery;
}

/** Newest first; deliveries of one instant (one event fanned out) follow in id order. */
export async function listDeliveries({
  ctx,
  input,
}: VerbArgs<DeliveryLogContext, { endpointId: string } & PageRequest>): Promise<Page<DeliveryView>> {
  const endpoint = await findOwnedEndpoint(ctx, await endpointOwner(ctx, ctx.caller), input.endpointId);
  const window = pageWindow(input);
  const mine = eq(webhookDeliveries.endpointId, endpoint.id);
  const [counted] = await ctx.db.select({ n: count() }).from(webhookDeliveries).where(mine);
  const total = counted?.n ?? 0;
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(mine)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(window.perPage)
    .offset(window.offset);
  const attempts = await attemptsOf(
    ctx,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((row) => deliveryView(row, attempts.get(row.id) ?? [])),
    meta: pageMeta(window, total),
  };
}

/**
 * Queues one more attempt now: same deliveryId and body, signed when it is made with the secret
 * current then. A settled delivery is reopened (pending until that attempt ends); a delivery still
 * being retried keeps its schedule and gets the extra attempt beside it.
 */
export async function resendDelivery({
  ctx,
  input,
}: VerbArgs<DeliveryLogContext, { endpointId: string; deliveryId: string }>): Promise<DeliveryView> {
  const endpoint = await findOwnedEndpoint(ctx, await endpointOwner(ctx, ctx.caller), input.endpointId);
  const [delivery] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, input.deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)))
    .limit(1);
  if (!delivery) throw new NotFoundError('webhook delivery');
  if (!endpoint.enabled) throw new DomainError('endpoint_disabled', 'This endpoint is disabled; enable it before resending.');
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [reopened] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: now, finishedAt: null })
      .where(and(eq(webhookDeliveries.id, delivery.id), ne(webhookDeliveries.status, 'pending')))
      .returning();
    const job: DeliveryJobPayload = { deliveryId: delivery.id, manual: true, reopened: reopened !== undefined, dueAt: now.toISOString() };
    await enqueue(tx, { name: WEBHOOK_DELIVERY_JOB, payload: { ...job }, runAt: now, groupKey: endpoint.id }, now);
    return reopened ?? delivery;
  });
  const attempts = await attemptsOf(ctx, [row.id]);
  // The queued attempt is the next one, whatever the automatic schedule says after it.
  return { ...deliveryView(row, attempts.get(row.id) ?? []), status: 'pending', nextAttemptAt: now.toISOString() };
}
