// Webhook endpoint management and the delivery log (spec 2.2, 3.6, 4.2, 6.3, 6.4; D-12, D-15, D-16,
// D-20 to D-26).
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from './common/zod.js';
import { apiError } from './common/errors.js';
import { IsoDateTime } from './common/dates.js';
import { PageMeta, PageQuery } from './common/pagination.js';
import { registerOperation, type ErrorResponse } from './common/operation.js';
import { TAGS } from './tags.js';

export const WEBHOOKS_OPERATIONS = {
  listWebhookEndpoints: 'listWebhookEndpoints',
  createWebhookEndpoint: 'createWebhookEndpoint',
  updateWebhookEndpoint: 'updateWebhookEndpoint',
  deleteWebhookEndpoint: 'deleteWebhookEndpoint',
  rotateWebhookEndpointSecret: 'rotateWebhookEndpointSecret',
  listWebhookDeliveries: 'listWebhookDeliveries',
  resendWebhookDelivery: 'resendWebhookDelivery',
} as const;

/** Every event a partner can subscribe to (spec 6.1 and 6.2); `*` alone subscribes to all (D-26). */
export const WEBHOOK_EVENT_TYPES = [
  'company_registration.status_changed',
  'abn_registration.status_changed',
  'business_name_registration.status_changed',
  'business_name_renewal.status_changed',
  'ppsr.alert.grantor_registration_changed',
  'monitoring.change_detected',
  'monitoring.expiring',
  'monitoring.expired',
] as const;

export const MAX_ENDPOINTS_PER_KEY = 10;

export const WebhookEndpointId = z
  .string()
  .regex(/^we_[A-Za-z0-9]{24}$/)
  .openapi({ description: 'Endpoint id: `we_` and 24 letters or digits (D-16).', example: 'we_4fGh7JkL9mNp2QrS5tUv8WxY' });

export const DeliveryId = z
  .string()
  .regex(/^dlv_[A-Za-z0-9]{24}$/)
  .openapi({
    description: 'Delivery id: `dlv_` and 24 letters or digits; stable across retries (D-22).',
    example: 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe',
  });

const WebhookUrl = z.url().max(2048).openapi({
  description:
    'HTTPS URL whose host resolves only to public addresses; checked at registration and before every delivery attempt (D-23). Refused: `url_not_https`, `url_not_public`, `url_invalid` (D-12).',
  example: 'https://hooks.example.com/svc',
});

const EventTypes = z
  .array(z.enum([...WEBHOOK_EVENT_TYPES, '*']))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .openapi({
    description: 'Events to receive: known event names, or exactly `["*"]` for every event. Anything else is `unknown_event_type` (D-26).',
    example: ['monitoring.change_detected', 'monitoring.expiring'],
  });

/** `*` subscribes to everything, so it must stand alone (D-26). */
export function isValidEventTypeList(eventTypes: readonly string[]): boolean {
  return !eventTypes.includes('*') || eventTypes.length === 1;
}

const endpointFields = {
  id: WebhookEndpointId,
  url: z.string().openapi({ example: 'https://hooks.example.com/svc' }),
  eventTypes: z.array(z.string()).openapi({ example: ['monitoring.change_detected', 'monitoring.expiring'] }),
  enabled: z.boolean(),
  consecutiveFailures: z
    .int()
    .min(0)
    .openapi({ description: 'Failed attempts in a row; any 2xx or re-enabling resets it; 20 disables the endpoint.' }),
  disabledReason: z
    .enum(['manual', 'consecutive_failures'])
    .nullable()
    .openapi({ description: 'Why the endpoint is disabled; null while enabled.' }),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
};

export const WebhookEndpoint = z
  .strictObject(endpointFields)
  .openapi('WebhookEndpoint', { description: 'A webhook endpoint (D-16). The secret is never returned on read.' });

export const WebhookEndpointWithSecret = z
  .strictObject({
    ...endpointFields,
    secret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]{32}$/)
      .openapi({
        description: 'Signing secret, `whsec_` and base64 of 24 random bytes (D-21). Shown only here: store it now.',
        example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      }),
  })
  .openapi('WebhookEndpointWithSecret');

export const WebhookEndpointList = z.strictObject({ data: z.array(WebhookEndpoint) }).openapi('WebhookEndpointList');

