// The three outbound monitoring webhooks (spec 6.2) and their payloads.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '../common/zod.js';
import { IsoDateTime, addMonths, daysBetween } from '../common/dates.js';
import { registerEventWebhook } from '../common/webhook-event.js';
// Not the folder's index: that loads the delivery log, whose payload is built from these events.
import { DeliveryId } from '../webhooks/schemas.js';
import { TAGS } from '../tags.js';
import { MonitoredEntity, MonitoringEventTypeName } from './schemas.js';
import {
  TODAY,
  liveCompanyActive,
  liveDocumentLodged,
  testAddressChange,
  testCompany,
  testCompanyExpired,
  testCompanyExpiringSoon,
} from './examples.js';

export const MONITORING_WEBHOOK_EVENTS = {
  changeDetected: 'monitoring.change_detected',
  expiring: 'monitoring.expiring',
  expired: 'monitoring.expired',
} as const;

const deliveryFields = {
  timestamp: IsoDateTime.openapi({
    description: 'When the delivery was created (ISO 8601, UTC); the same on every retry.',
    example: '2026-11-22T03:00:05Z',
  }),
  deliveryId: DeliveryId,
  simulated: z
    .literal(true)
    .optional()
    .openapi({ description: 'Present, and true, only on deliveries caused by `POST /monitoring/entities/{id}/simulate`.', example: true }),
};

export const MonitoringChangeDetectedWebhook = z
  .strictObject({
    event: z.literal(MONITORING_WEBHOOK_EVENTS.changeDetected),
    monitoringEventId: z.int().min(1).openapi({
      description: 'The stored event: fetch `GET /monitoring/events/{id}` for its description and metadata. De-duplicate on it.',
      example: 48211,
    }),
    eventType: MonitoringEventTypeName,
    title: z.string().openapi({ example: 'Form 484 lodged' }),
    detectedAt: IsoDateTime.openapi({
      description: 'When the change was detected (ISO 8601 with offset).',
      example: '2026-11-22T03:00:00Z',
    }),
    entity: MonitoredEntity,
    ...deliveryFields,
  })
  .openapi('MonitoringChangeDetectedWebhook', { description: 'Payload of `monitoring.change_detected` (spec 6.2).' });

export const MonitoringExpiringWebhook = z
  .strictObject({
    event: z.literal(MONITORING_WEBHOOK_EVENTS.expiring),
    entity: MonitoredEntity,
    // z.literal([30, 7]) is emitted by zod-to-openapi 9.1 as `enum: [30]` only, so the JSON
    // Schema is given by hand.
    daysRemaining: z.literal([30, 7]).openapi({
      type: 'integer',
      enum: [30, 7],
      description: 'Which warning this is. On a simulated warning it is 30 or 7 while `entity.daysRemaining` keeps the real value.',
      example: 30,
    }),
    ...deliveryFields,
  })
  .openapi('MonitoringExpiringWebhook', { description: 'Payload of `monitoring.expiring` (spec 6.2).' });

export const MonitoringExpiredWebhook = z
  .strictObject({
    event: z.literal(MONITORING_WEBHOOK_EVENTS.expired),
    entity: MonitoredEntity,
    ...deliveryFields,
  })
  .openapi('MonitoringExpiredWebhook', { description: 'Payload of `monitoring.expired` (spec 6.2).' });

const ROUTING =
  'Live entities send to endpoints of live keys; sandbox entities only to endpoints of test keys. Deliveries may arrive more than once or out of order.';

/** A live entity 7 days before its term ends. */
const sevenDayEnd = '2026-11-29';
const liveExpiringIn7 = {
  ...testCompanyExpiringSoon,
  id: 7205,
  startsAt: addMonths(sevenDayEnd, -12),
  expiresAt: sevenDayEnd,
  daysRemaining: daysBetween(TODAY, sevenDayEnd),
};

