// The lodgement status webhooks of spec 6.1, one per lodgement kind.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { registerEventWebhook } from '../common/webhook-event.js';
import { TAGS } from '../tags.js';
import { EVENT_BY_KIND, INTERACTION_BY_KIND, LODGEMENT_KINDS, LodgementStatusEvent, NOTIFIABLE_STATUSES } from './schemas.js';

export function registerLodgementEvents(registry: OpenAPIRegistry): void {
  const labels: Record<(typeof LODGEMENT_KINDS)[number], string> = {
    company_registration: 'Company registration',
    abn_registration: 'ABN registration',
    business_name_registration: 'Business name registration',
    business_name_renewal: 'Business name renewal',
  };
  const inSentence: Record<(typeof LODGEMENT_KINDS)[number], string> = {
    company_registration: 'a company registration',
    abn_registration: 'an ABN registration',
    business_name_registration: 'a business name registration',
    business_name_renewal: 'a business name renewal',
  };
  for (const kind of LODGEMENT_KINDS) {
    const event = EVENT_BY_KIND[kind];
    const statuses = NOTIFIABLE_STATUSES[kind];
    registerEventWebhook(registry, {
      event,
      operationId: `on${labels[kind].replace(/ /g, '').replace(/^ABN/, 'Abn')}StatusChanged`,
      summary: `${labels[kind]} status changed`,
      description: `Sent each time ${inSentence[kind]} (interaction \`${INTERACTION_BY_KIND[kind]}\`) moves into one of: ${statuses.map((s) => `\`${s}\``).join(', ')}. Each transition is a separate delivery (\`manual review\` then \`finished\` gives two). Test-key endpoints receive only test lodgements.`,
      tag: TAGS.lodgementEvents,
      payload: LodgementStatusEvent,
      examples: {
        finished: {
          summary: 'Lodgement finished',
          value: {
            event,
            requestId: 1001,
            interaction: INTERACTION_BY_KIND[kind],
            status: 'finished',
            timestamp: '2026-11-22T03:05:00Z',
            entityName: 'SANDBOX TRADING PTY LTD',
            acn: '100000011',
            abn: '60100000011',
            deliveryId: 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe',
          },
        },
        manualReview: {
          summary: 'Sent to manual review (no entity details)',
          value: {
            event,
            requestId: 1002,
            interaction: INTERACTION_BY_KIND[kind],
            status: 'manual review',
            timestamp: '2026-11-22T03:04:00Z',
            deliveryId: 'dlv_7HbN2cX4pQ9rT1vW5yZ8aKmL',
          },
        },
      },
    });
  }
}
