// Entity monitoring resources (spec 2.6, 2.7, 3.4, 3.5, 4.5; D-38, D-39). Request and response
// schemas only; the operations that use them live next door.
import { z } from '../common/zod.js';
import { Abn, Acn } from '../common/identifiers.js';
import { MONITORING_ROW_IDENTIFIER, refineStated } from '../common/stated-rules.js';
import { IsoDate, IsoDateTime, zonedDate } from '../common/dates.js';
import { PageMeta, PageQuery } from '../common/pagination.js';

/** Spec 8: one order or renewal request holds at most 25 entities. */
export const MAX_ENTITIES_PER_REQUEST = 25;
/** Spec 8: `reference` length. */
export const MAX_REFERENCE_LENGTH = 100;
/** Spec 8 and D-39/D-41 amounts, in cents. */
export const LIVE_UNIT_PRICE_CENTS = 1800;
/** One paid term (spec 2.6, 8), and how far ahead of today an expiry may be after a renewal or merge. */
export const TERM_MONTHS = 12;
export const MAX_MONTHS_AHEAD = 24;
export const TEST_UNIT_PRICE_CENTS = 0;

// ---------------------------------------------------------------------------------------------
// Enumerations
// ---------------------------------------------------------------------------------------------

export const MONITORED_ENTITY_STATUSES = ['processing', 'active', 'stopped', 'expired'] as const;
export const MonitoredEntityStatus = z.enum(MONITORED_ENTITY_STATUSES).openapi('MonitoredEntityStatus', {
  description:
    'Lifecycle of the paid term (spec 3.4): `processing` (paid, activation unfinished), `active` (monitored), `stopped` (stopped early; the paid term keeps running), `expired` (term ended).',
  example: 'active',
});

export const MONITORING_STATUSES = ['pending', 'active', 'degraded', 'inactive'] as const;
export const MonitoringStatus = z.enum(MONITORING_STATUSES).openapi('MonitoringStatus', {
  description:
    'Health of the register checks (spec 3.5, D-39): `pending` (being set up after a live order; the first completed check makes it `active`), `active` (being checked), `degraded` (setup failed and is being retried), `inactive` (not checked because the entity is stopped or expired). Test entities are `active` at once.',
  example: 'active',
});

export const REGISTER_ENTITY_STATUSES = [
  'registered',
  'deregistered',
  'cancelled',
  'external_administration',
  'strike_off_proposed',
  'unknown',
] as const;
export const RegisterEntityStatus = z.enum(REGISTER_ENTITY_STATUSES).openapi('RegisterEntityStatus', {
  description:
    "Status on the register. A company's ASIC status wins over its ABN status (`cancelled` is an ABN's). `unknown` until the first check completes and whenever the entity is not `active`.",
  example: 'registered',
});

export const MONITORING_EVENT_TYPES = [
  'document_lodged',
  'name_change',
  'address_change',
  'status_change',
  'type_change',
  'gst_change',
  'business_name_added',
  'business_name_removed',
  'insolvency_notice',
  'ppsr_registration',
  'other_change',
] as const;

const eventTypeList = MONITORING_EVENT_TYPES.map((t) => `\`${t}\``).join(', ');

/**
 * In responses and webhooks `eventType` is a plain string, not an enum: spec 2.7 tells clients
 * to read an unknown value as `other_change`, so new types may be added within V2, and a closed
 * enum would make generated validating clients reject them. The known values travel in the
 * description and in `x-extensible-enum` (the Zalando convention for open lists).
 */
export const MonitoringEventTypeName = z
  .string()
  .min(1)
  .openapi({
    description: `Kind of change. Known values: ${eventTypeList}. More may be added: treat an unknown value as \`other_change\`.`,
    example: 'address_change',
    'x-extensible-enum': [...MONITORING_EVENT_TYPES],
  });

