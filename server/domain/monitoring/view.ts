// The entity and event objects of the API (spec 2.6, 2.7), built from stored rows. The same entity
// object appears in every response, list item, event and webhook.
import type { z } from 'zod';
import type { MonitoredEntity, MonitoringEvent, MonitoringEventSummary } from '../../../schemas/monitoring/index.js';
import type { MonitoredEntityRow as EntityRow, MonitoringEventRow as EventRow } from '../../store/schema/monitoring.js';
import { daysLeft } from './dates.js';
import { readableType, type RegisterSnapshot, type RegisterStatus } from './register-state.js';

export type { EntityRow, EventRow };
export type EntityView = z.infer<typeof MonitoredEntity>;
export type EventView = z.infer<typeof MonitoringEvent>;
export type EventSummaryView = z.infer<typeof MonitoringEventSummary>;

export function snapshotOf(row: Pick<EntityRow, 'register'>): RegisterSnapshot | null {
  return (row.register as RegisterSnapshot | null) ?? null;
}

/** The register status as monitoring sees it: a simulated deregistration stays for good (spec 3.4). */
export function registerStatusOf(row: Pick<EntityRow, 'register' | 'simulatedStatus'>): RegisterStatus | null {
  if (row.simulatedStatus) return row.simulatedStatus as RegisterStatus;
  return snapshotOf(row)?.status ?? null;
}

export function entityView(row: EntityRow, now: Date): EntityView {
  const active = row.status === 'active';
  const snapshot = snapshotOf(row);
  // Register details only while active and once a check has completed (spec 2.6, D-39).
  const shown = active && snapshot !== null;
  return {
    id: row.id,
    acn: row.acn,
    abn: row.abn,
    entityName: row.entityName,
    reference: row.reference,
    status: row.status as EntityView['status'],
    monitoringStatus: row.monitoringStatus as EntityView['monitoringStatus'],
    startsAt: row.startsAt,
    expiresAt: row.expiresAt,
    daysRemaining: active ? daysLeft(row.expiresAt, now) : 0,
    // Never in the sandbox, and only while active (spec 2.6).
    lastEventAt: active && row.environment === 'live' && row.lastEventAt ? row.lastEventAt.toISOString() : null,
    entityStatus: shown ? (registerStatusOf(row) ?? 'unknown') : 'unknown',
    entityType: shown ? readableType(snapshot.entityType) : null,
    gstRegistered: shown ? snapshot.gstRegistered : null,
    gstDate: shown && snapshot.gstRegistered ? snapshot.gstDate : null,
    businessNames: shown ? [...snapshot.businessNames] : [],
  };
}

export function eventSummary(row: EventRow): EventSummaryView {
  return {
    monitoringEventId: row.id,
    entityId: row.entityId,
    eventType: row.eventType,
    title: row.title,
    detectedAt: row.detectedAt.toISOString(),
    simulated: row.simulated,
  };
}

export function eventView(row: EventRow, entity: EntityRow, now: Date): EventView {
  return {
    ...eventSummary(row),
    description: row.description,
    effectiveDate: row.effectiveDate,
    source: row.source as EventView['source'],
    metadata: row.metadata as EventView['metadata'],
    entity: entityView(entity, now),
  };
}
