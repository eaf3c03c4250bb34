// The request log (D-51): the public API requests of one account, newest first, so a team whose
// integration misbehaves sees what its code sent and what came back, and finds one request by the
// X-Request-Id its answer carried.
import { z } from '../common/zod.js';
import { IsoDateTime } from '../common/dates.js';
import { PageMeta, PageQuery } from '../common/pagination.js';
import { AccountIdParam, Environment } from './shared.js';
import { defineOperation } from '../common/operation.js';
import { notFound } from './error-responses.js';
import { familyExample } from '../common/operation-responses.js';
import { ADMIN_TAGS } from './tags.js';

/** Entries kept per account and environment unless `SVC_REQUEST_LOG_LIMIT` says otherwise. */
export const REQUEST_LOG_LIMIT = 1000;

const REDACTION =
  'Redacted: webhook signing secrets (`whsec_…`), API keys (`svc_sk_…`, `svc_pk_…`), personal access tokens and any member named `secret`, `token`, `apiKey`, `password` or `authorization` read `[redacted]`.';

const RequestIdText = z.string().openapi({
  description: 'The `X-Request-Id` the answer carried (the one the client sent, when it sent a usable one).',
  example: 'req_4f6c2b0e9a1d47c3b5e8f7a6d2c1b0e9',
});

/** Shared by the list item and the entry (a registered schema's `.extend` would make an `allOf` no object can pass). */
const itemShape = {
  requestId: RequestIdText,
  method: z.string().openapi({ description: 'HTTP method, upper case.', example: 'POST' }),
  path: z.string().openapi({
    description: 'The path as sent, with its prefix (`/api/test/v2/...`, `/api/v1/...`), percent-encoding kept; at most 2,048 characters.',
    example: '/api/test/v2/abn/registrations',
  }),
  query: z.string().openapi({
    description: 'The query string as sent, without `?` (empty when there was none, and always empty for live entries).',
    example: '',
  }),
  status: z.int().min(100).max(599).openapi({ description: 'The status answered.', example: 201 }),
  durationMs: z.number().min(0).openapi({ description: 'From arrival to the last byte of the answer, in milliseconds.', example: 12.4 }),
  environment: Environment,
  createdAt: IsoDateTime.openapi({ description: 'When the answer went out, by the service clock.' }),
  idempotencyKey: z
    .string()
    .nullable()
    .openapi({ description: 'The `Idempotency-Key` sent, or null (always null for live entries).', example: 'abn-2026-11-22-0001' }),
  replayed: z
    .boolean()
    .openapi({ description: 'The answer was a stored one, replayed (`Idempotent-Replayed: true`, D-18).', example: false }),
  operationId: z
    .string()
    .nullable()
    .openapi({ description: 'The operation of the public document the request reached, or null.', example: 'createAbnRegistration' }),
  keyId: z.string().nullable().openapi({
    description: 'The API key that made it (`key_…`), or null for a V1 personal access token.',
    example: 'key_2Bc4De6Fg8Hj1Kl3Mn5Pq7Rs',
  }),
  bodiesKept: z.boolean().openapi({
    description: 'True when headers and bodies were kept (test environment); false for live entries (D-51).',
    example: true,
  }),
};

export const RequestLogItem = z
  .strictObject(itemShape)
  .openapi('RequestLogItem', { description: 'One request of the account, as the list shows it.' });

export const RequestLogEntry = z
  .strictObject({
    ...itemShape,
    requestHeaders: z.record(z.string(), z.string()).openapi({
      description:
        'Selected request headers, lower-cased: `content-type`, `idempotency-key`, `user-agent` and `x-request-id`, when sent. The API version is the path prefix (`v2`, `v1`). `Authorization` and `X-Auth-SVC` are never kept. Empty for live entries.',
      example: { 'content-type': 'application/json', 'idempotency-key': 'abn-2026-11-22-0001', 'user-agent': 'svc-sdk/1' },
    }),
    requestBody: z.unknown().openapi({
      description: `The request body as JSON; a string holding the text when it was not JSON; null when none arrived or it was not kept (live). ${REDACTION}`,
      example: { entityName: 'JANE CITIZEN' },
    }),
    requestBodyTruncated: z.boolean().openapi({
      description: 'The body was longer than 64 KiB: `requestBody` is a string holding its first 64 KiB.',
      example: false,
    }),
    responseBody: z.unknown().openapi({
      description: `The JSON answered; null for an answer without a JSON body (204, a PDF) or not kept (live). ${REDACTION}`,
      example: { requestId: 1001, status: 'new' },
    }),
    responseBodyTruncated: z.boolean().openapi({
      description: 'The answer was longer than 64 KiB: `responseBody` is a string holding the first 64 KiB of its JSON text.',
      example: false,
    }),
  })
  .openapi('RequestLogEntry', { description: 'One request of the account with what was sent and answered.' });

