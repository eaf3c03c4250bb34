// The command line's operations (D-78 to D-81): listen sessions that hold webhook deliveries for the
// CLI to collect, triggers that send a chosen event, and the account's own request log as a tail.
import { STATUS_OR_ERROR, superRefineStated } from '../common/stated-rules.js';
import { z } from '../common/zod.js';
import { IsoDateTime } from '../common/dates.js';
import { WEBHOOK_EVENT_TYPES } from '../webhooks/schemas.js';
import { RequestLogEntry, STATUS_FILTER } from '../admin/request-log.js';

/** D-79: how long a collected attempt waits for its result before it counts as a timeout. */
export const LISTEN_LEASE_SECONDS = 60;
/** D-79: how long an attempt waits for a listener to collect it before it counts as a timeout. */
export const LISTEN_HOLD_SECONDS = 3600;
/** The longest a long poll waits for something to arrive (seconds). */
export const MAX_WAIT_SECONDS = 25;
/** Attempts handed out by one collect. */
export const MAX_COLLECT = 50;

export const ListenSessionId = z
  .string()
  .regex(/^ls_[A-Za-z0-9]{24}$/)
  .openapi({ description: 'Listen session id: `ls_` and 24 letters or digits.', example: 'ls_7hQ2mX9kP4vN8sL3tR6wY1zB' });

export const ListenAttemptId = z
  .string()
  .regex(/^la_[A-Za-z0-9]{24}$/)
  .openapi({ description: 'One attempt handed to the CLI: `la_` and 24 letters or digits.', example: 'la_5bN8cV2xZ7mQ4wE9rT1yU6iO' });

const DeviceName = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/)
  .openapi({
    description:
      'Names the machine or terminal that listens (letters, digits, `.`, `_`, `-`; at most 64). One session per account and device name: `listen` started again with the same name resumes it, with the same id and secret, and collects what arrived meanwhile (D-78).',
    example: 'janes-laptop',
  });

const EventTypes = z
  .array(z.enum([...WEBHOOK_EVENT_TYPES, '*']))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .openapi({
    description: 'Events to collect: known event names, or exactly `["*"]` (the default) for every event (D-26).',
    example: ['*'],
  });

export const CreateListenSessionRequest = z
  .strictObject({
    eventTypes: EventTypes.optional(),
    deviceName: DeviceName.optional().openapi({ description: 'Default `default`.' }),
  })
  .openapi('CreateListenSessionRequest');

export const ListenSession = z
  .strictObject({
    id: ListenSessionId,
    deviceName: z.string().openapi({ example: 'janes-laptop' }),
    eventTypes: z.array(z.string()).openapi({ example: ['*'] }),
    secret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]{32}$/)
      .openapi({
        description:
          'The signing secret of this session (D-21): every delivery it hands out is signed with it, so a local verifier configured with it accepts them. The same on every resume.',
        example: 'whsec_Q2hjK8sLm4Np7Rt1Vw5Xy9Zb3Cd6Fg0H',
      }),
    resumed: z
      .boolean()
      .openapi({ description: 'True when an existing session of this device name was resumed, false when it was created.' }),
    pendingDeliveries: z.int().min(0).openapi({ description: 'Attempts waiting to be collected right now.' }),
    consecutiveFailures: z.int().min(0).openapi({
      description: 'Failed attempts in a row, as for any endpoint; 20 disables the session until the next `listen` resumes it.',
    }),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
  })
  .openapi('ListenSession', { description: 'A webhook destination whose deliveries the command line collects (D-78).' });

export const ListenSessionParams = z.strictObject({ id: ListenSessionId });
export const ListenAttemptParams = z.strictObject({ id: ListenSessionId, attemptId: ListenAttemptId });

const WaitSeconds = z.coerce
  .number()
  .int()
  .min(0)
  .max(MAX_WAIT_SECONDS)
  .default(0)
  .optional()
  .openapi({
    // z.coerce turns null into 0, which min(0) accepts, so the generator would call it nullable (a
    // query value never is); a type given here replaces the derived keywords, so they are restated.
    type: 'integer',
    minimum: 0,
    maximum: MAX_WAIT_SECONDS,
    default: 0,
    // Tools that send generated requests (the contract runner) send a valid wait as 0 (D-79).
    'x-long-poll': true,
    description: `Long poll: seconds to wait for something to arrive when nothing is there yet (0 to ${MAX_WAIT_SECONDS}, default 0; a service may be set to wait less). The answer comes as soon as there is something.`,
    // 0, not 25: tools that send every example (Portman, a contract run) would otherwise wait each time.
    example: 0,
  });

export const CollectListenDeliveriesQuery = z.strictObject({
  wait: WaitSeconds,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_COLLECT)
    .default(10)
    .optional()
    .openapi({ description: `Attempts to hand out at most (1 to ${MAX_COLLECT}, default 10).`, example: 10 }),
});

