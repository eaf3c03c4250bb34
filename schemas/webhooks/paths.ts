// Webhook endpoint management and the delivery log (spec 2.2, 3.6, 4.2, 6.3, 6.4; D-12, D-15, D-16,
// D-20 to D-26).
import { apiError } from '../common/errors.js';
import { PageQuery } from '../common/pagination.js';
import { defineOperation } from '../common/operation.js';
import { TAGS } from '../tags.js';
import {
  CreateWebhookEndpointRequest,
  MAX_ENDPOINTS_PER_KEY,
  UpdateWebhookEndpointRequest,
  WebhookDeliveryParams,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointParams,
  WebhookEndpointWithSecret,
} from './schemas.js';
import { WebhookDelivery, WebhookDeliveryList } from './deliveries.js';
import { deliveryExample, endpointExample, notFound, secretExample, urlAndEventErrors } from './examples.js';
import { linksPassing } from '../common/links.js';
import { validationExample } from '../common/validation-example.js';

const common = { tag: TAGS.webhooks, access: 'secret', family: 'api', rateLimit: 'lodgements' } as const;

export const listWebhookEndpoints = defineOperation({
  ...common,
  method: 'get',
  path: '/webhooks',
  operationId: 'listWebhookEndpoints',
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

export const createWebhookEndpoint = defineOperation({
  ...common,
  method: 'post',
  path: '/webhooks',
  operationId: 'createWebhookEndpoint',
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
      links: linksPassing(
        { id: '$response.body#/id' },
        {
          UpdateEndpoint: { operationId: 'updateWebhookEndpoint', description: 'Change the endpoint just created.' },
          RotateSecret: { operationId: 'rotateWebhookEndpointSecret', description: 'Rotate its signing secret.' },
          ListDeliveries: { operationId: 'listWebhookDeliveries', description: 'Its delivery log.' },
          DeleteEndpoint: { operationId: 'deleteWebhookEndpoint', description: 'Delete it; afterwards every link answers 404.' },
        },
      ),
    },
  },
  errors: {
    422: {
      description: `\`validation_failed\` with every problem (\`url_not_https\`, \`url_not_public\`, \`url_invalid\`, \`unknown_event_type\`, D-12, D-26), or \`endpoint_limit\` when this key already has ${MAX_ENDPOINTS_PER_KEY} endpoints.`,
      examples: {
        // What a body of `{}` gets: the URL rules restate a missing url as url_invalid (the mock's first answer).
        emptyBody: validationExample('Body `{}`: every required field missing', {
          url: [{ code: 'url_invalid', message: 'Not a valid URL.' }],
          eventTypes: [{ code: 'required', message: 'Required.' }],
        }),
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

export const updateWebhookEndpoint = defineOperation({
  ...common,
  method: 'patch',
  path: '/webhooks/{id}',
  operationId: 'updateWebhookEndpoint',
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

export const deleteWebhookEndpoint = defineOperation({
  ...common,
  method: 'delete',
  path: '/webhooks/{id}',
  operationId: 'deleteWebhookEndpoint',
  summary: 'Delete a webhook endpoint',
  description: 'Removes the endpoint; pending deliveries to it are dropped. Reading or deleting it again answers 404.',
  params: WebhookEndpointParams,
  success: { 204: { description: 'Deleted.' } },
  errors: { 404: notFound },
});

export const rotateWebhookEndpointSecret = defineOperation({
  ...common,
  method: 'post',
  path: '/webhooks/{id}/rotate-secret',
  operationId: 'rotateWebhookEndpointSecret',
  summary: 'Rotate a webhook secret',
  description:
    'Invalidates the current secret and returns a new one. Every attempt made after the rotation, retries included, is signed with the new secret (D-21); verifiers should accept both secrets while they switch. The answer is the only copy of the new secret: send an `Idempotency-Key` so a retry after a lost answer gets the same secret instead of rotating again (replayed to the same API key only, for 24 hours).',
  idempotencyKey: 'optional',
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

export const listWebhookDeliveries = defineOperation({
  ...common,
  method: 'get',
  path: '/webhooks/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
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
        perPage: validationExample('perPage over 100', { perPage: [{ code: 'too_big', message: 'Must be at most 100.' }] }),
      },
    },
  },
});

export const resendWebhookDelivery = defineOperation({
  ...common,
  method: 'post',
  path: '/webhooks/{id}/deliveries/{deliveryId}/resend',
  operationId: 'resendWebhookDelivery',
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
    404: {
      description: '`not_found`: no such endpoint for this key, or no such delivery to it.',
      examples: {
        ...notFound.examples,
        unknownDelivery: {
          summary: 'Unknown delivery',
          value: apiError('not_found', 'No such webhook delivery in this account and environment.'),
        },
      },
    },
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