export const CreateWebhookEndpointRequest = z
  .strictObject({ url: WebhookUrl, eventTypes: EventTypes })
  .openapi('CreateWebhookEndpointRequest');

export const UpdateWebhookEndpointRequest = z
  .strictObject({
    url: WebhookUrl.optional(),
    eventTypes: EventTypes.optional(),
    enabled: z
      .boolean()
      .optional()
      .openapi({ description: 'False stops deliveries at once; true re-enables and resets the failure count.' }),
  })
  .openapi('UpdateWebhookEndpointRequest', { description: 'Any of `url`, `eventTypes`, `enabled`.' });

export const WebhookEndpointParams = z.strictObject({ id: WebhookEndpointId });
export const WebhookDeliveryParams = z.strictObject({ id: WebhookEndpointId, deliveryId: DeliveryId });

export const DeliveryAttempt = z
  .strictObject({
    attemptNumber: z
      .int()
      .min(1)
      .openapi({ description: 'Order of the attempt: 1 to 6 for the automatic schedule; each resend adds one more.' }),
    attemptedAt: IsoDateTime,
    statusCode: z
      .int()
      .nullable()
      .openapi({ description: 'HTTP status answered, or null when none (timeout, connection error, refused address).' }),
    durationMs: z.int().min(0),
    errorClass: z
      .enum(['http_status', 'redirect', 'timeout', 'connection_error', 'address_not_public', 'endpoint_disabled'])
      .nullable()
      .openapi({ description: 'Why the attempt failed; null when it succeeded.' }),
  })
  .openapi('DeliveryAttempt');

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
    payload: z.record(z.string(), z.unknown()).openapi({ description: 'The exact JSON body sent.' }),
    attempts: z.array(DeliveryAttempt).openapi({ description: 'Every attempt, oldest first.' }),
  })
  .openapi('WebhookDelivery');

export const WebhookDeliveryList = z.strictObject({ data: z.array(WebhookDelivery), meta: PageMeta }).openapi('WebhookDeliveryList');

const endpointExample = {
  id: 'we_4fGh7JkL9mNp2QrS5tUv8WxY',
  url: 'https://hooks.example.com/svc',
  eventTypes: ['monitoring.change_detected', 'monitoring.expiring'],
  enabled: true,
  consecutiveFailures: 0,
  disabledReason: null,
  createdAt: '2026-11-22T03:00:00Z',
  updatedAt: '2026-11-22T03:00:00Z',
};

const secretExample = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const deliveryExample = {
  deliveryId: 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe',
  event: 'abn_registration.status_changed',
  status: 'pending',
  attemptCount: 1,
  nextAttemptAt: '2026-11-22T03:05:30Z',
  createdAt: '2026-11-22T03:05:00Z',
  payload: {
    event: 'abn_registration.status_changed',
    requestId: 1001,
    interaction: 'abnreg.lodge',
    status: 'finished',
    timestamp: '2026-11-22T03:05:00Z',
    deliveryId: 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe',
  },
  attempts: [{ attemptNumber: 1, attemptedAt: '2026-11-22T03:05:00Z', statusCode: 500, durationMs: 84, errorClass: 'http_status' }],
};

const notFound: ErrorResponse = {
  description: '`not_found`: no such endpoint for this key (endpoints belong to the key that created them).',
  examples: { notFound: { summary: 'Unknown endpoint', value: apiError('not_found', 'No such webhook endpoint for this key.') } },
};

const urlAndEventErrors = {
  notHttps: {
    summary: 'Not HTTPS',
    value: apiError('validation_failed', 'The request is not valid.', {
      errors: { url: [{ code: 'url_not_https', message: 'The URL must use https.' }] },
    }),
  },
  notPublic: {
    summary: 'Resolves to a private address',
    value: apiError('validation_failed', 'The request is not valid.', {
      errors: { url: [{ code: 'url_not_public', message: 'hooks.internal resolves to 10.0.0.5, which is not a public address.' }] },
    }),
  },
  invalid: {
    summary: 'Unparsable URL and unknown event',
    value: apiError('validation_failed', 'The request is not valid.', {
      errors: {
        url: [{ code: 'url_invalid', message: 'Not a valid URL.' }],
        'eventTypes.0': [{ code: 'unknown_event_type', message: 'Unknown event type "monitoring.changed".' }],
      },
    }),
  },
};

