// Example values for the monitoring part, built from the sandbox magic values (sandbox.md) around
// the reference day 2026-11-22. Typed against the schemas so a renamed field breaks the build,
// not only the example test.
import type { z } from '../common/zod.js';
import { addMonths, daysBetween } from '../common/dates.js';
import { apiError } from '../common/errors.js';
import type { NamedExample } from '../common/operation.js';
import type { EventList, EntityList, MonitoredEntity, MonitoringEvent, MonitoringEventSummary } from './schemas.js';
import { DEFAULT_PER_PAGE, pageMeta, type PageMetaView } from '../common/pagination.js';
import { validationExample } from '../common/validation-example.js';

type Entity = z.infer<typeof MonitoredEntity>;
type Event = z.infer<typeof MonitoringEvent>;
type EventSummary = z.infer<typeof MonitoringEventSummary>;

/** The reference "today" of every example (an Australia/Brisbane date). */
export const TODAY = '2026-11-22';
const NEXT_YEAR = addMonths(TODAY, 12);

/** Register details hidden while the entity is not active (spec 2.6). */
const hiddenRegisterDetails: Pick<Entity, 'entityStatus' | 'entityType' | 'gstRegistered' | 'gstDate' | 'businessNames'> = {
  entityStatus: 'unknown',
  entityType: null,
  gstRegistered: null,
  gstDate: null,
  businessNames: [],
};

/** ACN 100000011 with its ABN, active in the sandbox (test key, free, checked at once). */
export const testCompany: Entity = {
  id: 501,
  acn: '100000011',
  abn: '60100000011',
  entityName: 'SANDBOX TRADING PTY LTD',
  reference: 'client-0042',
  status: 'active',
  monitoringStatus: 'active',
  startsAt: TODAY,
  expiresAt: NEXT_YEAR,
  daysRemaining: daysBetween(TODAY, NEXT_YEAR),
  lastEventAt: null,
  entityStatus: 'registered',
  entityType: 'Australian Proprietary Company',
  gstRegistered: true,
  gstDate: '2000-07-01',
  businessNames: ['SANDBOX COFFEE'],
};

/** ABN 53900000001, an active sole trader, in the sandbox. */
export const testSoleTrader: Entity = {
  id: 502,
  acn: null,
  abn: '53900000001',
  entityName: 'JANE CITIZEN',
  reference: null,
  status: 'active',
  monitoringStatus: 'active',
  startsAt: TODAY,
  expiresAt: NEXT_YEAR,
  daysRemaining: daysBetween(TODAY, NEXT_YEAR),
  lastEventAt: null,
  entityStatus: 'registered',
  entityType: 'Individual/Sole Trader',
  gstRegistered: false,
  gstDate: null,
  businessNames: [],
};

/** Stopped the day after ordering: paid time keeps running, details hidden, no days counted. */
export const testCompanyStopped: Entity = {
  ...testCompany,
  status: 'stopped',
  monitoringStatus: 'inactive',
  daysRemaining: 0,
  ...hiddenRegisterDetails,
};

/** A sandbox company ordered a year ago, 30 days before its term ends. */
const lastYearStart = addMonths(TODAY, -11);
const soonEnd = addMonths(lastYearStart, 12);
export const testCompanyExpiringSoon: Entity = {
  ...testCompany,
  id: 503,
  acn: '100000020',
  abn: null,
  entityName: 'SANDBOX SUPPLIES PTY LTD',
  reference: null,
  startsAt: lastYearStart,
  expiresAt: soonEnd,
  daysRemaining: daysBetween(TODAY, soonEnd),
  gstRegistered: false,
  gstDate: null,
  businessNames: [],
};

/** The same company after renewal: its new term starts when the current one ends. */
const renewedEnd = addMonths(soonEnd, 12);
export const testCompanyRenewed: Entity = {
  ...testCompanyExpiringSoon,
  expiresAt: renewedEnd,
  daysRemaining: daysBetween(TODAY, renewedEnd),
};

/** A sandbox company whose term ended today. */
const expiredStart = addMonths(TODAY, -12);
export const testCompanyExpired: Entity = {
  ...testCompanyExpiringSoon,
  id: 504,
  acn: '100000039',
  entityName: 'SANDBOX WINDING UP PTY LTD',
  status: 'expired',
  monitoringStatus: 'inactive',
  startsAt: expiredStart,
  expiresAt: TODAY,
  daysRemaining: 0,
  ...hiddenRegisterDetails,
};

/** The expired company after renewal: the new term starts on the day of renewal (spec 3.4). */
export const testCompanyExpiredRenewed: Entity = {
  ...testCompanyExpired,
  status: 'active',
  monitoringStatus: 'active',
  startsAt: TODAY,
  expiresAt: NEXT_YEAR,
  daysRemaining: daysBetween(TODAY, NEXT_YEAR),
  entityStatus: 'strike_off_proposed',
  entityType: 'Australian Proprietary Company',
  gstRegistered: false,
  gstDate: null,
  businessNames: [],
};

