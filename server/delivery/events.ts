// Event fan-out (spec 6, D-22): a domain change calls emitEvent inside its own transaction, which
// writes one delivery row per subscribed endpoint and queues its first attempt as a job. The change
// and its deliveries commit together or not at all (outbox), so no change is ever without them.
import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Database } from '../store/db.js';
import { webhookDeliveries, webhookEndpoints } from '../store/schema/index.js';
import { enqueue } from '../jobs/queue.js';
import type { Environment } from '../ids.js';
import { newId } from '../ids.js';
import { WEBHOOK_EVENT_TYPES } from '../../schemas/webhooks/index.js';
import type { JobName } from '../../schemas/admin/clock.js';
import { ownedBy } from '../store/scope.js';

export type WebhookEventName = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery' satisfies JobName;

export interface OutboundEvent {
  accountId: string;
  environment: Environment;
  event: WebhookEventName;
  /** The payload without `deliveryId`, which is added per endpoint (stable across retries). */
  payload: Record<string, unknown>;
}

export function subscribes(eventTypes: readonly string[], event: string): boolean {
  return eventTypes.includes('*') || eventTypes.includes(event);
}

/** Writes the deliveries for every enabled endpoint of the account and environment subscribed to the event. */
export async function emitEvent(db: Database, clock: Clock, outbound: OutboundEvent): Promise<string[]> {
  const endpoints = await db
    .select()
    .from(webhookEndpoints)
    .where(and(ownedBy(webhookEndpoints, outbound), eq(webhookEndpoints.enabled, true), isNull(webhookEndpoints.deletedAt)));
  const now = clock.now();
  const ids: string[] = [];
  for (const endpoint of endpoints.filter((e) => subscribes(e.eventTypes, outbound.event))) {
    const deliveryId = newId('dlv');
    await db.insert(webhookDeliveries).values({
      id: deliveryId,
      endpointId: endpoint.id,
      accountId: outbound.accountId,
      environment: outbound.environment,
      event: outbound.event,
      body: JSON.stringify({ ...outbound.payload, deliveryId }),
      status: 'pending',
      nextAttemptAt: now,
      createdAt: now,
    });
    await enqueue(db, { name: WEBHOOK_DELIVERY_JOB, payload: { deliveryId }, runAt: now, groupKey: endpoint.id }, now);
    ids.push(deliveryId);
  }
  return ids;
}