export const ListenAttempt = z
  .strictObject({
    attemptId: ListenAttemptId,
    deliveryId: z.string().openapi({ example: 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe' }),
    eventType: z.enum(WEBHOOK_EVENT_TYPES),
    attemptNumber: z.int().min(1).openapi({ description: 'This attempt of the delivery: 1 to 6 on the retry schedule of spec 6.4.' }),
    leaseExpiresAt: IsoDateTime.openapi({
      description: `Report the local answer before this time (${LISTEN_LEASE_SECONDS} s after collecting); later the attempt counts as a timeout and is retried on the schedule (D-79).`,
    }),
    headers: z.record(z.string(), z.string()).openapi({
      description:
        'The headers to forward, exactly those an endpoint receives (D-20), signed at collection with the session secret and the wall clock (D-62): `Content-Type`, `User-Agent`, `X-Svc-Signature`, `X-Svc-Delivery-Id`, `X-Svc-Event`, `webhook-id`, `webhook-timestamp` and `webhook-signature`.',
      example: {
        'Content-Type': 'application/json',
        'User-Agent': 'svc-webhooks/1',
        'X-Svc-Signature': 't=1795143900,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
        'X-Svc-Delivery-Id': 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe',
        'X-Svc-Event': 'abn_registration.status_changed',
        'webhook-id': 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe',
        'webhook-timestamp': '1795143900',
        'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
      },
    }),
    body: z.string().openapi({
      description: 'The exact JSON text that was signed: forward it byte for byte.',
      example: '{"event":"abn_registration.status_changed","requestId":1001,"deliveryId":"dlv_3kTq9ZmW2xYb7NcR4vLp8sQe"}',
    }),
  })
  .openapi('ListenAttempt', { description: 'One delivery attempt handed to the command line to forward.' });

export const ListenAttemptBatch = z.strictObject({ data: z.array(ListenAttempt) }).openapi('ListenAttemptBatch');

export const ReportListenAttemptRequest = superRefineStated(
  z.strictObject({
    status: z.int().min(100).max(599).optional().openapi({ description: 'The status the local URL answered.', example: 200 }),
    error: z.string().min(1).max(500).optional().openapi({
      description: 'Why no answer came (connection refused, timeout); send instead of `status`.',
      example: 'connect ECONNREFUSED 127.0.0.1:3000',
    }),
    durationMs: z.int().min(0).max(3_600_000).openapi({ description: 'How long the local forward took.', example: 12 }),
  }),
  [STATUS_OR_ERROR],
  (value, ctx) => {
    if ((value.status === undefined) === (value.error === undefined))
      ctx.addIssue({ code: 'custom', path: ['status'], message: STATUS_OR_ERROR.message, params: { code: STATUS_OR_ERROR.code } });
  },
).openapi('ReportListenAttemptRequest', { description: 'Exactly one of `status` and `error`, and `durationMs`.' });

export const ListenAttemptResult = z
  .strictObject({
    attemptId: ListenAttemptId,
    deliveryId: z.string(),
    attemptNumber: z.int().min(1),
    deliveryStatus: z.enum(['pending', 'succeeded', 'failed']).openapi({
      description:
        '`succeeded` after a 2xx; `pending` when a retry is scheduled (`nextAttemptAt`); `failed` after the last attempt or when the session was disabled.',
    }),
    nextAttemptAt: IsoDateTime.nullable(),
  })
  .openapi('ListenAttemptResult');

export const CreateTriggerRequest = z
  .strictObject({
    eventType: z.enum(WEBHOOK_EVENT_TYPES).openapi({ description: 'The event to send.', example: 'monitoring.change_detected' }),
  })
  .openapi('CreateTriggerRequest');

export const TriggeredDelivery = z.strictObject({
  deliveryId: z.string().openapi({ example: 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe' }),
  destination: z.string().openapi({
    description: 'The webhook endpoint (`we_…`) or listen session (`ls_…`) it goes to.',
    example: 'ls_7hQ2mX9kP4vN8sL3tR6wY1zB',
  }),
});

export const TriggerResult = z
  .strictObject({
    eventType: z.enum(WEBHOOK_EVENT_TYPES),
    deliveries: z.array(TriggeredDelivery).openapi({
      description:
        'One delivery per enabled endpoint and listen session of this account in the test environment subscribed to the event; empty when none is.',
    }),
  })
  .openapi('TriggerResult');

export const RequestLogTailQuery = z.strictObject({
  status: z.string().regex(STATUS_FILTER).optional().openapi({
    description: 'Only answers with this status (`422`) or of this class (`4xx`, `5xx`).',
    example: '4xx',
  }),
  path: z.string().min(1).max(200).optional().openapi({
    description: 'Only requests whose path contains this text (case-sensitive).',
    example: 'webhooks',
  }),
  after: z
    .string()
    .regex(/^[0-9]{1,15}$/)
    .optional()
    .openapi({
      description: 'The `nextCursor` of the previous answer: only newer requests. Without it, the latest ones.',
      example: '1042',
    }),
  wait: WaitSeconds,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(25)
    .optional()
    .openapi({ description: 'Requests per answer at most (1 to 100, default 25).', example: 25 }),
});

/**
 * One request as the tail shows it: the operator's entry (D-51), with both bodies as their JSON text.
 * The operator's view carries them as any JSON value, which the public document must not leave open:
 * every generator partners use types a string, and the text is what was sent and answered.
 */
export const TailedRequest = z
  .strictObject({
    ...RequestLogEntry.shape,
    requestBody: z.string().nullable().openapi({
      description:
        "The request body as text (JSON as it was parsed, written again; any other text as it came), redacted as the operator's view (D-51); null when none arrived.",
      example: '{"url":"http://localhost:3000/hooks","eventTypes":["*"],"secret":"[redacted]"}',
    }),
    responseBody: z.string().nullable().openapi({
      description: 'The JSON answered, as text, redacted the same way; null for an answer without a JSON body (204, a PDF).',
      example: '{"message":"The given data was invalid.","errors":{"url":[{"code":"url_not_https","message":"The URL must use https."}]}}',
    }),
  })
  .openapi('TailedRequest', { description: 'One request of the account with what was sent and answered, bodies as text.' });

export const RequestLogTail = z
  .strictObject({
    data: z.array(TailedRequest).openapi({ description: 'Requests oldest first.' }),
    nextCursor: z.string().openapi({ description: 'Pass as `after` to read what comes next.', example: '1042' }),
  })
  .openapi('RequestLogTail');
