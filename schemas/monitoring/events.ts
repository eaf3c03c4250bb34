// Monitoring events: the per-entity and account-wide lists, one event in full, and the sandbox's
// simulate endpoint (spec 2.7, 4.5, 6.2; D-38).
import { apiError } from '../common/errors.js';
import { defineOperation } from '../common/operation.js';
import { TAGS } from '../tags.js';
import {
  EventList,
  ListMonitoringEntityEventsQuery,
  ListMonitoringEventsQuery,
  MonitoringEntityParams,
  MonitoringEvent,
  MonitoringEventParams,
  MonitoringSimulationRequest,
  MonitoringSimulationResult,
} from './schemas.js';
import {
  errorExamples as ex,
  eventListExample,
  liveBusinessNameAdded,
  liveDocumentLodged,
  liveGstCancelled,
  liveInsolvencyNotice,
  liveNameChange,
  page,
  summaryOf,
  testAddressChange,
  testCompany,
  testCompanyDeregistered,
  testDeregistrationEvent,
} from './examples.js';
import { badListQuery, entityNotFound, forbiddenForReads } from './errors.js';
import { validationExample } from '../common/validation-example.js';

const common = { tag: TAGS.monitoring, access: 'secret', family: 'api', rateLimit: 'monitoring' } as const;

const EVENT_RULES =
  'Events are stored once per detected change of an `active` entity: new ASIC documents, name, address, status and entity type changes, GST registration changes, business names added or removed; insolvency notices and PPSR registration changes for entities with an ACN only. Active entities are checked daily, deregistered companies and cancelled ABNs weekly. No delivery window and no completeness of detection is promised. Treat an unknown `eventType` as `other_change`. Sandbox events come only from `simulate` and carry `simulated: true`.';

export const listMonitoringEntityEvents = defineOperation({
  ...common,
  method: 'get',
  path: '/monitoring/entities/{id}/events',
  operationId: 'listMonitoringEntityEvents',
  summary: 'List events of an entity',
  description: [
    'The events of one entity, **newest first** (by `detectedAt`, then `monitoringEventId`), in summary form, 25 per page by default (at most 100, D-38). Fetch `GET /monitoring/events/{id}` for the description and metadata of one.',
    EVENT_RULES,
    'Works even after card billing ends.',
  ].join('\n\n'),
  params: MonitoringEntityParams,
  query: ListMonitoringEntityEventsQuery,
  success: {
    200: {
      description: "A page of the entity's events, newest first.",
      schema: EventList,
      examples: {
        sandbox: {
          summary: 'Two simulated events, newest first',
          value: page([summaryOf(testDeregistrationEvent), summaryOf(testAddressChange)]),
        },
        none: { summary: 'No events yet', value: { data: [], meta: { currentPage: 1, perPage: 25, total: 0, lastPage: 1 } } },
      },
    },
  },
  errors: { 403: forbiddenForReads, 404: entityNotFound, 422: badListQuery },
});

export const listMonitoringEvents = defineOperation({
  ...common,
  method: 'get',
  path: '/monitoring/events',
  operationId: 'listMonitoringEvents',
  summary: 'List monitoring events',
  description: [
    'Every event of this account in this environment, **oldest first** (ascending `monitoringEventId`), in summary form, 25 per page by default (at most 100, D-38).',
    '`since` is either an event id, returning the events after it, or an ISO 8601 date-time, returning the events detected at or after it. Store the last `monitoringEventId` you processed and pass it as `since` to catch up after downtime; webhooks may arrive late, twice or out of order, this list does not.',
    EVENT_RULES,
    'Works even after card billing ends.',
  ].join('\n\n'),
  query: ListMonitoringEventsQuery,
  success: {
    200: {
      description: 'A page of events, oldest first.',
      schema: EventList,
      examples: {
        sandbox: { summary: 'Sandbox events', value: eventListExample },
        live: {
          summary: 'Live events after `since=48210`',
          value: page([liveDocumentLodged, liveBusinessNameAdded, liveNameChange, liveInsolvencyNotice, liveGstCancelled].map(summaryOf)),
        },
      },
    },
  },
  errors: {
    403: forbiddenForReads,
    422: {
      ...badListQuery,
      description: `${badListQuery.description} \`since\` must be an event id or an ISO 8601 date-time with offset.`,
      examples: {
        ...badListQuery.examples,
        since: validationExample('since neither an id nor a date-time', {
          since: [{ code: 'invalid_format', message: 'Must be an event id or an ISO 8601 date-time.' }],
        }),
      },
    },
  },
});

export const getMonitoringEvent = defineOperation({
  ...common,
  method: 'get',
  path: '/monitoring/events/{id}',
  operationId: 'getMonitoringEvent',
  summary: 'Get a monitoring event',
  description: [
    'One event in full: the summary fields plus `description`, `effectiveDate` (the date the register gives), `source` (`asic`, `abr`, `insolvency`, `ppsr`, or null), `metadata` (only the keys that apply) and the entity as it is now. Fetch it by the `monitoringEventId` of a `monitoring.change_detected` webhook.',
    'Works even after card billing ends.',
  ].join('\n\n'),
  params: MonitoringEventParams,
  success: {
    200: {
      description: 'The event.',
      schema: MonitoringEvent,
      examples: {
        addressChange: { summary: 'Address change (sandbox)', value: testAddressChange },
        documentLodged: { summary: 'Document lodged', value: liveDocumentLodged },
        businessNameAdded: { summary: 'Business name added', value: liveBusinessNameAdded },
        nameChange: { summary: 'Name change', value: liveNameChange },
        insolvencyNotice: { summary: 'Insolvency notice', value: liveInsolvencyNotice },
        gstCancelled: { summary: 'GST cancelled', value: liveGstCancelled },
      },
    },
  },
  errors: {
    403: forbiddenForReads,
    404: { description: '`not_found`: no event with this id in this account and environment.', examples: { notFound: ex.notFoundEvent } },
  },
});

