// The command line's operations (issue "A command line for partners"; D-78 to D-81): test prefix
// only, with the account's test secret key, on their own rate-limit class (D-80).
import { apiError } from '../common/errors.js';
import { defineOperation } from '../common/operation.js';
import { validationExample } from '../common/validation-example.js';
import { TAGS } from '../tags.js';
import { attemptExample, livePrefixNotFound, sessionExample, sessionNotFound } from './examples.js';
import {
  CollectListenDeliveriesQuery,
  CreateListenSessionRequest,
  CreateTriggerRequest,
  LISTEN_HOLD_SECONDS,
  LISTEN_LEASE_SECONDS,
  ListenAttemptBatch,
  ListenAttemptParams,
  ListenAttemptResult,
  ListenSession,
  ListenSessionParams,
  MAX_WAIT_SECONDS,
  ReportListenAttemptRequest,
  RequestLogTail,
  RequestLogTailQuery,
  TriggerResult,
} from './schemas.js';

const common = { tag: TAGS.cli, access: 'secret', family: 'api', rateLimit: 'cli', testOnly: true } as const;

export const createListenSession = defineOperation({
  ...common,
  method: 'post',
  path: '/cli/listen-sessions',
  operationId: 'createListenSession',
  summary: 'Start or resume a listen session',
  description: `A listen session is a webhook destination of the account whose deliveries the command line collects (\`svc listen --forward-to ...\`), so the sandbox never needs to reach the partner's machine (D-78). Events fan out to it like to any endpoint; each attempt is signed with the session's \`secret\` and logged, retried on the schedule of spec 6.4 and counted towards disabling exactly as for an HTTP endpoint.

One session per account and \`deviceName\`: calling this again with the same name resumes the session (\`resumed: true\`, same id and secret, \`eventTypes\` replaced, re-enabled if it was disabled), and everything that arrived while nobody listened is waiting. An attempt nobody collects within ${LISTEN_HOLD_SECONDS / 60} minutes counts as a timeout and is retried on the schedule (D-79). Listen sessions are not webhook endpoints of \`/webhooks\` and do not count towards their limit.`,
  idempotencyKey: 'optional',
  body: {
    schema: CreateListenSessionRequest,
    examples: {
      named: {
        summary: 'Monitoring events on a named device',
        value: { eventTypes: ['monitoring.change_detected'], deviceName: 'janes-laptop' },
      },
      everything: { summary: 'Every event, default device', value: {} },
    },
  },
  success: {
    201: {
      description: 'The session with its signing secret: created (`resumed: false`) or resumed (`resumed: true`).',
      schema: ListenSession,
      examples: {
        created: { summary: 'Created', value: sessionExample },
        resumed: { summary: 'Resumed with two attempts waiting', value: { ...sessionExample, resumed: true, pendingDeliveries: 2 } },
      },
      links: {
        CollectDeliveries: {
          operationId: 'collectListenDeliveries',
          parameters: { id: '$response.body#/id' },
          description: 'Collect the deliveries waiting for this session.',
        },
      },
    },
  },
  errors: {
    404: {
      description: '`not_found` on the live prefix, where listen sessions do not exist.',
      examples: { livePrefix: livePrefixNotFound },
    },
    422: {
      description: '`validation_failed`: an unknown event type (`unknown_event_type`) or a device name that does not fit.',
      examples: {
        unknownEvent: validationExample('Unknown event type', {
          'eventTypes.0': [{ code: 'unknown_event_type', message: 'Unknown event type "monitoring.changed".' }],
        }),
      },
    },
  },
});

