// The built-in webhook test receiver: what `/sandbox/webhook-receiver/{ok|fail}` received,
// headers and body as they arrived, so the sandbox console can show signed deliveries.
import { z } from '../common/zod.js';
import { IsoDateTime } from '../common/dates.js';
import { defineOperation } from '../common/operation.js';
import { ADMIN_TAGS } from './tags.js';

/** How many received requests the receiver keeps (oldest dropped first). */
export const RECEIVER_CAPACITY = 200;

export const ReceivedWebhook = z
  .strictObject({
    id: z.int().min(1).openapi({ description: 'Order of arrival, from 1.', example: 1 }),
    receivedAt: IsoDateTime.openapi({ description: 'When it arrived, by the service clock.' }),
    path: z.enum(['ok', 'fail']).openapi({ description: 'Which receiver URL was called: `ok` answered 200, `fail` answered 500.' }),
    answeredStatus: z.int().openapi({ example: 200 }),
    headers: z.record(z.string(), z.string()).openapi({
      description:
        'The request headers, lower-cased (the signature headers `webhook-id`, `webhook-timestamp`, `webhook-signature` among them).',
      example: {
        'content-type': 'application/json',
        'webhook-id': 'dlv_1Ab3Cd5Ef7Gh9Jk2Lm4Np6Qr',
        'webhook-timestamp': '1795316400',
        'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
      },
    }),
    body: z.string().openapi({ description: 'The body as received (at most 64 KiB kept).', example: '{"event":"form484.status_changed"}' }),
  })
  .openapi('ReceivedWebhook', { description: 'One request the built-in receiver got.' });

export const ReceivedWebhookList = z
  .strictObject({ data: z.array(ReceivedWebhook).openapi({ description: `Newest first; the last ${RECEIVER_CAPACITY} only.` }) })
  .openapi('ReceivedWebhookList');

export const listReceivedWebhooks = defineOperation({
  method: 'get',
  path: '/admin/webhook-receiver/requests',
  operationId: 'listReceivedWebhooks',
  summary: 'List what the test receiver got',
  description: `Lists the requests the built-in receiver got, newest first (the last ${RECEIVER_CAPACITY}, kept in the memory of the process that received them). Register \`<service address>/sandbox/webhook-receiver/ok\` (answers 200) or \`/sandbox/webhook-receiver/fail\` (answers 500, so the delivery is retried) as a webhook endpoint URL; the service must run with \`SVC_WEBHOOK_ALLOW_LOCAL\` set to accept an \`http:\` loopback URL (D-24).`,
  tag: ADMIN_TAGS.receiver,
  access: 'admin',
  success: {
    200: {
      description: 'The received requests.',
      schema: ReceivedWebhookList,
      examples: {
        one: {
          summary: 'One signed delivery',
          value: {
            data: [
              {
                id: 1,
                receivedAt: '2026-11-22T03:00:00Z',
                path: 'ok',
                answeredStatus: 200,
                headers: {
                  'content-type': 'application/json',
                  'webhook-id': 'dlv_1Ab3Cd5Ef7Gh9Jk2Lm4Np6Qr',
                  'webhook-timestamp': '1795316400',
                  'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
                },
                body: '{"event":"form484.status_changed"}',
              },
            ],
          },
        },
        empty: { summary: 'Nothing received yet', value: { data: [] } },
      },
    },
  },
});