/** Closed list for what a caller may ask the sandbox to simulate (spec 4.5: "any event type value"). */
export const MonitoringEventType = z.enum(MONITORING_EVENT_TYPES).openapi('MonitoringEventType', {
  description: 'A known event type (spec 2.7).',
  example: 'address_change',
});

export const MONITORING_EVENT_SOURCES = ['asic', 'abr', 'insolvency', 'ppsr'] as const;

export const SIMULATIONS = ['expiring_30', 'expiring_7', 'expired', 'deregistered'] as const;
export const LIFECYCLE_SIMULATIONS = ['expiring_30', 'expiring_7', 'expired'] as const;

// ---------------------------------------------------------------------------------------------
// Monitored entity (spec 2.6)
// ---------------------------------------------------------------------------------------------

const EntityId = z.int().min(1).openapi({ description: 'Entity id, unique to one account and one environment.', example: 501 });

export const MonitoredEntity = z
  .strictObject({
    id: EntityId,
    acn: Acn.nullable().openapi({
      description: 'Company number (ACN); null for an ABN holder that is not a company.',
      example: '100000011',
    }),
    abn: Abn.nullable().openapi({
      description: 'Business number (ABN); null when none is known. Filled in later if a monitored company gains one.',
      example: '60100000011',
    }),
    entityName: z
      .string()
      .openapi({ description: 'Name on the register; follows the register when the name changes.', example: 'SANDBOX TRADING PTY LTD' }),
    reference: z
      .string()
      .max(MAX_REFERENCE_LENGTH)
      .nullable()
      .openapi({ description: "The caller's own reference (up to 100 characters), or null.", example: 'client-0042' }),
    status: MonitoredEntityStatus,
    monitoringStatus: MonitoringStatus,
    startsAt: zonedDate(
      { description: 'First day of the paid term now running, an Australia/Brisbane calendar date.', example: '2026-11-22' },
      'on-create',
    ),
    expiresAt: zonedDate({
      description:
        'First day **not** covered, an Australia/Brisbane calendar date: the entity is monitored through the end of the previous day. Never more than 2 years ahead of today.',
      example: '2027-11-22',
    }).openapi({ 'x-term': { from: 'startsAt', months: TERM_MONTHS, maxMonthsAhead: MAX_MONTHS_AHEAD } }),
    daysRemaining: z
      .int()
      .min(0)
      .openapi({
        description: 'Days from today (Australia/Brisbane) until `expiresAt` while `active`; 0 in every other status.',
        example: 365,
        'x-days-until': { date: 'expiresAt', while: { status: 'active' }, otherwise: 0 },
      }),
    lastEventAt: IsoDateTime.nullable().openapi({
      description:
        'When the last change was detected since the first paid term began. Null until then, always null in the sandbox, and null while the entity is not `active`. Not the time of the last check.',
      example: null,
    }),
    entityStatus: RegisterEntityStatus,
    entityType: z.string().nullable().openapi({
      description:
        "Readable entity type (an unrecognised type is returned as the register's own code); null while not `active` or unknown.",
      example: 'Australian Proprietary Company',
    }),
    gstRegistered: z
      .boolean()
      .nullable()
      .openapi({ description: 'Current GST registration; null when unknown or while not `active`.', example: true }),
    gstDate: IsoDate.nullable().openapi({
      description: 'Date of GST registration; null when not registered, unknown or while not `active`.',
      example: '2000-07-01',
    }),
    businessNames: z
      .array(z.string())
      .openapi({ description: 'Current business names; empty when none, unknown or while not `active`.', example: ['SANDBOX COFFEE'] }),
  })
  .openapi('MonitoredEntity', {
    description:
      'A company (by ACN) or ABN holder under monitoring (spec 2.6). The same object appears in every entity response, list item, event and webhook. Register details (`entityStatus`, `entityType`, `gstRegistered`, `gstDate`, `businessNames`) are shown only while `active`; a processing, stopped or expired entity shows `unknown`, null, null, null and an empty list.',
  });

export const EntityList = z
  .strictObject({ data: z.array(MonitoredEntity), meta: PageMeta })
  .openapi('EntityList', { description: 'A page of monitored entities.' });