export const collectListenDeliveries = defineOperation({
  ...common,
  method: 'get',
  path: '/cli/listen-sessions/{id}/deliveries',
  operationId: 'collectListenDeliveries',
  summary: 'Collect deliveries of a listen session',
  description: `Hands out the attempts waiting for this session, oldest first, each with the signed headers and the exact body to forward. With \`wait\` (up to ${MAX_WAIT_SECONDS} s) it is a long poll: it answers as soon as something arrives, or with an empty list when the time is up.

A collected attempt is leased to the caller for ${LISTEN_LEASE_SECONDS} s: report the local answer with \`reportListenAttempt\` before \`leaseExpiresAt\`. An attempt whose result is not reported in time counts as a failed attempt (\`timeout\`) and is retried on the schedule, so a lost connection loses no delivery; a second forward of the same \`deliveryId\` happens only as such a retry (D-79).`,
  params: ListenSessionParams,
  query: CollectListenDeliveriesQuery,
  success: {
    200: {
      description: 'The attempts handed out (possibly none).',
      schema: ListenAttemptBatch,
      examples: {
        one: { summary: 'One attempt', value: { data: [attemptExample] } },
        none: { summary: 'Nothing arrived', value: { data: [] } },
      },
    },
  },
  errors: {
    404: sessionNotFound,
    422: {
      description: '`validation_failed`: `wait` or `limit` out of range.',
      examples: {
        wait: validationExample('wait over 25', { wait: [{ code: 'too_big', message: `Must be at most ${MAX_WAIT_SECONDS}.` }] }),
      },
    },
  },
});

export const reportListenAttempt = defineOperation({
  ...common,
  method: 'post',
  path: '/cli/listen-sessions/{id}/attempts/{attemptId}',
  operationId: 'reportListenAttempt',
  summary: 'Report the local answer to an attempt',
  description:
    'Records what the local URL answered to a collected attempt, as the attempt log of any endpoint records it: a 2xx `status` settles the delivery; any other status (`http_status`, a 3xx is `redirect`) or an `error` (`connection_error`) is a failed attempt, counted towards disabling the session and retried on the schedule of spec 6.4 (D-79). Each attempt is reported once, before its lease expires.',
  params: ListenAttemptParams,
  body: {
    schema: ReportListenAttemptRequest,
    examples: {
      ok: { summary: 'The local app answered 200', value: { status: 200, durationMs: 12 } },
      refused: { summary: 'Nothing listens on the local port', value: { error: 'connect ECONNREFUSED 127.0.0.1:3000', durationMs: 1 } },
    },
  },
  success: {
    200: {
      description: 'The attempt recorded, and what becomes of its delivery.',
      schema: ListenAttemptResult,
      examples: {
        settled: {
          summary: 'Delivered',
          value: {
            attemptId: attemptExample.attemptId,
            deliveryId: attemptExample.deliveryId,
            attemptNumber: 1,
            deliveryStatus: 'succeeded',
            nextAttemptAt: null,
          },
        },
        retry: {
          summary: 'Failed, retried in 30 s',
          value: {
            attemptId: attemptExample.attemptId,
            deliveryId: attemptExample.deliveryId,
            attemptNumber: 1,
            deliveryStatus: 'pending',
            nextAttemptAt: '2026-11-22T03:05:42Z',
          },
        },
      },
    },
  },
  errors: {
    404: {
      description: '`not_found`: no such session, or no attempt with this id handed out by it; also the answer on the live prefix.',
      examples: {
        ...sessionNotFound.examples,
        unknownAttempt: {
          summary: 'Unknown attempt',
          value: apiError('not_found', 'No such attempt of this listen session in this account and environment.'),
        },
      },
    },
    409: {
      description: '`attempt_closed`: the attempt was already reported, or its lease expired and it counted as a timeout.',
      examples: {
        closed: {
          summary: 'Lease expired',
          value: apiError('attempt_closed', 'This attempt is closed: its lease expired and it counted as a timeout.'),
        },
      },
    },
    422: {
      description: '`validation_failed`: not exactly one of `status` and `error`, or `durationMs` missing.',
      examples: {
        neither: validationExample('Neither status nor error', {
          status: [{ code: 'required', message: 'Send exactly one of status and error.' }],
        }),
      },
    },
  },
});

