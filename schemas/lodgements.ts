// Lodgements other than Form 484 and business accounts (spec 1, 6.1; D-36), and their 6.1 events.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from './common/zod.js';
import { Abn, Acn } from './common/identifiers.js';
import { IsoDateTime } from './common/dates.js';
import { apiError } from './common/errors.js';
import { AustralianState, Postcode } from './common/names.js';
import { registerOperation } from './common/operation.js';
import { registerEventWebhook } from './common/webhook-event.js';
import { TAGS } from './tags.js';

export const LODGEMENTS_OPERATIONS = {
  createAbnRegistration: 'createAbnRegistration',
  getLodgement: 'getLodgement',
} as const;

export const LODGEMENT_KINDS = ['company_registration', 'abn_registration', 'business_name_registration', 'business_name_renewal'] as const;
export const LodgementKind = z.enum(LODGEMENT_KINDS);

/** Interaction names of spec 6.1, by kind. */
export const INTERACTION_BY_KIND = {
  company_registration: 'company-registration',
  abn_registration: 'abnreg.lodge',
  business_name_registration: 'business-name-registration',
  business_name_renewal: 'business-name-renewal',
} as const satisfies Record<(typeof LODGEMENT_KINDS)[number], string>;

export const LODGEMENT_STATUSES = [
  'new',
  'submitted',
  'processing',
  'manual review',
  'validation failed',
  'finished',
  'rejected',
  'error',
] as const;
export const LodgementStatus = z.enum(LODGEMENT_STATUSES);

/** Statuses that send a 6.1 event, per kind (`validation failed` only for company registration). */
export const NOTIFIABLE_STATUSES = {
  company_registration: ['finished', 'rejected', 'validation failed', 'manual review', 'error'],
  abn_registration: ['finished', 'rejected', 'manual review', 'error'],
  business_name_registration: ['finished', 'rejected', 'manual review', 'error'],
  business_name_renewal: ['finished', 'rejected', 'manual review', 'error'],
} as const satisfies Record<(typeof LODGEMENT_KINDS)[number], readonly (typeof LODGEMENT_STATUSES)[number][]>;

export const EVENT_BY_KIND = {
  company_registration: 'company_registration.status_changed',
  abn_registration: 'abn_registration.status_changed',
  business_name_registration: 'business_name_registration.status_changed',
  business_name_renewal: 'business_name_renewal.status_changed',
} as const satisfies Record<(typeof LODGEMENT_KINDS)[number], string>;

export const RequestIdParam = z.strictObject({
  requestId: z.coerce.number().int().min(1).openapi({ description: 'Request id returned at creation.', example: 1001 }),
});

