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
  if (updated!.status === 'active') {
    await emitEvent(tx, clock, {
      accountId: entity.accountId,
      environment: entity.environment as Environment,
      event: MONITORING_WEBHOOK_EVENTS.changeDetected,
      payload: {
        event: MONITORING_WEBHOOK_EVENTS.changeDetected,
        monitoringEventId: event!.id,
        eventType: event!.eventType,
        title: event!.title,
        detectedAt: event!.detectedAt.toISOString(),
        entity: entityView(updated!, now),
        timestamp: now.toISOString(),
        ...(simulated ? { simulated: true } : {}),
      },
    });
  }
  return { event: event!, entity: updated! };
}

/** `monitoring.expiring` (30 or 7 days; the entity's own `daysRemaining` stays real). */
export async function sendExpiring(tx: Database, clock: Clock, entity: EntityRow, days: 30 | 7, simulated = false): Promise<void> {
  const now = clock.now();
  await emitEvent(tx, clock, {
    accountId: entity.accountId,
    environment: entity.environment as Environment,
    event: MONITORING_WEBHOOK_EVENTS.expiring,
    payload: {
      event: MONITORING_WEBHOOK_EVENTS.expiring,
      entity: entityView(entity, now),
      daysRemaining: days,
      timestamp: now.toISOString(),
      ...(simulated ? { simulated: true } : {}),
    },
  });
}

/** `monitoring.expired`: as expiring without `daysRemaining`. */
export async function sendExpired(tx: Database, clock: Clock, entity: EntityRow, simulated = false): Promise<void> {
  const now = clock.now();
  await emitEvent(tx, clock, {
    accountId: entity.accountId,
    environment: entity.environment as Environment,
    event: MONITORING_WEBHOOK_EVENTS.expired,
    payload: {
      event: MONITORING_WEBHOOK_EVENTS.expired,
      entity: entityView(entity, now),
      timestamp: now.toISOString(),
      ...(simulated ? { simulated: true } : {}),
    },
  });
}