export const createTrigger = defineOperation({
  ...common,
  method: 'post',
  path: '/cli/triggers',
  operationId: 'createTrigger',
  summary: 'Send an event of a chosen type',
  description:
    "Sandbox only: sends one event of the given type for this account through the real delivery path (D-81): to every enabled webhook endpoint and listen session of the test environment subscribed to it, signed, logged and retried like any other delivery. The payload is the document's own example of that event (in the `webhooks` section; the sandbox example where there is one) with its time fields set to now, so it validates against the event's schema. A trigger lodges, orders and changes nothing: the ids in the payload name the sandbox's fixtures.",
  idempotencyKey: 'optional',
  body: {
    schema: CreateTriggerRequest,
    examples: {
      change: { summary: 'A monitoring change', value: { eventType: 'monitoring.change_detected' } },
      abn: { summary: 'An ABN registration status change', value: { eventType: 'abn_registration.status_changed' } },
    },
  },
  success: {
    201: {
      description: 'The event sent, and the deliveries it made.',
      schema: TriggerResult,
      examples: {
        sent: {
          summary: 'Sent to one listen session',
          value: {
            eventType: 'abn_registration.status_changed',
            deliveries: [{ deliveryId: 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe', destination: 'ls_7hQ2mX9kP4vN8sL3tR6wY1zB' }],
          },
        },
      },
    },
  },
  errors: {
    404: { description: '`not_found` on the live prefix, where triggers do not exist.', examples: { livePrefix: livePrefixNotFound } },
    422: {
      description: '`validation_failed`: `eventType` missing or not one of the 9 event types.',
      examples: {
        unknownEvent: validationExample('Unknown event type', {
          eventType: [{ code: 'invalid_enum', message: 'Unknown event type "monitoring.changed".' }],
        }),
      },
    },
  },
});

export const tailRequestLog = defineOperation({
  ...common,
  method: 'get',
  path: '/cli/request-log',
  operationId: 'tailRequestLog',
  summary: 'Tail the request log',
  description: `This account's own requests in the test environment (D-51), oldest first, after the cursor \`after\`: each with its \`requestId\`, status, and what was sent and answered, redacted as the operator's view is (D-80). Without \`after\` it answers the latest \`limit\` requests. With \`wait\` (up to ${MAX_WAIT_SECONDS} s) it is a long poll that answers as soon as a newer request is logged. The command line's own polling (this operation, \`collectListenDeliveries\` and \`reportListenAttempt\`) is left out. Requests answered by another API process appear within its flush interval.`,
  query: RequestLogTailQuery,
  success: {
    200: {
      description: 'Requests after the cursor, oldest first, and the cursor for the next call.',
      schema: RequestLogTail,
      examples: {
        one: {
          summary: 'A 422 just caused',
          value: {
            data: [
              {
                requestId: 'req_4f6c2b0e9a1d47c3b5e8f7a6d2c1b0e9',
                method: 'POST',
                path: '/api/test/v2/webhooks',
                query: '',
                status: 422,
                durationMs: 3.1,
                environment: 'test',
                createdAt: '2026-11-22T03:05:00Z',
                idempotencyKey: null,
                replayed: false,
                operationId: 'createWebhookEndpoint',
                keyId: 'key_2Bc4De6Fg8Hj1Kl3Mn5Pq7Rs',
                bodiesKept: true,
                requestHeaders: { 'content-type': 'application/json' },
                requestBody: JSON.stringify({ url: 'http://localhost:3000', eventTypes: ['*'] }),
                requestBodyTruncated: false,
                responseBody: JSON.stringify({
                  message: 'The given data was invalid.',
                  errors: { url: [{ code: 'url_not_https', message: 'The URL must use https.' }] },
                }),
                responseBodyTruncated: false,
              },
            ],
            nextCursor: '1042',
          },
        },
      },
    },
  },
  errors: {
    404: { description: '`not_found` on the live prefix, where the tail does not exist.', examples: { livePrefix: livePrefixNotFound } },
    422: {
      description: '`validation_failed`: a malformed `status`, `after` or `path`, or `wait` or `limit` out of range.',
      examples: {
        status: validationExample('status not a status', { status: [{ code: 'invalid_string', message: 'Must be like 422 or 4xx.' }] }),
      },
    },
  },
});