export const RequestLogList = z.strictObject({ data: z.array(RequestLogItem), meta: PageMeta }).openapi('RequestLogList');

/** `422` or `4xx`: one status, or every status of a class. */
export const STATUS_FILTER = /^[1-5](?:[0-9]{2}|xx)$/;

export const ListRequestsQuery = PageQuery.extend({
  environment: Environment.optional().openapi({ description: 'Only requests on this environment’s prefixes.', example: 'test' }),
  status: z.string().regex(STATUS_FILTER).optional().openapi({
    description: 'Only answers with this status (`422`) or of this class (`4xx`, `5xx`): three digits, or a digit and `xx`.',
    example: '4xx',
  }),
  path: z.string().min(1).max(200).optional().openapi({
    description: 'Only requests whose path contains this text (case-sensitive): `webhooks`, `/api/test/v2/ppsr`.',
    example: 'webhooks',
  }),
  requestId: z.string().min(1).max(100).optional().openapi({
    description: 'Only the request(s) that answered with this `X-Request-Id`.',
    example: 'req_4f6c2b0e9a1d47c3b5e8f7a6d2c1b0e9',
  }),
});

export const RequestLogParams = AccountIdParam.extend({
  requestId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ description: 'The `X-Request-Id` of the request.', example: 'req_9d1e3f5a7b2c4d6e8f0a1b3c5d7e9f1a' }),
});

const LOG_RULES = `Every request of the account to the public API (every prefix) that authenticated with one of its keys or tokens is logged, whatever it was answered: refusals by validation, rate limits (429) and idempotency included. A request refused by authentication itself (401, and 403 for a key on the wrong prefix or from a browser) names no account and is not logged. Test-environment entries keep the selected headers and both bodies, redacted; live entries keep only method, path, status, time, duration, operation and request id. The newest ${REQUEST_LOG_LIMIT.toLocaleString('en-US')} entries of each account and environment are kept (\`SVC_REQUEST_LOG_LIMIT\`). Entries are written in batches shortly after their answer (within a second), so the newest request of another API process may take that long to appear; this process's own are written before the answer to this read.`;

const abnItem = {
  requestId: 'req_4f6c2b0e9a1d47c3b5e8f7a6d2c1b0e9',
  method: 'POST',
  path: '/api/test/v2/abn/registrations',
  query: '',
  status: 201,
  durationMs: 12.4,
  environment: 'test',
  createdAt: '2026-11-22T03:00:00Z',
  idempotencyKey: 'abn-2026-11-22-0001',
  replayed: false,
  operationId: 'createAbnRegistration',
  keyId: 'key_2Bc4De6Fg8Hj1Kl3Mn5Pq7Rs',
  bodiesKept: true,
} as const;

const failedSearchItem = {
  requestId: 'req_9d1e3f5a7b2c4d6e8f0a1b3c5d7e9f1a',
  method: 'POST',
  path: '/api/test/v2/ppsr/searches',
  query: '',
  status: 422,
  durationMs: 3.1,
  environment: 'test',
  createdAt: '2026-11-22T03:01:00Z',
  idempotencyKey: null,
  replayed: false,
  operationId: 'createPpsrSearch',
  keyId: 'key_2Bc4De6Fg8Hj1Kl3Mn5Pq7Rs',
  bodiesKept: true,
} as const;

const liveItem = {
  requestId: 'req_0a2b4c6d8e1f3a5b7c9d0e2f4a6b8c1d',
  method: 'GET',
  path: '/api/v2/webhooks',
  query: '',
  status: 200,
  durationMs: 2.7,
  environment: 'live',
  createdAt: '2026-11-22T02:59:00Z',
  idempotencyKey: null,
  replayed: false,
  operationId: 'listWebhookEndpoints',
  keyId: 'key_8Tu1Vw3Xy5Za7Bc9De2Fg4Hj',
  bodiesKept: false,
} as const;