const orderFields = {
  unitPrice: z.int().min(0).openapi({
    description:
      'Price of one entity for one 12-month term, in cents, GST inclusive: 1800 less the volume discount (D-41), rounded to whole cents; 0 with test keys.',
    example: 1800,
  }),
  total: z.int().min(0).openapi({
    description: '`unitPrice` times the number of entities, in cents: the one card charge for the whole request.',
    example: 3600,
  }),
  entities: z
    .array(MonitoredEntity)
    .min(1)
    .max(MAX_ENTITIES_PER_REQUEST)
    .openapi({ description: 'The entities of the request, in request order.' }),
};

export const MonitoringOrder = z.strictObject(orderFields).openapi('MonitoringOrder', {
  description: 'Result of an order or a renewal (spec 2.6): the price charged and the entities.',
});

export const MonitoringOrderProcessing = z
  .strictObject({
    status: z.literal('processing').openapi({
      description:
        'The payment was taken (or may have been) but activation is unfinished. Retry with the same `Idempotency-Key` for the final answer.',
    }),
    ...orderFields,
  })
  .openapi('MonitoringOrderProcessing', {
    description: 'An order or renewal whose activation is still running (202): the order shape plus `status: processing`.',
  });

// ---------------------------------------------------------------------------------------------
// Monitoring event (spec 2.7)
// ---------------------------------------------------------------------------------------------

const EventId = z.int().min(1).openapi({
  description:
    'Event id; ids grow in the order events are stored. Keep the last one processed to catch up with `GET /monitoring/events?since=`.',
  example: 9001,
});

// Shared by both forms, so the full form is not built with `.extend()` (which would inherit the
// summary's component example).
const eventSummaryFields = {
  monitoringEventId: EventId,
  entityId: EntityId,
  eventType: MonitoringEventTypeName,
  title: z.string().openapi({ description: 'One-line readable summary.', example: 'Registered office address changed' }),
  detectedAt: IsoDateTime.openapi({ description: 'When the change was detected (ISO 8601 with offset).', example: '2026-11-22T03:00:00Z' }),
  simulated: z
    .boolean()
    .openapi({ description: 'True for events produced by `POST /monitoring/entities/{id}/simulate` (test prefix only).', example: false }),
};

export const MonitoringEventSummary = z.strictObject(eventSummaryFields).openapi('MonitoringEventSummary', {
  description: 'An event as listed (spec 2.7). Fetch `GET /monitoring/events/{id}` for the description and metadata.',
});

export const MonitoringEventMetadata = z
  .strictObject({
    field: z.string().optional().openapi({ description: 'The changed field.', example: 'registeredOffice' }),
    oldValue: z.string().optional().openapi({
      description: 'Readable value before the change (codes become words, addresses one line).',
      example: '1 EAGLE STREET, BRISBANE CITY QLD 4000',
    }),
    newValue: z
      .string()
      .optional()
      .openapi({ description: 'Readable value after the change.', example: '100 QUEEN STREET, BRISBANE CITY QLD 4000' }),
    documentType: z.string().optional().openapi({ description: 'ASIC form code (`document_lodged`).', example: '484' }),
    documentNumber: z.string().optional().openapi({ description: 'ASIC document number (`document_lodged`).', example: '7EAA12345' }),
    documentDescription: z
      .string()
      .optional()
      .openapi({ description: 'What the document is (`document_lodged`).', example: 'Change to company details' }),
    businessName: z.string().optional().openapi({ description: 'The business name added or removed.', example: 'SANDBOX COFFEE' }),
    previousName: z.string().optional().openapi({ description: 'The name before a name change.', example: 'SANDBOX HOLDINGS PTY LTD' }),
    noticeUrl: z.url().optional().openapi({
      description: 'Published insolvency notice.',
      example: 'https://insolvencynotices.asic.gov.au/browsesearch-notices/notice-details/SANDBOX-TRADING-PTY-LTD-100000011/1a2b3c4d',
    }),
    appointmentDate: IsoDate.optional().openapi({ description: 'Date of the appointment in an insolvency notice.', example: '2026-11-18' }),
    gstCancelled: z
      .literal(true)
      .optional()
      .openapi({ description: 'Present, and always true, when a `gst_change` is a GST cancellation.', example: true }),
  })
  .openapi('MonitoringEventMetadata', {
    description: 'Details of the change; only the keys that apply are present, and the object may be empty (spec 2.7).',
  });

