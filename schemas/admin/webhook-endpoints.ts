// Every webhook endpoint of an account, whichever of its keys owns it. The public API shows each key
// only the endpoints it made (spec 2.2), so a console whose key was revoked at sign-out would see
// none while the account's older endpoints keep getting deliveries; the operator sees them all,
// with the key that owns each.
import { z } from '../common/zod.js';
import { IsoDateTime } from '../common/dates.js';
import { defineOperation } from '../common/operation.js';
import { notFound } from './error-responses.js';
import { AccountIdParam, Environment } from './shared.js';
import { ADMIN_TAGS } from './tags.js';

export const AccountWebhookEndpoint = z
  .strictObject({
    id: z
      .string()
      .openapi({ description: 'The endpoint (`we_…`, or `ls_…` for a listen session).', example: 'we_1Ab3Cd5Ef7Gh9Jk2Lm4Np6Qr' }),
    environment: Environment,
    keyId: z.string().openapi({
      description:
        'The key that owns it (`key_…`): the key that made it, or the first of its roll chain (a rolled key keeps its endpoints); only that key (or its successor) manages it through the public API. `pat:<accountId>` for endpoints made with the V1 personal access tokens; `listen:<accountId>` for the command-line listen sessions (id `ls_…`, URL `svc-cli://listen/<deviceName>`, D-78), which no key manages through `/webhooks`.',
      example: 'key_4Tq8Wm2Xr6Yp1Zs5Av9Bn3Cd',
    }),
    url: z.string().openapi({ example: 'http://127.0.0.1:4000/sandbox/webhook-receiver/ok' }),
    eventTypes: z.array(z.string()).openapi({ example: ['*'] }),
    enabled: z.boolean(),
    disabledReason: z
      .enum(['manual', 'consecutive_failures'])
      .nullable()
      .openapi({ description: 'Why the endpoint is disabled; null while enabled.' }),
    createdAt: IsoDateTime,
  })
  .openapi('AccountWebhookEndpoint', { description: 'A webhook endpoint of the account, with the key that owns it. Never its secret.' });

export const AccountWebhookEndpointList = z
  .strictObject({ data: z.array(AccountWebhookEndpoint).openapi({ description: 'Oldest first; deleted endpoints are left out.' }) })
  .openapi('AccountWebhookEndpointList');

const example = {
  id: 'we_1Ab3Cd5Ef7Gh9Jk2Lm4Np6Qr',
  environment: 'test',
  keyId: 'key_4Tq8Wm2Xr6Yp1Zs5Av9Bn3Cd',
  url: 'http://127.0.0.1:4000/sandbox/webhook-receiver/ok',
  eventTypes: ['*'],
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-22T03:00:00Z',
} satisfies z.infer<typeof AccountWebhookEndpoint>;

export const listAccountWebhookEndpoints = defineOperation({
  method: 'get',
  path: '/admin/accounts/{accountId}/webhook-endpoints',
  operationId: 'listAccountWebhookEndpoints',
  summary: 'List the webhook endpoints of an account',
  description:
    'Lists every webhook endpoint of the account, live and test, whichever of its keys owns it (`keyId`), oldest first. Through the public API each key sees only its own endpoints (spec 2.2); deliveries go to all of them. Secrets are never returned.',
  tag: ADMIN_TAGS.webhooks,
  access: 'admin',
  params: AccountIdParam,
  success: {
    200: {
      description: "The account's endpoints.",
      schema: AccountWebhookEndpointList,
      examples: {
        one: { summary: 'The built-in receiver, registered with a test key', value: { data: [example] } },
        empty: { summary: 'No endpoint', value: { data: [] } },
      },
    },
  },
  errors: { 404: notFound('account') },
});
