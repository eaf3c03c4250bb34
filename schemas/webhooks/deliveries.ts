// A delivery as its endpoint's log shows it. Its payload is the exact JSON body sent: the body of one
// of the events of the document's `webhooks` section, told apart by `event`. In a file of its own
// because it imports those events' schemas, and monitoring's imports this folder's delivery id.
import { z } from '../common/zod.js';
import { IsoDateTime } from '../common/dates.js';
import { PageMeta } from '../common/pagination.js';
import { Form484StatusEvent } from '../form484/index.js';
import { LodgementStatusEvent } from '../lodgements/index.js';
import { MonitoringChangeDetectedWebhook, MonitoringExpiredWebhook, MonitoringExpiringWebhook } from '../monitoring/index.js';
import { PpsrAlertEvent } from '../ppsr/index.js';
import { AUTO_DISABLE_AFTER_FAILURES, RETRY_DELAYS_SECONDS } from './schedule.js';
import { DeliveryAttempt, DeliveryId } from './schemas.js';

/** The body of every event of the `webhooks` section, discriminated by `event`. */
export const DeliveryPayload = z
  .discriminatedUnion('event', [
    LodgementStatusEvent,
    Form484StatusEvent,
    MonitoringChangeDetectedWebhook,
    MonitoringExpiringWebhook,
    MonitoringExpiredWebhook,
    PpsrAlertEvent,
  ])
  .openapi({ description: 'The exact JSON body sent: the payload of the event named by `event`.' });

export const WebhookDelivery = z
  .strictObject({
    deliveryId: DeliveryId,
    event: z.string().openapi({ example: 'monitoring.change_detected' }),
    status: z.enum(['pending', 'succeeded', 'failed']).openapi({
      description:
        '`pending` while an attempt is due, `succeeded` after a 2xx, `failed` after the sixth failed attempt, a failed resend, or when the endpoint was disabled.',
    }),
    attemptCount: z.int().min(0).openapi({ description: 'Attempts made so far: at most 6 automatic ones, plus any resends.' }),
    nextAttemptAt: IsoDateTime.nullable(),
    createdAt: IsoDateTime,
    payload: DeliveryPayload,
    attempts: z.array(DeliveryAttempt).openapi({
      description: 'Every attempt, oldest first.',
      // The schedule as data, for tools that check it (the contract runner's retry_schedule, D-76).
      'x-retry-schedule': { delaysSeconds: [...RETRY_DELAYS_SECONDS], disableEndpointAfterFailures: AUTO_DISABLE_AFTER_FAILURES },
    }),
  })
  .openapi('WebhookDelivery');

export const WebhookDeliveryList = z.strictObject({ data: z.array(WebhookDelivery), meta: PageMeta }).openapi('WebhookDeliveryList');