export const MonitoringEvent = z
  .strictObject({
    ...eventSummaryFields,
    description: z.string().openapi({
      description: 'Readable account of the change.',
      example: 'The registered office moved to 100 QUEEN STREET, BRISBANE CITY QLD 4000.',
    }),
    effectiveDate: IsoDate.nullable().openapi({
      description: 'The date the register gives for the change, or null.',
      example: '2026-11-20',
    }),
    source: z
      .enum(MONITORING_EVENT_SOURCES)
      .nullable()
      .openapi({ description: "Register the change came from; null when the provider's source is not recognised.", example: 'asic' }),
    metadata: MonitoringEventMetadata,
    entity: MonitoredEntity.openapi({ description: 'The entity as it is now.' }),
  })
  .openapi('MonitoringEvent', {
    description: 'An event in full (spec 2.7): the summary fields plus description, effective date, source, metadata and the entity.',
  });

export const EventList = z
  .strictObject({ data: z.array(MonitoringEventSummary), meta: PageMeta })
  .openapi('EventList', { description: 'A page of monitoring events (summary form).' });

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** True when a row names an entity; the row rule of spec 4.5 ("at least one of acn and abn"). */
export function rowHasIdentifier(row: { acn?: string | undefined; abn?: string | undefined }): boolean {
  return row.acn !== undefined || row.abn !== undefined;
}

// The rule is stated twice on purpose: `anyOf` makes it visible to every OpenAPI tool (Ajv,
// Prism, generated clients), the refinement gives Zod users the spec's row code.
export const MonitoringOrderRow = refineStated(
  z.strictObject({
    acn: Acn.optional().openapi({ description: 'Company number. A company is keyed on its ACN.', example: '100000011' }),
    abn: Abn.optional().openapi({
      description:
        'Business number. With `acn`, the register must confirm it belongs to that company; alone, an ABN of a company is stored against the company.',
      example: '60100000011',
    }),
    reference: z
      .string()
      .max(MAX_REFERENCE_LENGTH)
      .optional()
      .openapi({ description: 'Your own reference, up to 100 characters.', example: 'client-0042' }),
  }),
  MONITORING_ROW_IDENTIFIER,
  rowHasIdentifier,
).openapi('MonitoringOrderRow', {
  description: 'One entity to monitor: `acn`, `abn` or both (at least one; `identifier_required` otherwise).',
  anyOf: [{ required: ['acn'] }, { required: ['abn'] }],
});

export const MonitoringOrderRequest = z
  .strictObject({
    entities: z
      .array(MonitoringOrderRow)
      .min(1)
      .max(MAX_ENTITIES_PER_REQUEST)
      .openapi({ description: 'Up to 25 entities; each company or ABN once.' }),
  })
  .openapi('MonitoringOrderRequest', { description: 'Start monitoring (spec 4.5).' });

export const MonitoringRenewalRequest = z
  .strictObject({
    ids: z
      .array(z.int().min(1).max(Number.MAX_SAFE_INTEGER))
      .min(1)
      .max(MAX_ENTITIES_PER_REQUEST)
      .openapi({ description: 'Ids of the entities to renew, up to 25, each once.', example: [501, 502] }),
  })
  .openapi('MonitoringRenewalRequest', { description: 'Renew entities by id (spec 4.5).' });

export const SimulateChangeRequest = z
  .strictObject({ eventType: MonitoringEventType })
  .openapi('SimulateChangeRequest', { description: 'Emit a change event of this type (201, the event).' });

