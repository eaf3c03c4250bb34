// Recording events and announcing them (spec 2.7, 6.2): the event row, the entity's `lastEventAt` and
// the webhook deliveries are written in the caller's transaction (the outbox), and only to endpoints
// of the entity's own environment. Payloads are exactly those of 6.2.
import { eq } from 'drizzle-orm';
import { MONITORING_WEBHOOK_EVENTS } from '../../../schemas/monitoring/index.js';
import type { Clock } from '../../clock.js';
import type { Environment } from '../../ids.js';
import type { Database } from '../../store/db.js';
import { monitoredEntities, monitoringEvents } from '../../store/schema/index.js';
import { emitEvent } from '../../delivery/events.js';
import type { DetectedChange } from './changes.js';
import { entityView, type EntityRow, type EventRow } from './view.js';

/**
 * Stores one event of an active entity and sends `monitoring.change_detected`. Returns the event and
 * the entity as it now is (with `lastEventAt`).
 */
export async function recordChange(
  tx: Database,
  clock: Clock,
  entity: EntityRow,
  change: DetectedChange,
  options: { simulated?: boolean } = {},
): Promise<{ event: EventRow; entity: EntityRow }> {
  const now = clock.now();
  const simulated = options.simulated ?? false;
  const [event] = await tx
    .insert(monitoringEvents)
    .values({
      entityId: entity.id,
      accountId: entity.accountId,
      environment: entity.environment,
      eventType: change.eventType,
      title: change.title,
      description: change.description,
      effectiveDate: change.effectiveDate,
      source: change.source,
      metadata: change.metadata,
      simulated,
      detectedAt: now,
    })
    .returning();
  const [updated] = await tx
    .update(monitoredEntities)
    .set({ lastEventAt: now, updatedAt: now })
    .where(eq(monitoredEntities.id, entity.id))
    .returning();
  if (updated!.status === 'active')
    await announce(tx, clock, updated!, MONITORING_WEBHOOK_EVENTS.changeDetected, simulated, {
      monitoringEventId: event!.id,
      eventType: event!.eventType,
      title: event!.title,
      detectedAt: event!.detectedAt.toISOString(),
    });
  return { event: event!, entity: updated! };
}

/** `monitoring.expiring` (30 or 7 days; the entity's own `daysRemaining` stays real). */
export async function sendExpiring(tx: Database, clock: Clock, entity: EntityRow, days: 30 | 7, simulated = false): Promise<void> {
  await announce(tx, clock, entity, MONITORING_WEBHOOK_EVENTS.expiring, simulated, { daysRemaining: days });
}

/** `monitoring.expired`: as expiring without `daysRemaining`. */
export async function sendExpired(tx: Database, clock: Clock, entity: EntityRow, simulated = false): Promise<void> {
  await announce(tx, clock, entity, MONITORING_WEBHOOK_EVENTS.expired, simulated, {});
}

type MonitoringWebhookEvent = (typeof MONITORING_WEBHOOK_EVENTS)[keyof typeof MONITORING_WEBHOOK_EVENTS];

/**
 * The one envelope of every 6.2 payload: `event`, the event's own fields, the entity as it is now, the
 * time, and `simulated: true` for events made by Simulate; sent to the entity's own environment.
 */
async function announce(
  tx: Database,
  clock: Clock,
  entity: EntityRow,
  event: MonitoringWebhookEvent,
  simulated: boolean,
  fields: Record<string, unknown>,
): Promise<void> {
  const now = clock.now();
  await emitEvent(tx, clock, {
    accountId: entity.accountId,
    environment: entity.environment as Environment,
    event,
    payload: {
      event,
      ...fields,
      entity: entityView(entity, now),
      timestamp: now.toISOString(),
      ...(simulated ? { simulated: true } : {}),
    },
  });
}
