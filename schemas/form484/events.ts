// D-46: Form 484 status changes are announced like the other lodgements (spec 3.1, 6.1): event
// `form484.status_changed`, interaction `asic-484`, with the company's name and ACN.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '../common/zod.js';
import { Acn } from '../common/identifiers.js';
import { IsoDateTime } from '../common/dates.js';
import { registerEventWebhook } from '../common/webhook-event.js';
import { TAGS } from '../tags.js';

export const FORM484_EVENT = 'form484.status_changed';
export const FORM484_INTERACTION = 'asic-484';
/** Spec 3.1's notifiable statuses (D-46). `validation failed` is listed there though no Form 484 reaches it today (D-35). */
export const FORM484_NOTIFIABLE_STATUSES = ['manual review', 'finished', 'rejected', 'validation failed', 'error'] as const;

export const Form484StatusEvent = z
  .strictObject({
    event: z.literal(FORM484_EVENT),
    requestId: z.int().min(1).openapi({ description: 'Pair with `GET /asic-484-forms/{requestId}/status`.' }),
    interaction: z.literal(FORM484_INTERACTION),
    status: z.enum(FORM484_NOTIFIABLE_STATUSES),
    timestamp: IsoDateTime.openapi({ description: 'ISO 8601, UTC.' }),
    entityName: z.string().openapi({ description: "The company's name as lodged (`generalInformation.companyName`)." }),
    acn: Acn.openapi({ description: "The company's ACN as lodged (`generalInformation.acn`)." }),
    deliveryId: z
      .string()
      .openapi({ description: 'Stable across retries; use it to de-duplicate.', example: 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe' }),
  })
  .openapi('Form484StatusEvent', { description: 'Payload of a Form 484 status change (spec 6.1, D-46).' });

export function registerForm484Events(registry: OpenAPIRegistry): void {
  registerEventWebhook(registry, {
    event: FORM484_EVENT,
    operationId: 'onForm484StatusChanged',
    summary: 'Form 484 status changed',
    description: `Sent each time a Form 484 lodgement (interaction \`${FORM484_INTERACTION}\`) moves into one of: ${FORM484_NOTIFIABLE_STATUSES.map((s) => `\`${s}\``).join(', ')} (D-46). Each transition is a separate delivery (\`manual review\` then \`finished\` gives two). Test-key endpoints receive only test lodgements. The status endpoint is the source of truth: \`documentUrl\` is there once the lodgement is \`finished\`.`,
    tag: TAGS.lodgementEvents,
    payload: Form484StatusEvent,
    examples: {
      finished: {
        summary: 'Form 484 finished',
        value: {
          event: FORM484_EVENT,
          requestId: 1001,
          interaction: FORM484_INTERACTION,
          status: 'finished',
          timestamp: '2026-11-22T03:05:00Z',
          entityName: 'SANDBOX TRADING PTY LTD',
          acn: '100000011',
          deliveryId: 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe',
        },
      },
      manualReview: {
        summary: 'Sandbox: held for manual review',
        value: {
          event: FORM484_EVENT,
          requestId: 1002,
          interaction: FORM484_INTERACTION,
          status: 'manual review',
          timestamp: '2026-11-22T03:04:00Z',
          entityName: 'MANUAL REVIEW TRADING PTY LTD',
          acn: '100000020',
          deliveryId: 'dlv_7HbN2cX4pQ9rT1vW5yZ8aKmL',
        },
      },
    },
  });
}
