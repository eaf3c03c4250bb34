// Webhook endpoints and the delivery log (spec 2.2, 3.6, 4.2, 6.3, 6.4; D-12, D-15, D-16, D-20 to
// D-26): event names, limits, ids, and the request and response schemas.
import { z } from '../common/zod.js';
import { IsoDateTime } from '../common/dates.js';

/** Every event a partner can subscribe to (spec 6.1 and 6.2, D-46); `*` alone subscribes to all (D-26). */
export const WEBHOOK_EVENT_TYPES = [
  'company_registration.status_changed',
  'abn_registration.status_changed',
  'business_name_registration.status_changed',
  'business_name_renewal.status_changed',
  'form484.status_changed',
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
    'HTTPS URL whose host resolves only to public addresses; checked at registration and before every delivery attempt (D-23). Refused: `url_not_https`, `url_not_public`, `url_invalid` (D-12). Hosts reserved for documentation (`example.com`, `example.net`, `example.org` and their subdomains, names under `.example` or `.test`) are never resolved: in the test environment such an https URL is delivered to the built-in test receiver, answered 200; in the live environment it is refused with `url_invalid` (D-60).',
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