export const simulateMonitoringEvent = defineOperation({
  ...common,
  method: 'post',
  path: '/monitoring/entities/{id}/simulate',
  operationId: 'simulateMonitoringEvent',
  summary: 'Simulate a monitoring event',
  description: [
    'Sandbox only: makes a test entity send what live monitoring would send, so webhook handlers can be tested end to end. The body is exactly one of:',
    '| Body | Effect | Response |\n|---|---|---|\n' +
      '| `eventType` (any event type) | stores a change event and sends `monitoring.change_detected` | 201, the event |\n' +
      '| `simulate`: `expiring_30`, `expiring_7` or `expired` | sends that lifecycle webhook; the entity is unchanged | 200, `simulated` and `entity` |\n' +
      '| `simulate`: `deregistered` | deregisters the test company (or cancels the test ABN) for good and emits a `status_change` event | 200, `simulated`, `entity` and `event` |',
    "Simulated events carry `simulated: true` and appear in the sandbox events lists; simulated deliveries add `simulated: true`. For `expiring_30` and `expiring_7` the webhook's top-level `daysRemaining` is 30 or 7 while `entity.daysRemaining` keeps the real value. After `deregistered`, renew and resume are refused as in live use.",
    'Only what live monitoring could send is allowed (409): change events and `deregistered` need an `active` entity (`entity_not_active`); expiry warnings need an active entity that is not a deregistered company or cancelled ABN (`expiry_warning_not_sent`); an entity that already expired cannot send `expired` again (`already_expired`).',
  ].join('\n\n'),
  testOnly: true,
  params: MonitoringEntityParams,
  body: {
    schema: MonitoringSimulationRequest,
    description: 'Either `eventType` or `simulate`.',
    examples: {
      change: { summary: 'An address change', value: { eventType: 'address_change' } },
      expiring30: { summary: '30-day expiry warning', value: { simulate: 'expiring_30' } },
      expired: { summary: 'Expired webhook', value: { simulate: 'expired' } },
      deregistered: { summary: 'Deregister the company', value: { simulate: 'deregistered' } },
    },
  },
  // A change event is stored and so created (201); a lifecycle webhook creates nothing (200).
  successRule: { status: 200, byExample: { change: 201 } },
  success: {
    201: {
      description: 'The change event stored and sent (`eventType` body).',
      schema: MonitoringEvent,
      examples: { change: { summary: 'Address change', value: testAddressChange } },
    },
    200: {
      description:
        'A lifecycle webhook was sent (`simulated` and `entity`), or the entity was deregistered (`simulated`, `entity` and `event`).',
      schema: MonitoringSimulationResult,
      examples: {
        expiring30: { summary: '30-day warning sent', value: { simulated: 'expiring_30', entity: testCompany } },
        expired: { summary: 'Expired webhook sent', value: { simulated: 'expired', entity: testCompany } },
        deregistered: {
          summary: 'Company deregistered',
          value: { simulated: 'deregistered', entity: testCompanyDeregistered, event: testDeregistrationEvent },
        },
      },
    },
  },
  errors: {
    // Only test keys reach this operation, so `sandbox_only` (a live-key refusal) cannot occur.
    403: {
      description: '`monitoring_unavailable`: monitoring is not available on the account.',
      examples: { monitoringUnavailable: ex.monitoringUnavailable },
    },
    404: {
      description:
        "`not_found`: no entity with this id in this account's sandbox; also the answer on the live prefix, where simulation does not exist.",
      examples: {
        notFound: ex.notFoundEntity,
        livePrefix: {
          summary: 'Called on the live prefix',
          value: apiError('not_found', 'Not found. Simulation exists only on the test prefix /api/test/v2.'),
        },
      },
    },
    409: {
      description: 'Something live monitoring would never send: `entity_not_active`, `expiry_warning_not_sent` or `already_expired`.',
      examples: {
        entityNotActive: {
          summary: 'Entity stopped',
          value: apiError('entity_not_active', 'Entity 501 is stopped; only an active entity sends change events.'),
        },
        expiryWarningNotSent: {
          summary: 'Deregistered company',
          value: apiError('expiry_warning_not_sent', 'No expiry warning is sent for a deregistered company or a cancelled ABN.'),
        },
        alreadyExpired: {
          summary: 'Already expired',
          value: apiError('already_expired', 'Entity 504 has already expired; expired is sent only once.'),
        },
      },
    },
    422: {
      description: '`validation_failed`: the body is not exactly one of `{eventType}` and `{simulate}`, or names an unknown value.',
      examples: {
        unknownType: validationExample('Unknown event type', {
          eventType: [{ code: 'invalid_enum', message: 'Unknown event type "rename".' }],
        }),
        both: validationExample('Both forms at once', {
          simulate: [{ code: 'unknown_field', message: 'Send either eventType or simulate, not both.' }],
        }),
      },
    },
  },
});
