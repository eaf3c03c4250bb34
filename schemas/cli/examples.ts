// Examples shared by the command line's operations.
import { apiError } from '../common/errors.js';
import type { ErrorResponse } from '../common/operation.js';

export const sessionExample = {
  id: 'ls_7hQ2mX9kP4vN8sL3tR6wY1zB',
  deviceName: 'janes-laptop',
  eventTypes: ['*'],
  secret: 'whsec_Q2hjK8sLm4Np7Rt1Vw5Xy9Zb3Cd6Fg0H',
  resumed: false,
  pendingDeliveries: 0,
  consecutiveFailures: 0,
  createdAt: '2026-11-22T03:00:00Z',
  updatedAt: '2026-11-22T03:00:00Z',
};

const body =
  '{"event":"abn_registration.status_changed","requestId":1001,"interaction":"abnreg.lodge","status":"finished","timestamp":"2026-11-22T03:05:00Z","deliveryId":"dlv_3kTq9ZmW2xYb7NcR4vLp8sQe"}';

export const attemptExample = {
  attemptId: 'la_5bN8cV2xZ7mQ4wE9rT1yU6iO',
  deliveryId: 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe',
  eventType: 'abn_registration.status_changed',
  attemptNumber: 1,
  leaseExpiresAt: '2026-11-22T03:06:00Z',
  headers: {
    'Content-Type': 'application/json',
    'User-Agent': 'svc-webhooks/1',
    'X-Svc-Signature': 't=1795143900,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
    'X-Svc-Delivery-Id': 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe',
    'X-Svc-Event': 'abn_registration.status_changed',
    'webhook-id': 'dlv_3kTq9ZmW2xYb7NcR4vLp8sQe',
    'webhook-timestamp': '1795143900',
    'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
  body,
};

export const livePrefixNotFound = {
  summary: 'Called on the live prefix',
  value: apiError('not_found', 'Not found. The command line operations exist only on the test prefix /api/test/v2.'),
};

export const sessionNotFound: ErrorResponse = {
  description: '`not_found`: no listen session with this id in this account and environment; also the answer on the live prefix.',
  examples: {
    notFound: { summary: 'Unknown session', value: apiError('not_found', 'No such listen session in this account and environment.') },
    livePrefix: livePrefixNotFound,
  },
};