/** A live order just paid: active, first register check not yet done (D-39). */
export const liveCompanyPending: Entity = {
  ...testCompany,
  id: 7201,
  status: 'active',
  monitoringStatus: 'pending',
  ...hiddenRegisterDetails,
};
export const liveSoleTraderPending: Entity = {
  ...testSoleTrader,
  id: 7202,
  reference: 'client-0043',
  monitoringStatus: 'pending',
  ...hiddenRegisterDetails,
};

/** A live order paid but not yet activated (202). */
export const liveCompanyProcessing: Entity = { ...liveCompanyPending, status: 'processing', daysRemaining: 0 };
export const liveSoleTraderProcessing: Entity = { ...liveSoleTraderPending, status: 'processing', daysRemaining: 0 };

/** A live company checked and with a detected change. */
export const liveCompanyActive: Entity = { ...testCompany, id: 7201, lastEventAt: '2026-11-22T03:00:00Z' };

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

/** A simulated address change on the sandbox company. */
export const testAddressChange: Event = {
  monitoringEventId: 9001,
  entityId: testCompany.id,
  eventType: 'address_change',
  title: 'Registered office address changed',
  detectedAt: '2026-11-22T03:00:00Z',
  simulated: true,
  description: 'The registered office moved from 1 EAGLE STREET, BRISBANE CITY QLD 4000 to 100 QUEEN STREET, BRISBANE CITY QLD 4000.',
  effectiveDate: '2026-11-20',
  source: 'asic',
  metadata: {
    field: 'registeredOffice',
    oldValue: '1 EAGLE STREET, BRISBANE CITY QLD 4000',
    newValue: '100 QUEEN STREET, BRISBANE CITY QLD 4000',
  },
  entity: testCompany,
};

/** A live Form 484 lodged by the company. */
export const liveDocumentLodged: Event = {
  monitoringEventId: 48211,
  entityId: liveCompanyActive.id,
  eventType: 'document_lodged',
  title: 'Form 484 lodged',
  detectedAt: '2026-11-22T03:00:00Z',
  simulated: false,
  description: 'ASIC received document 7EAA12345 (484, Change to company details).',
  effectiveDate: '2026-11-21',
  source: 'asic',
  metadata: { documentType: '484', documentNumber: '7EAA12345', documentDescription: 'Change to company details' },
  entity: liveCompanyActive,
};

export const liveBusinessNameAdded: Event = {
  monitoringEventId: 48212,
  entityId: liveCompanyActive.id,
  eventType: 'business_name_added',
  title: 'Business name added',
  detectedAt: '2026-11-22T03:00:00Z',
  simulated: false,
  description: 'SANDBOX ROASTERS is now a business name of the entity.',
  effectiveDate: '2026-11-19',
  source: 'abr',
  metadata: { businessName: 'SANDBOX ROASTERS' },
  entity: { ...liveCompanyActive, businessNames: ['SANDBOX COFFEE', 'SANDBOX ROASTERS'] },
};

export const liveNameChange: Event = {
  monitoringEventId: 48213,
  entityId: liveCompanyActive.id,
  eventType: 'name_change',
  title: 'Company name changed',
  detectedAt: '2026-11-22T03:00:00Z',
  simulated: false,
  description: 'The company changed its name from SANDBOX HOLDINGS PTY LTD to SANDBOX TRADING PTY LTD.',
  effectiveDate: '2026-11-21',
  source: 'asic',
  metadata: {
    field: 'entityName',
    oldValue: 'SANDBOX HOLDINGS PTY LTD',
    newValue: 'SANDBOX TRADING PTY LTD',
    previousName: 'SANDBOX HOLDINGS PTY LTD',
  },
  entity: liveCompanyActive,
};

export const liveInsolvencyNotice: Event = {
  monitoringEventId: 48214,
  entityId: liveCompanyActive.id,
  eventType: 'insolvency_notice',
  title: 'Insolvency notice published',
  detectedAt: '2026-11-22T03:00:00Z',
  simulated: false,
  description: 'A notice of appointment of a voluntary administrator was published.',
  effectiveDate: '2026-11-18',
  source: 'insolvency',
  metadata: {
    noticeUrl: 'https://insolvencynotices.asic.gov.au/browsesearch-notices/notice-details/SANDBOX-TRADING-PTY-LTD-100000011/1a2b3c4d',
    appointmentDate: '2026-11-18',
  },
  entity: { ...liveCompanyActive, entityStatus: 'external_administration' },
};

export const liveGstCancelled: Event = {
  monitoringEventId: 48215,
  entityId: 7202,
  eventType: 'gst_change',
  title: 'GST registration cancelled',
  detectedAt: '2026-11-22T03:00:00Z',
  simulated: false,
  description: 'The ABN is no longer registered for GST.',
  effectiveDate: '2026-11-15',
  source: 'abr',
  metadata: { field: 'gstRegistered', oldValue: 'Registered', newValue: 'Not registered', gstCancelled: true },
  entity: { ...testSoleTrader, id: 7202, reference: 'client-0043', lastEventAt: '2026-11-22T03:00:00Z' },
};