export const Lodgement = z
  .strictObject({
    requestId: z.int().min(1),
    kind: LodgementKind,
    interaction: z.enum(['company-registration', 'abnreg.lodge', 'business-name-registration', 'business-name-renewal']),
    status: LodgementStatus,
    entityName: z.string().nullable(),
    acn: z.string().nullable(),
    abn: z.string().nullable(),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .openapi('Lodgement', {
    description: 'Status record of a lodgement (D-36). The status endpoint is the source of truth; webhooks only nudge.',
  });

const BusinessAddress = z.strictObject({
  street: z.string().min(1).max(52).openapi({ example: '1 EAGLE STREET' }),
  locality: z.string().min(1).max(30).openapi({ example: 'BRISBANE CITY' }),
  state: AustralianState,
  postcode: Postcode,
});

export const AbnRegistrationRequest = z
  .strictObject({
    entityName: z.string().min(1).max(200).openapi({ example: 'JANE CITIZEN' }),
    entityType: z.enum(['individual', 'partnership', 'company', 'trust']).openapi({ example: 'individual' }),
    businessAddress: BusinessAddress,
    contactEmail: z.email().openapi({ example: 'jane@example.com' }),
  })
  .openapi('AbnRegistrationRequest', { description: 'Provisional minimal ABN application (D-36).' });

const lodgementExample = {
  requestId: 1001,
  kind: 'abn_registration',
  interaction: 'abnreg.lodge',
  status: 'new',
  entityName: 'JANE CITIZEN',
  acn: null,
  abn: null,
  createdAt: '2026-11-22T03:00:00Z',
  updatedAt: '2026-11-22T03:00:00Z',
};

const notFound = {
  description: '`not_found`: no lodgement with this id in this account and environment.',
  examples: { notFound: { summary: 'Unknown id', value: apiError('not_found', 'No such lodgement in this account and environment.') } },
};

export const LodgementStatusEvent = z
  .strictObject({
    event: z.enum(Object.values(EVENT_BY_KIND) as [string, ...string[]]),
    requestId: z.int().min(1).openapi({ description: 'Pair with `GET /lodgements/{requestId}`.' }),
    interaction: z.enum(['company-registration', 'abnreg.lodge', 'business-name-registration', 'business-name-renewal']),
    status: z.enum(['finished', 'rejected', 'validation failed', 'manual review', 'error']),
    timestamp: IsoDateTime.openapi({ description: 'ISO 8601, UTC.' }),
    entityName: z.string().optional().openapi({ description: 'Omitted entirely (never null) when not applicable.' }),
    acn: Acn.optional(),
    abn: Abn.optional(),
    deliveryId: z
      .string()
      .openapi({ description: 'Stable across retries; use it to de-duplicate.', example: 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe' }),
  })
  .openapi('LodgementStatusEvent', { description: 'Payload of a lodgement status change (spec 6.1).' });

function registerLodgementEvents(registry: OpenAPIRegistry): void {
  const labels: Record<(typeof LODGEMENT_KINDS)[number], string> = {
    company_registration: 'Company registration',
    abn_registration: 'ABN registration',
    business_name_registration: 'Business name registration',
    business_name_renewal: 'Business name renewal',
  };
  for (const kind of LODGEMENT_KINDS) {
    const event = EVENT_BY_KIND[kind];
    const statuses = NOTIFIABLE_STATUSES[kind];
    registerEventWebhook(registry, {
      event,
      operationId: `on${labels[kind].replace(/ /g, '').replace(/^ABN/, 'Abn')}StatusChanged`,
      summary: `${labels[kind]} status changed`,
      description: `Sent each time a ${labels[kind].toLowerCase()} (interaction \`${INTERACTION_BY_KIND[kind]}\`) moves into one of: ${statuses.map((s) => `\`${s}\``).join(', ')}. Each transition is a separate delivery (\`manual review\` then \`finished\` gives two). Test-key endpoints receive only test lodgements.`,
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

export function registerLodgementsPaths(registry: OpenAPIRegistry): void {
  registerOperation(registry, {
    method: 'post',
    path: '/abn/registrations',
    operationId: LODGEMENTS_OPERATIONS.createAbnRegistration,
    summary: 'Lodge an ABN registration',
    description:
      'Lodges an application for an Australian Business Number. The registry moves it through its statuses; follow it with `GET /lodgements/{requestId}` or the `abn_registration.status_changed` webhook. Fees: none are charged by default.\n\n**Sandbox.** The simulated registry moves the lodgement `new` -> `submitted` about 5 seconds later, then -> `finished` about 60 seconds after that. An `entityName` containing `MANUAL REVIEW` goes `manual review` instead and `finished` 60 seconds later (two webhooks); one containing `REJECT` ends `rejected`.',
    tag: TAGS.lodgements,
    access: 'secret',
    family: 'api',
    rateLimit: 'lodgements',
    idempotencyKey: 'optional',
    provisional: true,
    body: {
      schema: AbnRegistrationRequest,
      examples: {
        soleTrader: {
          summary: 'Sole trader',
          value: {
            entityName: 'JANE CITIZEN',
            entityType: 'individual',
            businessAddress: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
            contactEmail: 'jane@example.com',
          },
        },
      },
    },
    success: {
      201: {
        description: 'The lodgement, status `new`.',
        schema: Lodgement,
        examples: { created: { summary: 'Created', value: lodgementExample } },
        links: {
          GetLodgement: {
            operationId: LODGEMENTS_OPERATIONS.getLodgement,
            parameters: { requestId: '$response.body#/requestId' },
            description: 'Follow the lodgement just made.',
          },
        },
      },
    },
    errors: {
      422: {
        description: '`validation_failed` with every problem, keyed by field.',
        examples: {
          invalid: {
            summary: 'Bad e-mail and postcode',
            value: apiError('validation_failed', 'The request is not valid.', {
              errors: {
                contactEmail: [{ code: 'invalid_format', message: 'Must be an e-mail address.' }],
                'businessAddress.postcode': [{ code: 'invalid_format', message: 'Must be 4 digits.' }],
              },
            }),
          },
        },
      },
    },
  });

  registerOperation(registry, {
    method: 'get',
    path: '/lodgements/{requestId}',
    operationId: LODGEMENTS_OPERATIONS.getLodgement,
    summary: 'Get a lodgement status',
    description:
      "Returns the current status of a company registration, ABN registration, business name registration or renewal. Statuses `finished`, `rejected`, `validation failed`, `manual review` and `error` also send the kind's status webhook (spec 6.1).",
    tag: TAGS.lodgements,
    access: 'secret',
    family: 'api',
    rateLimit: 'lodgements',
    params: RequestIdParam,
    success: {
      200: {
        description: 'The lodgement.',
        schema: Lodgement,
        examples: {
          finished: { summary: 'Finished', value: { ...lodgementExample, status: 'finished', updatedAt: '2026-11-22T03:05:00Z' } },
        },
      },
    },
    errors: { 404: notFound },
  });

  registerLodgementEvents(registry);
}