export function registerMonitoringWebhooks(registry: OpenAPIRegistry): void {
  registerEventWebhook(registry, {
    event: MONITORING_WEBHOOK_EVENTS.changeDetected,
    operationId: 'onMonitoringChangeDetected',
    summary: 'Register change detected',
    description: [
      'Sent once per change detected on an `active` entity (a company deregistered or ABN cancelled during a term yields a `status_change`; the term keeps running without extension or refund). The payload is a summary: fetch `GET /monitoring/events/{monitoringEventId}` for the description and metadata. De-duplicate on `monitoringEventId` or `deliveryId`; to catch up after downtime use `GET /monitoring/events?since=<last monitoringEventId>`.',
      'Treat an unknown `eventType` as `other_change`. No delivery window and no completeness of detection is promised; a stopped entity sends nothing. ' +
        ROUTING,
    ].join('\n\n'),
    tag: TAGS.monitoringEvents,
    payload: MonitoringChangeDetectedWebhook,
    examples: {
      live: {
        summary: 'Document lodged (live)',
        value: {
          event: MONITORING_WEBHOOK_EVENTS.changeDetected,
          monitoringEventId: liveDocumentLodged.monitoringEventId,
          eventType: liveDocumentLodged.eventType,
          title: liveDocumentLodged.title,
          detectedAt: liveDocumentLodged.detectedAt,
          entity: liveCompanyActive,
          timestamp: '2026-11-22T03:00:05Z',
          deliveryId: 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe',
        },
      },
      simulated: {
        summary: 'Simulated address change (sandbox)',
        value: {
          event: MONITORING_WEBHOOK_EVENTS.changeDetected,
          monitoringEventId: testAddressChange.monitoringEventId,
          eventType: testAddressChange.eventType,
          title: testAddressChange.title,
          detectedAt: testAddressChange.detectedAt,
          entity: testCompany,
          timestamp: '2026-11-22T03:00:01Z',
          deliveryId: 'dlv_7HbN2cX4pQ9rT1vW5yZ8aKmL',
          simulated: true,
        },
      },
    },
  });

  registerEventWebhook(registry, {
    event: MONITORING_WEBHOOK_EVENTS.expiring,
    operationId: 'onMonitoringExpiring',
    summary: 'Monitoring term ending soon',
    description: [
      "Sent 30 days and again 7 days before an `active` entity's term ends (`expiresAt`), so it can be renewed in time (`POST /monitoring/entities/renew`). For live entities the account owner is also e-mailed.",
      'Not sent for a deregistered company, a cancelled ABN, a locked account, or a stopped entity. A simulated warning (`simulate: expiring_30` or `expiring_7`) adds `simulated: true`; its top-level `daysRemaining` is 30 or 7 while `entity.daysRemaining` keeps the real value. ' +
        ROUTING,
    ].join('\n\n'),
    tag: TAGS.monitoringEvents,
    payload: MonitoringExpiringWebhook,
    examples: {
      thirtyDays: {
        summary: '30 days left (live)',
        value: {
          event: MONITORING_WEBHOOK_EVENTS.expiring,
          entity: { ...testCompanyExpiringSoon, id: 7203 },
          daysRemaining: 30,
          timestamp: '2026-11-21T14:00:00Z',
          deliveryId: 'dlv_Q2w3E4r5T6y7U8i9O0p1A2s3',
        },
      },
      sevenDays: {
        summary: '7 days left (live)',
        value: {
          event: MONITORING_WEBHOOK_EVENTS.expiring,
          entity: liveExpiringIn7,
          daysRemaining: 7,
          timestamp: '2026-11-21T14:00:00Z',
          deliveryId: 'dlv_Mn8Bv7Cx6Zl5Kj4Hg3Fd2Sa1',
        },
      },
      simulated: {
        summary: 'Simulated 30-day warning: entity keeps its real 365 days',
        value: {
          event: MONITORING_WEBHOOK_EVENTS.expiring,
          entity: testCompany,
          daysRemaining: 30,
          timestamp: '2026-11-22T03:10:00Z',
          deliveryId: 'dlv_Pq1Rs2Tu3Vw4Xy5Za6Bc7De8',
          simulated: true,
        },
      },
    },
  });

  registerEventWebhook(registry, {
    event: MONITORING_WEBHOOK_EVENTS.expired,
    operationId: 'onMonitoringExpired',
    summary: 'Monitoring term ended',
    description: [
      "Sent when an `active` entity's term ends: the entity is now `expired` (`monitoringStatus: inactive`, register details hidden). Renew it with `POST /monitoring/entities/renew`; the new term starts on the day of renewal.",
      'A stopped entity reaching its end date becomes `expired` silently and sends nothing. A simulated delivery (`simulate: expired`) adds `simulated: true` and leaves the entity unchanged. ' +
        ROUTING,
    ].join('\n\n'),
    tag: TAGS.monitoringEvents,
    payload: MonitoringExpiredWebhook,
    examples: {
      live: {
        summary: 'Term ended (live)',
        value: {
          event: MONITORING_WEBHOOK_EVENTS.expired,
          entity: { ...testCompanyExpired, id: 7206 },
          timestamp: '2026-11-21T14:00:00Z',
          deliveryId: 'dlv_Lk9Jh8Gf7Ds6Ap5Oi4Uy3Tr2',
        },
      },
      simulated: {
        summary: 'Simulated (sandbox): entity unchanged',
        value: {
          event: MONITORING_WEBHOOK_EVENTS.expired,
          entity: testCompany,
          timestamp: '2026-11-22T03:12:00Z',
          deliveryId: 'dlv_Zx1Cv2Bn3Mq4Wr5Ty6Ui7Op8',
          simulated: true,
        },
      },
    },
  });
}
