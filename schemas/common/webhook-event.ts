// registerEventWebhook: every outbound event of spec 6.1/6.2 is documented the same way: a signed
// POST whose body is the event payload, with the D-20 headers, acknowledged by any 2xx.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { ZodType } from 'zod';
import { z } from './zod.js';
import type { Examples } from './operation.js';

/** The D-20 delivery headers of one event (its name is the `X-Svc-Event` example). */
export const deliveryHeaders = (event: string) =>
  z.strictObject({
    'X-Svc-Signature': z.string().openapi({
      description:
        'Signature (spec 6.3, D-20): `t=<unix seconds>,v1=<lowercase hex HMAC-SHA256>` computed over `"{t}.{raw body}"` with the endpoint secret (the whole `whsec_…` string) as key. Stripe\'s verifier accepts it. Reject a `t` more than 5 minutes from your clock. During a rotation try both secrets.',
      example: 't=1795316400,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
    }),
    'X-Svc-Delivery-Id': z
      .string()
      .openapi({ description: 'The `deliveryId`, stable across retries.', example: 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe' }),
    'X-Svc-Event': z.string().openapi({ description: `The event name: \`${event}\`.`, example: event }),
    'webhook-id': z.string().openapi({ description: 'Standard Webhooks id (the `deliveryId`).', example: 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe' }),
    'webhook-timestamp': z.string().openapi({ description: 'Standard Webhooks timestamp (unix seconds).', example: '1795316400' }),
    'webhook-signature': z.string().openapi({
      description:
        'Standard Webhooks signature `v1,<base64 HMAC-SHA256>` over `"{webhook-id}.{webhook-timestamp}.{raw body}"`, keyed with the base64-decoded part of the secret after `whsec_`.',
      example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
    }),
    'User-Agent': z.string().openapi({ example: 'svc-webhooks/1' }),
  });

export interface EventWebhookDefinition {
  event: string;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  payload: ZodType;
  examples: Examples;
}

const DELIVERY_RULES =
  'Delivered as a signed `POST` with `Content-Type: application/json` to every enabled endpoint subscribed to this event (or to `*`) in the same environment. Any 2xx within 15 seconds acknowledges; redirects are not followed. Failed attempts are retried after 30 s, 5 min, 15 min, 1 h and 6 h (6 attempts), then the delivery is permanently failed. Deliveries may arrive more than once or out of order, and up to 16 to one endpoint at the same time: de-duplicate on `deliveryId`.';

export function registerEventWebhook(registry: OpenAPIRegistry, def: EventWebhookDefinition): void {
  registry.registerWebhook({
    method: 'post',
    path: def.event,
    operationId: def.operationId,
    summary: def.summary,
    description: `${def.description.trim()}\n\n${DELIVERY_RULES}`,
    tags: [def.tag],
    security: [],
    request: {
      headers: deliveryHeaders(def.event),
      body: { required: true, content: { 'application/json': { schema: def.payload, examples: def.examples } } },
    },
    responses: {
      200: { description: 'Any 2xx acknowledges the delivery; the body is ignored.' },
      default: { description: 'Any other status, a timeout or a connection error is a failed attempt and is retried.' },
    },
  });
}