export function registerWebhooksPaths(registry: OpenAPIRegistry): void {
  const common = { tag: TAGS.webhooks, access: 'secret', family: 'api', rateLimit: 'lodgements' } as const;

  registerOperation(registry, {
    ...common,
    method: 'get',
    path: '/webhooks',
    operationId: WEBHOOKS_OPERATIONS.listWebhookEndpoints,
    summary: 'List webhook endpoints',
    description: 'Lists the endpoints created with this API key (and so in this environment). Secrets are never returned here.',
    success: {
      200: {
        description: 'The endpoints of this key.',
        schema: WebhookEndpointList,
        examples: { one: { summary: 'One endpoint', value: { data: [endpointExample] } } },
      },
    },
  });

  registerOperation(registry, {
    ...common,
    method: 'post',
    path: '/webhooks',
    operationId: WEBHOOKS_OPERATIONS.createWebhookEndpoint,
    summary: 'Create a webhook endpoint',
    description: `Registers an HTTPS endpoint for the given events. The response carries the signing \`secret\`, shown only now and on rotation. At most ${MAX_ENDPOINTS_PER_KEY} endpoints per API key. The URL must be HTTPS and resolve only to public addresses (private, loopback, link-local, carrier-grade NAT and reserved ranges are refused, D-23); it is checked again before every delivery.`,
    idempotencyKey: 'optional',
    body: {
      schema: CreateWebhookEndpointRequest,
      examples: {
        monitoring: {
          summary: 'Monitoring events',
          value: { url: 'https://hooks.example.com/svc', eventTypes: ['monitoring.change_detected', 'monitoring.expiring'] },
        },
        everything: { summary: 'Every event', value: { url: 'https://hooks.example.com/all', eventTypes: ['*'] } },
      },
    },
    success: {
      201: {
        description: 'The endpoint with its signing secret.',
        schema: WebhookEndpointWithSecret,
        examples: { created: { summary: 'Created', value: { ...endpointExample, secret: secretExample } } },
        // Links let clients and the contract runner chain calls on the created endpoint (there is no
        // GET of one endpoint: update, rotate, deliveries and delete are what it can be used with).
        links: {
          UpdateEndpoint: {
            operationId: WEBHOOKS_OPERATIONS.updateWebhookEndpoint,
            parameters: { id: '$response.body#/id' },
            description: 'Change the endpoint just created.',
          },
          RotateSecret: {
            operationId: WEBHOOKS_OPERATIONS.rotateWebhookEndpointSecret,
            parameters: { id: '$response.body#/id' },
            description: 'Rotate its signing secret.',
          },
          ListDeliveries: {
            operationId: WEBHOOKS_OPERATIONS.listWebhookDeliveries,
            parameters: { id: '$response.body#/id' },
            description: 'Its delivery log.',
          },
          DeleteEndpoint: {
            operationId: WEBHOOKS_OPERATIONS.deleteWebhookEndpoint,
            parameters: { id: '$response.body#/id' },
            description: 'Delete it; afterwards every link answers 404.',
          },
        },
      },
    },
    errors: {
      422: {
        description: `\`validation_failed\` with every problem (\`url_not_https\`, \`url_not_public\`, \`url_invalid\`, \`unknown_event_type\`, D-12, D-26), or \`endpoint_limit\` when this key already has ${MAX_ENDPOINTS_PER_KEY} endpoints.`,
        examples: {
          ...urlAndEventErrors,
          limit: {
            summary: 'Eleventh endpoint',
            value: apiError('endpoint_limit', `This API key already has ${MAX_ENDPOINTS_PER_KEY} webhook endpoints.`, {
              limit: MAX_ENDPOINTS_PER_KEY,
            }),
          },
        },
      },
    },
  });

  registerOperation(registry, {
    ...common,
    method: 'patch',
    path: '/webhooks/{id}',
    operationId: WEBHOOKS_OPERATIONS.updateWebhookEndpoint,
    summary: 'Update a webhook endpoint',
    description:
      'Changes the `url`, the `eventTypes` or `enabled`. Disabling stops deliveries at once; enabling resets the consecutive failure count and clears `disabledReason`. A new URL is checked like on create.',
    params: WebhookEndpointParams,
    body: {
      schema: UpdateWebhookEndpointRequest,
      examples: {
        disable: { summary: 'Disable', value: { enabled: false } },
        events: { summary: 'Change events', value: { eventTypes: ['*'] } },
      },
    },
    success: {
      200: {
        description: 'The updated endpoint (no secret).',
        schema: WebhookEndpoint,
        examples: { updated: { summary: 'Disabled', value: { ...endpointExample, enabled: false, disabledReason: 'manual' } } },
      },
    },
    errors: {
      404: notFound,
      422: { description: '`validation_failed` with every problem, as on create.', examples: urlAndEventErrors },
    },
  });

  registerOperation(registry, {
    ...common,
    method: 'delete',
    path: '/webhooks/{id}',
    operationId: WEBHOOKS_OPERATIONS.deleteWebhookEndpoint,
    summary: 'Delete a webhook endpoint',
    description: 'Removes the endpoint; pending deliveries to it are dropped. Reading or deleting it again answers 404.',
    params: WebhookEndpointParams,
    success: { 204: { description: 'Deleted.' } },
    errors: { 404: notFound },
  });

  registerOperation(registry, {
    ...common,
    method: 'post',
    path: '/webhooks/{id}/rotate-secret',
    operationId: WEBHOOKS_OPERATIONS.rotateWebhookEndpointSecret,
    summary: 'Rotate a webhook secret',
    description:
      'Invalidates the current secret and returns a new one. Every attempt made after the rotation, retries included, is signed with the new secret (D-21); verifiers should accept both secrets while they switch.',
    params: WebhookEndpointParams,
    success: {
      200: {
        description: 'The endpoint with its new secret.',
        schema: WebhookEndpointWithSecret,
        examples: { rotated: { summary: 'Rotated', value: { ...endpointExample, secret: 'whsec_Zp3u8QvXw1Yk6Ns2Lm9Rb4Tc7Hd0Jf5G' } } },
      },
    },
    errors: { 404: notFound },
  });

  registerOperation(registry, {
    ...common,
    method: 'get',
    path: '/webhooks/{id}/deliveries',
    operationId: WEBHOOKS_OPERATIONS.listWebhookDeliveries,
    summary: 'List webhook deliveries',
    description:
      'The delivery log of one endpoint, newest first: each delivery with its payload and every attempt (time, status code, duration, error class). Attempts follow the schedule of spec 6.4: immediately, then after 30 s, 5 min, 15 min, 1 h and 6 h; after a sixth failure the delivery is `failed`.',
    params: WebhookEndpointParams,
    query: PageQuery,
    success: {
      200: {
        description: 'Deliveries, newest first.',
        schema: WebhookDeliveryList,
        examples: {
          retrying: {
            summary: 'One delivery awaiting its second attempt',
            value: { data: [deliveryExample], meta: { currentPage: 1, perPage: 25, total: 1, lastPage: 1 } },
          },
        },
      },
    },
    errors: {
      404: notFound,
      422: {
        description: '`validation_failed`: `page` or `perPage` out of range.',
        examples: {
          perPage: {
            summary: 'perPage over 100',
            value: apiError('validation_failed', 'The request is not valid.', {
              errors: { perPage: [{ code: 'too_big', message: 'Must be at most 100.' }] },
            }),
          },
        },
      },
    },
  });

  registerOperation(registry, {
    ...common,
    method: 'post',
    path: '/webhooks/{id}/deliveries/{deliveryId}/resend',
    operationId: WEBHOOKS_OPERATIONS.resendWebhookDelivery,
    summary: 'Resend a webhook delivery',
    description:
      'Queues one more attempt of a delivery now, with the same `deliveryId` and body, signed with the current secret. Works on succeeded and failed deliveries alike (a failed resend is not retried; resend again); on a delivery still being retried it adds an attempt without changing the schedule. A disabled endpoint must be enabled first.',
    params: WebhookDeliveryParams,
    success: {
      202: {
        description: 'The delivery with the new attempt queued.',
        schema: WebhookDelivery,
        examples: {
          queued: { summary: 'Queued', value: { ...deliveryExample, status: 'pending', nextAttemptAt: '2026-11-22T03:10:00Z' } },
        },
      },
    },
    errors: {
      404: { description: '`not_found`: no such endpoint for this key, or no such delivery to it.', examples: notFound.examples },
      409: {
        description: '`endpoint_disabled`: enable the endpoint before resending.',
        examples: {
          disabled: {
            summary: 'Endpoint disabled',
            value: apiError('endpoint_disabled', 'This endpoint is disabled; enable it before resending.'),
          },
        },
      },
    },
  });
}
