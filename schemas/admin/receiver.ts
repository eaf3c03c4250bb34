// The built-in webhook test receiver (D-59): what `/sandbox/webhook-receiver/{ok|fail}` received,
// headers and body as they arrived, so the sandbox console can show signed deliveries; and the two
// URLs to register as webhook endpoints.
import { z } from '../common/zod.js';
import { IsoDateTime } from '../common/dates.js';
import { defineOperation } from '../common/operation.js';
import { AccountFilter, AccountId } from './shared.js';
import { ADMIN_TAGS } from './tags.js';

/** How many received requests the receiver keeps per account (oldest dropped first). */
export const RECEIVER_CAPACITY = 200;

const nullableId = (description: string, example: string) => z.string().nullable().openapi({ description, example });

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
    via: z.enum(['in_process', 'http']).openapi({
      description:
        '`in_process`: delivered to an endpoint registered on a receiver URL with a test key (D-59), without a network request. `http`: it arrived over the network (only with `SVC_WEBHOOK_ALLOW_LOCAL`, D-24).',
      example: 'in_process',
    }),
    accountId: AccountId.nullable().openapi({
      description: 'The account whose endpoint it was delivered to; null when it arrived over HTTP.',
    }),
    endpointId: nullableId('The webhook endpoint (`we_…`); null when it arrived over HTTP.', 'we_1Ab3Cd5Ef7Gh9Jk2Lm4Np6Qr'),
    deliveryId: nullableId('The delivery (`dlv_…`, also `webhook-id`); null when it arrived over HTTP.', 'dlv_1Ab3Cd5Ef7Gh9Jk2Lm4Np6Qr'),
  })
  .openapi('ReceivedWebhook', { description: 'One request the built-in receiver got.' });

export const ReceiverUrls = z
  .strictObject({
    ok: z.string().openapi({ description: 'Answers 200.', example: 'http://127.0.0.1:4000/sandbox/webhook-receiver/ok' }),
    fail: z
      .string()
      .openapi({ description: 'Answers 500, so deliveries are retried.', example: 'http://127.0.0.1:4000/sandbox/webhook-receiver/fail' }),
  })
  .openapi('ReceiverUrls', {
    description: 'The receiver URLs to register as webhook endpoint URLs with a test key, on the service’s public URL (D-54).',
  });

export const ReceivedWebhookList = z
  .strictObject({
    data: z.array(ReceivedWebhook).openapi({ description: `Newest first; the last ${RECEIVER_CAPACITY} of each account only.` }),
    urls: ReceiverUrls,
  })
  .openapi('ReceivedWebhookList');

export const ListReceivedWebhooksQuery = z.strictObject({ accountId: AccountFilter });

export const listReceivedWebhooks = defineOperation({
  method: 'get',
  path: '/admin/webhook-receiver/requests',
  operationId: 'listReceivedWebhooks',
  summary: 'List what the test receiver got',
  description: `Lists the requests the built-in receiver got, newest first (the last ${RECEIVER_CAPACITY} of each account, kept in the database so every process of the service sees them), and its two URLs (\`urls\`). Register \`urls.ok\` (\`<public URL>/sandbox/webhook-receiver/ok\`, answers 200) or \`urls.fail\` (\`/sandbox/webhook-receiver/fail\`, answers 500, so the delivery is retried on the schedule) as a webhook endpoint URL with a **test** key: it is accepted on a plain start, without \`SVC_WEBHOOK_ALLOW_LOCAL\`, and delivered in-process with the signing, retries, attempt log and auto-disable of any delivery (D-59). The same path on \`localhost\`, \`127.0.0.1\` or \`[::1]\` of the service's port counts when the public URL is a loopback address. A live key registering these URLs is checked like any other URL (D-23): refused unless \`SVC_WEBHOOK_ALLOW_LOCAL\` is set (D-24), and then delivered over HTTP (\`via: http\`). \`accountId\` lists one account's only.`,
  tag: ADMIN_TAGS.receiver,
  access: 'admin',
  query: ListReceivedWebhooksQuery,
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
                  'user-agent': 'svc-webhooks/1',
                  'x-svc-event': 'form484.status_changed',
                  'x-svc-delivery-id': 'dlv_1Ab3Cd5Ef7Gh9Jk2Lm4Np6Qr',
                  'x-svc-signature': 't=1795316400,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
                  'webhook-id': 'dlv_1Ab3Cd5Ef7Gh9Jk2Lm4Np6Qr',
                  'webhook-timestamp': '1795316400',
                  'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
                },
                body: '{"event":"form484.status_changed"}',
                via: 'in_process',
                accountId: 'acct_7Hq2LmN4pQr8sTu1vWx3yZa5',
                endpointId: 'we_1Ab3Cd5Ef7Gh9Jk2Lm4Np6Qr',
                deliveryId: 'dlv_1Ab3Cd5Ef7Gh9Jk2Lm4Np6Qr',
              },
            ],
            urls: { ok: 'http://127.0.0.1:4000/sandbox/webhook-receiver/ok', fail: 'http://127.0.0.1:4000/sandbox/webhook-receiver/fail' },
          },
        },
        empty: {
          summary: 'Nothing received yet',
          value: {
            data: [],
            urls: { ok: 'http://127.0.0.1:4000/sandbox/webhook-receiver/ok', fail: 'http://127.0.0.1:4000/sandbox/webhook-receiver/fail' },
          },
        },
      },
    },
  },
  errors: {
    422: {
      description: '`validation_failed`: `accountId` empty or longer than 64 characters.',
      examples: {
        invalid: {
          summary: 'Empty account id',
          value: {
            error: 'validation_failed',
            message: 'The request is not valid.',
            errors: { accountId: [{ code: 'too_small', message: 'Must not be empty.' }] },
          },
        },
      },
    },
  },
});