export const listAccountRequests = defineOperation({
  method: 'get',
  path: '/admin/accounts/{accountId}/requests',
  operationId: 'listAccountRequests',
  summary: 'List the requests of an account',
  description: `Lists the public API requests of the account, newest first, 25 per page by default (at most 100, D-38). Filters combine: \`environment\`, \`status\` (an exact status such as \`422\`, or a class such as \`4xx\`), \`path\` (text the path contains) and \`requestId\` (the \`X-Request-Id\` an answer carried). ${LOG_RULES}`,
  tag: ADMIN_TAGS.requests,
  access: 'admin',
  params: AccountIdParam,
  query: ListRequestsQuery,
  success: {
    200: {
      description: 'A page of requests.',
      schema: RequestLogList,
      examples: {
        recent: {
          summary: 'A failed search, a lodgement and a live read',
          value: { data: [failedSearchItem, abnItem, liveItem], meta: { currentPage: 1, perPage: 25, total: 3, lastPage: 1 } },
        },
        failed: {
          summary: '`status=4xx`',
          value: { data: [failedSearchItem], meta: { currentPage: 1, perPage: 25, total: 1, lastPage: 1 } },
        },
        empty: { summary: 'No request yet', value: { data: [], meta: { currentPage: 1, perPage: 25, total: 0, lastPage: 1 } } },
      },
    },
  },
  errors: {
    404: notFound('account'),
    422: {
      description: '`validation_failed`: a filter or page out of range. Every problem is reported, keyed by query parameter.',
      examples: {
        badStatus: {
          summary: 'A status that is neither a code nor a class',
          value: {
            error: 'validation_failed',
            message: 'The request is not valid.',
            errors: { status: [{ code: 'invalid_format', message: 'Must match ^[1-5](?:[0-9]{2}|xx)$.' }] },
          },
        },
      },
    },
  },
});

export const getAccountRequest = defineOperation({
  method: 'get',
  path: '/admin/accounts/{accountId}/requests/{requestId}',
  operationId: 'getAccountRequest',
  summary: 'Get one request of an account',
  description: `Returns one request of the account by the \`X-Request-Id\` its answer carried, with the selected request headers and both bodies (redacted; null for live entries). A request id the client chose itself may have been sent more than once: the newest is returned, and the list filtered by \`requestId\` shows them all. ${LOG_RULES}`,
  tag: ADMIN_TAGS.requests,
  access: 'admin',
  params: RequestLogParams,
  success: {
    200: {
      description: 'The request.',
      schema: RequestLogEntry,
      examples: {
        failedSearch: {
          summary: 'A PPSR search refused for its VIN',
          value: {
            ...failedSearchItem,
            requestHeaders: { 'content-type': 'application/json', 'user-agent': 'node' },
            requestBody: { vin: '1HGCM82633A00435' },
            requestBodyTruncated: false,
            responseBody: {
              error: 'validation_failed',
              message: 'The request is not valid.',
              errors: { vin: [{ code: 'invalid_format', message: 'Must be 17 letters and digits (ISO 3779), without I, O or Q.' }] },
            },
            responseBodyTruncated: false,
          },
        },
        webhookCreated: {
          summary: 'A webhook endpoint created: its signing secret redacted',
          value: {
            ...abnItem,
            requestId: 'req_7c9e1a3b5d7f9b1d3f5a7c9e1b3d5f7a',
            path: '/api/test/v2/webhooks',
            operationId: 'createWebhookEndpoint',
            idempotencyKey: null,
            requestHeaders: { 'content-type': 'application/json' },
            requestBody: { url: 'https://hooks.example.com/svc', eventTypes: ['abn_registration.status_changed'] },
            requestBodyTruncated: false,
            responseBody: {
              id: 'we_1Ab3Cd5Ef7Gh9Jk2Lm4Np6Qr',
              url: 'https://hooks.example.com/svc',
              eventTypes: ['abn_registration.status_changed'],
              enabled: true,
              consecutiveFailures: 0,
              disabledReason: null,
              createdAt: '2026-11-22T03:00:00Z',
              updatedAt: '2026-11-22T03:00:00Z',
              secret: '[redacted]',
            },
            responseBodyTruncated: false,
          },
        },
        live: {
          summary: 'A live request: no headers, no bodies',
          value: {
            ...liveItem,
            requestHeaders: {},
            requestBody: null,
            requestBodyTruncated: false,
            responseBody: null,
            responseBodyTruncated: false,
          },
        },
      },
    },
  },
  errors: {
    404: {
      description: '`not_found`: no such account, or no request of the account with that id (also a request of another account).',
      examples: {
        notFound: familyExample('api', 'Unknown request', 'not_found', 'No such request in this account.'),
        unknownAccount: familyExample('api', 'Unknown account', 'not_found', 'No such account.'),
      },
    },
  },
});