export const SimulateLifecycleRequest = z
  .strictObject({
    simulate: z.enum(SIMULATIONS).openapi({
      description:
        '`expiring_30`, `expiring_7` or `expired` send that lifecycle webhook (200); `deregistered` deregisters a test company or cancels a test ABN and emits a `status_change` event (200).',
      example: 'expiring_30',
    }),
  })
  .openapi('SimulateLifecycleRequest', { description: 'Emit a lifecycle webhook or deregister the entity.' });

export const MonitoringSimulationRequest = z
  .union([SimulateChangeRequest, SimulateLifecycleRequest])
  .openapi('MonitoringSimulationRequest', { description: 'Exactly one of `eventType` or `simulate`.' }, { unionPreferredType: 'oneOf' });

// ---------------------------------------------------------------------------------------------
// Simulation results
// ---------------------------------------------------------------------------------------------

export const LifecycleSimulationResult = z
  .strictObject({
    simulated: z.enum(LIFECYCLE_SIMULATIONS).openapi({ description: 'The lifecycle webhook that was sent.', example: 'expiring_30' }),
    entity: MonitoredEntity,
  })
  .openapi('LifecycleSimulationResult', { description: 'A lifecycle webhook was sent; the entity itself is unchanged.' });

export const DeregistrationSimulationResult = z
  .strictObject({
    simulated: z.literal('deregistered').openapi({ description: 'What was simulated.' }),
    entity: MonitoredEntity.openapi({ description: 'The entity, now `deregistered` (company) or `cancelled` (ABN) for good.' }),
    event: MonitoringEvent.openapi({ description: 'The `status_change` event emitted.' }),
  })
  .openapi('DeregistrationSimulationResult', { description: 'The test company was deregistered (or the test ABN cancelled).' });

export const MonitoringSimulationResult = z
  .union([LifecycleSimulationResult, DeregistrationSimulationResult])
  .openapi('MonitoringSimulationResult', { description: 'Outcome of a `simulate` request (200).' }, { unionPreferredType: 'oneOf' });

// ---------------------------------------------------------------------------------------------
// Parameters and queries (D-38)
// ---------------------------------------------------------------------------------------------

export const MonitoringEntityParams = z.strictObject({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).openapi({ description: 'Entity id.', example: 501 }),
});

export const MonitoringEventParams = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .openapi({ description: 'Event id (`monitoringEventId`).', example: 9001 }),
});

export const ListMonitoringEntitiesQuery = PageQuery.extend({
  // Inline rather than the registered enum, so the parameter keeps a plain schema with its own description.
  status: z.enum(MONITORED_ENTITY_STATUSES).optional().openapi({ description: 'Only entities in this status.', example: 'active' }),
  acn: Acn.optional().openapi({ description: 'Only the entity with this ACN.', example: '100000011' }),
  abn: Abn.optional().openapi({ description: 'Only the entity with this ABN.', example: '60100000011' }),
  expiresBefore: IsoDate.optional().openapi({
    description: 'Only entities whose `expiresAt` is earlier than this Australia/Brisbane date.',
    example: '2027-01-01',
  }),
});

export const ListMonitoringEntityEventsQuery = PageQuery;

/** `since`: an event id (events after it) or a date-time (events detected at or after it). */
export const EventCursor = z
  .union([
    z
      .string()
      .regex(/^[0-9]{1,18}$/)
      .openapi({ description: 'A `monitoringEventId`: events with a greater id.', example: '9001' }),
    z.iso
      .datetime({ offset: true })
      .openapi({ description: 'An ISO 8601 date-time: events detected at or after it.', example: '2026-11-22T00:00:00+10:00' }),
  ])
  .openapi({
    description: 'An event id, returning events after it; or an ISO 8601 date-time, returning events detected at or after it.',
    example: '9001',
  });

export const ListMonitoringEventsQuery = PageQuery.extend({ since: EventCursor.optional() });
