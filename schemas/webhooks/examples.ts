// Examples shared by the webhook operations: an endpoint, a delivery and the usual errors.
import { apiError } from '../common/errors.js';
import type { ErrorResponse } from '../common/operation.js';
import { validationExample } from '../common/validation-example.js';

export const endpointExample = {
  id: 'we_4fGh7JkL9mNp2QrS5tUv8WxY',
  url: 'https://hooks.example.com/svc',
  eventTypes: ['monitoring.change_detected', 'monitoring.expiring'],
  enabled: true,
  consecutiveFailures: 0,
  disabledReason: null,
  createdAt: '2026-11-22T03:00:00Z',
  updatedAt: '2026-11-22T03:00:00Z',
};

export const secretExample = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

export const deliveryExample = {
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

export const notFound: ErrorResponse = {
  description: '`not_found`: no such endpoint for this key (endpoints belong to the key that created them).',
  examples: {
    notFound: { summary: 'Unknown endpoint', value: apiError('not_found', 'No such webhook endpoint in this account and environment.') },
  },
};

export const urlAndEventErrors = {
  notHttps: validationExample('Not HTTPS', { url: [{ code: 'url_not_https', message: 'The URL must use https.' }] }),
  notPublic: validationExample('Resolves to a private address', {
    url: [{ code: 'url_not_public', message: 'hooks.internal resolves to 10.0.0.5, which is not a public address.' }],
  }),
  invalid: validationExample('Unparsable URL and unknown event', {
    url: [{ code: 'url_invalid', message: 'Not a valid URL.' }],
    'eventTypes.0': [{ code: 'unknown_event_type', message: 'Unknown event type "monitoring.changed".' }],
  }),
};
