// PPSR alert subscriptions (D-34, provisional) and their webhook
// `ppsr.alert.grantor_registration_changed` (spec 6.1). The spec leaves the management endpoints
// "not shown"; D-34 fixes them, and every operation here is marked `x-provisional`.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { apiError } from '../common/errors.js';
import { defineOperation } from '../common/operation.js';
import { registerEventWebhook } from '../common/webhook-event.js';
import { TAGS } from '../tags.js';
import { PPSR_ALERT_EVENT, PpsrAlert, PpsrAlertCreateRequest, PpsrAlertEvent, PpsrAlertIdParam, PpsrAlertList } from './alert-schemas.js';
import { linksPassing } from '../common/links.js';
import { validationExample } from '../common/validation-example.js';
import { notFoundInScope } from '../common/operation-responses.js';

const alertExample = {
  id: 'pal_7Qm2Xc9LpR4tVb8NwZ3kHs6J',
  organisationNumberType: 'ACN',
  organisationNumber: '100000011',
  createdAt: '2026-11-22T03:00:00Z',
};

const notFound = notFoundInScope('alert subscription', 'PPSR alert', 'Unknown id');

export const listPpsrAlerts = defineOperation({
  method: 'get',
  path: '/ppsr/alerts',
  operationId: 'listPpsrAlerts',
  summary: 'List PPSR alert subscriptions',
  description: 'Lists the organisations this account watches on the PPSR in this environment, oldest first.',
  tag: TAGS.ppsrAlerts,
  access: 'secret',
  family: 'api',
  rateLimit: 'lodgements',
  provisional: true,
  success: {
    200: {
      description: 'The alert subscriptions.',
      schema: PpsrAlertList,
      examples: {
        one: { summary: 'One subscription', value: { data: [alertExample] } },
        none: { summary: 'No subscriptions', value: { data: [] } },
      },
    },
  },
});

export const createPpsrAlert = defineOperation({
  method: 'post',
  path: '/ppsr/alerts',
  operationId: 'createPpsrAlert',
  summary: 'Watch an organisation on the PPSR',
  description: `Subscribes to new PPSR registrations against an organisation, named by ACN, ABN, ARBN or ARSN. Each new registration the PPSR reports against it sends the \`${PPSR_ALERT_EVENT}\` webhook to the endpoints subscribed to that event (register one with \`POST /webhooks\`). In the test environment a PPSR registration added through the operator API against a watched number produces the event.`,
  tag: TAGS.ppsrAlerts,
  access: 'secret',
  family: 'api',
  rateLimit: 'lodgements',
  idempotencyKey: 'optional',
  provisional: true,
  body: {
    schema: PpsrAlertCreateRequest,
    examples: {
      acn: { summary: 'Watch SANDBOX TRADING PTY LTD by ACN', value: { organisationNumberType: 'ACN', organisationNumber: '100000011' } },
      abn: { summary: 'Watch by ABN', value: { organisationNumberType: 'ABN', organisationNumber: '60100000011' } },
    },
  },
  success: {
    201: {
      description: 'The subscription.',
      schema: PpsrAlert,
      examples: { created: { summary: 'Created', value: alertExample } },
      links: linksPassing(
        { id: '$response.body#/id' },
        {
          DeleteAlert: { operationId: 'deletePpsrAlert', description: 'Stop watching; afterwards deleting again answers 404.' },
        },
      ),
    },
  },
  errors: {
    409: {
      description:
        '`already_subscribed` (this organisation number is already watched by the account in this environment), `idempotency_key_reused` or `request_in_progress` (D-18).',
      examples: {
        alreadySubscribed: {
          summary: 'Already watched',
          value: apiError('already_subscribed', 'ACN 100000011 is already watched by alert pal_7Qm2Xc9LpR4tVb8NwZ3kHs6J.'),
        },
        reused: {
          summary: 'Key reused with another body',
          value: apiError('idempotency_key_reused', 'This Idempotency-Key was used with a different request body.'),
        },
      },
    },
    422: {
      description:
        '`validation_failed` (D-10): `organisationNumberType` missing or unknown (`required`, `invalid_enum`), or `organisationNumber` not of its type (`invalid_format`, `invalid_acn`, `invalid_abn`; ARBN and ARSN use the ACN checksum).',
      examples: {
        badChecksum: validationExample('ACN fails its checksum', {
          organisationNumber: [{ code: 'invalid_acn', message: 'Not a valid ACN (checksum failed).' }],
        }),
      },
    },
  },
});

export const deletePpsrAlert = defineOperation({
  method: 'delete',
  path: '/ppsr/alerts/{id}',
  operationId: 'deletePpsrAlert',
  summary: 'Stop watching an organisation',
  description: 'Removes an alert subscription. No further alert events are sent for it; deliveries already queued still arrive.',
  tag: TAGS.ppsrAlerts,
  access: 'secret',
  family: 'api',
  rateLimit: 'lodgements',
  provisional: true,
  params: PpsrAlertIdParam,
  success: { 204: { description: 'Removed.' } },
  errors: { 404: notFound },
});

/** The alert subscriptions' outbound event, in the document's `webhooks` section. */
export function registerPpsrAlertWebhook(registry: OpenAPIRegistry): void {
  registerEventWebhook(registry, {
    event: PPSR_ALERT_EVENT,
    operationId: 'onPpsrAlertGrantorRegistrationChanged',
    summary: 'PPSR registration against a watched organisation',
    description:
      'Sent whenever the PPSR reports a new registration against an organisation watched by an active alert subscription (`POST /ppsr/alerts`). One delivery per registration. **Provisional** (D-34): the payload may change in a minor version.',
    tag: TAGS.ppsrEvents,
    payload: PpsrAlertEvent,
    examples: {
      newRegistration: {
        summary: 'New registration against ACN 100000011',
        value: {
          event: PPSR_ALERT_EVENT,
          timestamp: '2026-11-22T03:15:00Z',
          deliveryId: 'dlv_9RfK2mQ7xT4vB8nW3cY6pLsA',
          organisationNumberType: 'ACN',
          organisationNumber: '100000011',
          registrationSummary: {
            registrationNumber: '202611220004567',
            collateralClass: 'Motor Vehicle',
            securedPartyName: 'SANDBOX MOTOR FINANCE PTY LTD',
            registrationStart: '2026-11-22T09:14:03+10:00',
          },
        } satisfies PpsrAlertEvent,
      },
    },
  });
}