/** The sandbox company after `simulate: deregistered`. */
export const testCompanyDeregistered: Entity = { ...testCompany, entityStatus: 'deregistered' };
export const testDeregistrationEvent: Event = {
  monitoringEventId: 9002,
  entityId: testCompany.id,
  eventType: 'status_change',
  title: 'Company deregistered',
  detectedAt: '2026-11-22T03:10:00Z',
  simulated: true,
  description: 'The company status changed from Registered to Deregistered.',
  effectiveDate: TODAY,
  source: 'asic',
  metadata: { field: 'entityStatus', oldValue: 'Registered', newValue: 'Deregistered' },
  entity: testCompanyDeregistered,
};

export function summaryOf(event: Event): EventSummary {
  const { monitoringEventId, entityId, eventType, title, detectedAt, simulated } = event;
  return { monitoringEventId, entityId, eventType, title, detectedAt, simulated };
}

export function page<T>(data: T[], perPage = DEFAULT_PER_PAGE): { data: T[]; meta: PageMetaView } {
  return { data, meta: pageMeta({ page: 1, perPage }, data.length) };
}

export const entityListExample: z.infer<typeof EntityList> = page([testCompany, testSoleTrader]);
export const eventListExample: z.infer<typeof EventList> = page([summaryOf(testAddressChange), summaryOf(testDeregistrationEvent)]);

// ---------------------------------------------------------------------------------------------
// Errors shared by several operations (spec 7)
// ---------------------------------------------------------------------------------------------

const example = (summary: string, value: unknown): NamedExample => ({ summary, value });

export const errorExamples = {
  notFoundEntity: example('Unknown entity id', apiError('not_found', 'No such entity in this account and environment.')),
  notFoundEvent: example('Unknown event id', apiError('not_found', 'No such event in this account and environment.')),
  sandboxOnly: example(
    'Free (sandbox) account used a live key',
    apiError('sandbox_only', 'This account can only use test keys: call /api/test/v2 with an svc_sk_test_ key.'),
  ),
  monitoringUnavailable: example(
    'Monitoring not available on the account',
    apiError('monitoring_unavailable', 'Monitoring is not yet available on this account.'),
  ),
  cardBillingRequired: example(
    'Account not card-billed',
    apiError('card_billing_required', 'Live monitoring orders, renewals and resumes need card billing on the account.'),
  ),
  paymentMethodRequired: example(
    'No card on the account',
    apiError('payment_method_required', 'Add a payment card to the account before ordering live monitoring.'),
  ),
  paymentMethodExpired: example(
    'Card expired',
    apiError('payment_method_expired', 'The card on the account has expired. Update it and try again.'),
  ),
  paymentFailed: example('Card declined', apiError('payment_failed', 'The card was declined. Nothing was created or charged.')),
  orderInProgress: example(
    'Another order is processing',
    apiError('order_in_progress', 'Another monitoring order on this account is processing. Try again when it has finished.'),
  ),
  requestInProgress: example(
    'Same key still running',
    apiError('request_in_progress', 'A request with this Idempotency-Key is still being processed.'),
  ),
  idempotencyKeyReused: example(
    'Key reused with another body',
    apiError('idempotency_key_reused', 'This Idempotency-Key was used with a different request body.'),
  ),
  idempotencyKeyInvalid: example(
    'Key over 255 characters',
    apiError('idempotency_key_invalid', 'Idempotency-Key must be 1 to 255 characters.'),
  ),
  idempotencyKeyRequired: example(
    'No Idempotency-Key',
    apiError('idempotency_key_required', 'Renewals need an Idempotency-Key header so a retry never charges twice.'),
  ),
  lookupRateLimited: example(
    'Register lookup limit reached',
    apiError(
      'lookup_rate_limited',
      'This request needs 12 register lookups and 4 are left this minute (60 per minute). Retry after the number of seconds in Retry-After; nothing was charged.',
    ),
  ),
  registryUnavailable: example(
    'Register unreachable',
    apiError(
      'registry_unavailable',
      'The company register cannot be reached. Nothing was charged; retry after the number of seconds in Retry-After.',
    ),
  ),
  paymentUnavailable: example(
    'Payment provider unreachable',
    apiError(
      'payment_unavailable',
      'The payment provider cannot be reached. Nothing was charged; retry after the number of seconds in Retry-After.',
    ),
  ),
  entityLimit: example(
    'Would pass the active entity limit',
    apiError('entity_limit', 'This request would take the account past its limit of 1,000 active entities.', { limit: 1000, active: 998 }),
  ),
  perPageTooBig: validationExample('perPage over 100', { perPage: [{ code: 'too_big', message: 'Must be at most 100.' }] }),
} satisfies Record<string, NamedExample>;
