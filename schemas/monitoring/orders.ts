// The charged (or billing-gated) monitoring operations: order, renew, resume (spec 3.4, 4.5, 7, 8;
// D-18, D-39, D-41, D-43).
import { apiError } from '../common/errors.js';
import { defineOperation } from '../common/operation.js';
import { TAGS } from '../tags.js';
import {
  LIVE_UNIT_PRICE_CENTS,
  MonitoredEntity,
  MonitoringEntityParams,
  MonitoringOrder,
  MonitoringOrderProcessing,
  MonitoringOrderRequest,
  MonitoringRenewalRequest,
} from './schemas.js';
import {
  errorExamples as ex,
  liveCompanyPending,
  liveCompanyProcessing,
  liveSoleTraderPending,
  liveSoleTraderProcessing,
  testCompany,
  testCompanyExpired,
  testCompanyExpiredRenewed,
  testCompanyRenewed,
  testSoleTrader,
} from './examples.js';
import {
  chargedConflict,
  cardRequired,
  entityNotFound,
  forbiddenForLiveBilling,
  lookupRateLimited,
  paymentRequired,
  unavailable,
} from './errors.js';
import { linksPassing } from '../common/links.js';

const common = { tag: TAGS.monitoring, access: 'secret', family: 'api', rateLimit: 'monitoring' } as const;

/** D-41, written out once for the order and renewal descriptions. */
const PRICING = [
  "**Price.** 18.00 per entity per 12-month term (`unitPrice` 1800 cents), GST inclusive, less the plan's volume discount (D-41): Standard none; Pro, and Enterprise at Pro's rate, by the account's own lodgement count over the last 12 months: under 100 none, 100-499 5 %, 500-1,999 10 %, 2,000 or more 15 %, rounded to whole cents.",
  '`total` is `unitPrice` times the number of entities and is taken in **one card charge** for the whole request. Test keys are free (`unitPrice` 0).',
].join(' ');

/** D-43 and spec 8, for every operation that looks entities up on the register. */
const LOOKUPS =
  '**Register lookups** (D-43): 1 per row, 2 for a row with both numbers or an ABN that belongs to a company. Per minute: Standard 60 (600 while the account has a paid non-monitoring order in the last 30 days; monitoring orders do not count), Pro 600, Enterprise and invoice billing uncapped. This limit is separate from the ACN and ABN lookup helpers. A request needing more lookups than are left is refused whole with 429 `lookup_rate_limited` and `Retry-After`, before any charge.';

const ORDER_ROW_CODES =
  '`identifier_required`, `invalid_acn`, `invalid_abn` (missing number or failed checksum); `acn_not_found`, `acn_not_eligible` (company status not accepted), `arbn_not_supported`; `abn_not_found`, `abn_not_active` (cancelled), `abn_acn_mismatch` (the ABN does not belong to the ACN); `duplicate_in_request` (two rows are the same entity); `already_monitored` with the existing `entityId` (renew it instead); `stopped_with_time_remaining` (stopped with paid time left: resume it instead)';

const validationMessage = 'The request is not valid.';

export const createMonitoringEntities = defineOperation({
  ...common,
  method: 'post',
  path: '/monitoring/entities',
  operationId: 'createMonitoringEntities',
  summary: 'Start monitoring entities',
  description: [
    'Starts monitoring up to 25 companies (by ACN) or ABN holders, each for a prepaid **12-month term** starting today (Australia/Brisbane date): `expiresAt` is the same day a year on, the first day not covered.',
    '**Rows.** Each row gives `acn`, `abn` or both, and an optional `reference` (up to 100 characters). A company is keyed on its ACN: an ABN that belongs to a company is stored against it and both numbers are returned; when both are sent the register must confirm the ABN belongs to the ACN. Accepted: registered companies (including strike-off proposed and external administration) and active ABNs of any entity type. ARBNs are refused.',
    `**All or nothing.** The whole request is validated, against the registers too, before anything is charged. One bad row rejects the request with 422 \`validation_failed\` and every problem listed per row under \`entities.<index>\`; nothing is created or charged. Row codes: ${ORDER_ROW_CODES}. A malformed body (no \`entities\`, more than 25, a \`reference\` over 100 characters) is also 422 \`validation_failed\`.`,
    PRICING,
    '**Outcome.** Live key: 201 when the payment succeeded and every entity is activated (`status: active`, `monitoringStatus: pending` until the first register check completes). 202 with top-level `status: processing` when the payment was taken, or may have been, but activation is unfinished: the entities are `processing`; repeat the request with the **same** `Idempotency-Key` for the final answer. Test key: 201, free, entities `active` with `monitoringStatus: active` at once.',
    '**Limits.** 25 entities per request. Active live entities: 1,000 per account by default (422 `entity_limit` with `limit` and `active`). Sandbox entities: 1,000 per account (422 `test_entity_limit` with `limit` and `current`). ' +
      LOOKUPS,
    '**Billing.** Live ordering needs card billing and a valid card (403 `card_billing_required`, 402 `payment_method_required` / `payment_method_expired` / `payment_failed`). Free (sandbox) accounts can use test keys only (403 `sandbox_only`).',
    '**Idempotency.** Send `Idempotency-Key` (up to 255 characters) so a retry never charges twice (D-18).',
  ].join('\n\n'),
  idempotencyKey: 'optional',
  charge: { live: { cents: LIVE_UNIT_PRICE_CENTS, per: { items: 'entities' }, discount: 'D-41' }, test: 0 },
  body: {
    schema: MonitoringOrderRequest,
    description: 'Up to 25 rows; at least one of `acn` and `abn` per row.',
    examples: {
      companyAndSoleTrader: {
        summary: 'A company and a sole trader',
        value: { entities: [{ acn: '100000011', reference: 'client-0042' }, { abn: '53900000001' }] },
      },
      bothNumbers: {
        summary: 'ACN and ABN of the same company',
        value: { entities: [{ acn: '100000011', abn: '60100000011', reference: 'client-0042' }] },
      },
      abnOfCompany: { summary: "A company's ABN alone (stored against its ACN)", value: { entities: [{ abn: '60100000011' }] } },
    },
  },
  // 202 only while a live payment's activation is unfinished.
  successRule: { status: 201, processing: 202 },
  success: {
    201: {
      description: 'Every entity is monitored; `total` was charged once (0 with test keys).',
      schema: MonitoringOrder,
      examples: {
        test: {
          summary: 'Test key: free, active at once',
          value: { unitPrice: 0, total: 0, entities: [testCompany, testSoleTrader] },
        },
        live: {
          summary: 'Live key, Standard plan: 2 × 18.00',
          value: { unitPrice: 1800, total: 3600, entities: [liveCompanyPending, liveSoleTraderPending] },
        },
        liveProDiscount: {
          summary: 'Live key, Pro plan with 500-1,999 lodgements: 10 % off',
          value: { unitPrice: 1620, total: 3240, entities: [liveCompanyPending, liveSoleTraderPending] },
        },
        abnOfCompany: {
          summary: "Test key: a company's ABN alone returns both numbers",
          value: { unitPrice: 0, total: 0, entities: [{ ...testCompany, reference: null }] },
        },
      },
      // The first entity of the order stands for all of them: enough for clients (and the contract
      // runner) to chain read, events and stop on an entity just created.
      links: linksPassing(
        { id: '$response.body#/entities/0/id' },
        {
          GetEntity: { operationId: 'getMonitoringEntity', description: 'Read the first entity just ordered.' },
          ListEntityEvents: { operationId: 'listMonitoringEntityEvents', description: 'Its change events.' },
          StopEntity: { operationId: 'stopMonitoringEntity', description: 'Stop monitoring it (it stays readable, as `stopped`).' },
        },
      ),
    },
    202: {
      description:
        'Live key: the payment was taken (or may have been) but activation is unfinished. The entities are `processing`; repeat the request with the same `Idempotency-Key` for the final answer. Never retry with a new key.',
      schema: MonitoringOrderProcessing,
      examples: {
        processing: {
          summary: 'Paid, activation unfinished',
          value: { status: 'processing', unitPrice: 1800, total: 3600, entities: [liveCompanyProcessing, liveSoleTraderProcessing] },
        },
      },
    },
  },
  errors: {
    400: {
      description: '`idempotency_key_invalid`: `Idempotency-Key` is empty or over 255 characters.',
      examples: { idempotencyKeyInvalid: ex.idempotencyKeyInvalid },
    },
    402: paymentRequired,
    403: forbiddenForLiveBilling,
    409: chargedConflict,
    422: {
      description: `\`validation_failed\` with the problems of every row (\`entities.<index>\`) or of the body (\`entities\`); row codes: ${ORDER_ROW_CODES}. \`entity_limit\` (with \`limit\` and \`active\`): the order would pass the account's active live entity limit. \`test_entity_limit\` (with \`limit\` and \`current\`): the sandbox order would pass 1,000 entities. Nothing is created or charged.`,
      examples: {
        rowErrors: {
          summary: 'Every row code (sandbox magic values)',
          description:
            'Rows 9 and 10 both name ACN 100000039, so only the second is reported. Row 11 names the sandbox company already monitored as entity 501; row 12 a sole trader stopped with paid time left.',
          value: apiError('validation_failed', validationMessage, {
            errors: {
              'entities.0': [{ code: 'identifier_required', message: 'Give acn, abn or both.' }],
              'entities.1': [{ code: 'invalid_acn', message: 'ACN 100000012 fails the checksum.' }],
              'entities.2': [{ code: 'invalid_abn', message: 'ABN 53900000002 fails the checksum.' }],
              'entities.3': [{ code: 'acn_not_found', message: 'No company with ACN 100000066.' }],
              'entities.4': [
                { code: 'acn_not_eligible', message: 'ACN 100000057 is deregistered; only registered companies can be monitored.' },
              ],
              'entities.5': [
                { code: 'arbn_not_supported', message: '100000075 is an ARBN (registered foreign company); ARBNs cannot be monitored.' },
              ],
              'entities.6': [{ code: 'abn_not_found', message: 'No ABN 15900000003.' }],
              'entities.7': [{ code: 'abn_not_active', message: 'ABN 34900000002 is cancelled.' }],
              'entities.8': [{ code: 'abn_acn_mismatch', message: 'ABN 62100000020 does not belong to ACN 100000011.' }],
              'entities.10': [{ code: 'duplicate_in_request', message: 'Same entity as entities.9.' }],
              'entities.11': [
                {
                  code: 'already_monitored',
                  message: 'ACN 100000011 is already monitored as entity 501; renew it instead.',
                  entityId: 501,
                },
              ],
              'entities.12': [
                {
                  code: 'stopped_with_time_remaining',
                  message: 'ABN 53900000001 is stopped with paid time left (entity 502); resume it instead.',
                },
              ],
            },
          }),
        },
        alreadyMonitored: {
          summary: 'Already monitored',
          value: apiError('validation_failed', validationMessage, {
            errors: {
              'entities.0': [
                {
                  code: 'already_monitored',
                  message: 'ACN 100000011 is already monitored as entity 501; renew it instead.',
                  entityId: 501,
                },
              ],
            },
          }),
        },
        tooMany: {
          summary: 'More than 25 entities',
          value: apiError('validation_failed', validationMessage, {
            errors: { entities: [{ code: 'too_big', message: 'At most 25 entities per request.' }] },
          }),
        },
        missingEntities: {
          summary: 'No entities',
          value: apiError('validation_failed', validationMessage, { errors: { entities: [{ code: 'required', message: 'Required.' }] } }),
        },
        entityLimit: ex.entityLimit,
        testEntityLimit: {
          summary: 'Sandbox would pass 1,000 entities',
          value: apiError('test_entity_limit', 'This order would take the sandbox past 1,000 entities.', { limit: 1000, current: 999 }),
        },
      },
    },
    429: lookupRateLimited,
    503: unavailable(true),
  },
});

export const renewMonitoringEntities = defineOperation({
  ...common,
  method: 'post',
  path: '/monitoring/entities/renew',
  operationId: 'renewMonitoringEntities',
  summary: 'Renew monitored entities',
  description: [
    'Adds another **12-month term** to up to 25 entities of this account and environment, named by id, in one charge. `Idempotency-Key` is **required**: a renewal is charged and a retry must never charge twice (D-18).',
    '- `active`: the new term starts when the current one ends (`expiresAt` moves on 12 months). The new `expiresAt` may be at most **2 years** ahead of today (`renewal_too_far_ahead`).\n' +
      '- `expired`: the new term starts on the day of renewal; the entity becomes `active` (test key) or `processing` then `active` (live key, D-39).\n' +
      '- `stopped` with paid time left: not renewed; resume it instead (`stopped_with_time_remaining`). A stopped entity whose term has ended is `expired` and can be renewed.\n' +
      '- A company deregistered or an ABN cancelled since its last term cannot be renewed (`acn_not_eligible`, `abn_not_active`).\n' +
      '- An entity whose order or renewal is still processing: `renewal_in_progress`. Each id once (`duplicate_in_request`).',
    'If any id is not an entity of this account in this environment (or was merged into a company), the whole request is refused with a top-level 404 `not_found`. Row problems are 422 `validation_failed` keyed `ids.<index>`. Nothing is charged on any error.',
    PRICING,
    '**Outcome.** 200 with the order shape. Live key, when reactivating an expired entity is unfinished after payment: 202 with top-level `status: processing`; repeat with the same `Idempotency-Key` for the final answer. Reactivating expired entities counts against the active live entity limit (`entity_limit`). ' +
      LOOKUPS,
    '**Billing.** Live renewal needs card billing and a valid card. Free (sandbox) accounts can use test keys only (403 `sandbox_only`).',
  ].join('\n\n'),
  idempotencyKey: 'required',
  charge: { live: { cents: LIVE_UNIT_PRICE_CENTS, per: { items: 'ids' }, discount: 'D-41' }, test: 0 },
  body: {
    schema: MonitoringRenewalRequest,
    description: 'Up to 25 entity ids.',
    examples: { two: { summary: 'An active and an expired entity', value: { ids: [503, 504] } } },
  },
  // 202 only while a live renewal's reactivation is unfinished.
  successRule: { status: 200, processing: 202 },
  success: {
    200: {
      description: 'The renewed entities and the price charged once (0 with test keys).',
      schema: MonitoringOrder,
      examples: {
        test: {
          summary: 'Test key: an active entity extended and an expired one restarted',
          value: { unitPrice: 0, total: 0, entities: [testCompanyRenewed, testCompanyExpiredRenewed] },
        },
        live: {
          summary: 'Live key, Standard plan',
          value: { unitPrice: 1800, total: 1800, entities: [{ ...testCompanyRenewed, id: 7203 }] },
        },
      },
    },
    202: {
      description:
        'Live key: paid, but reactivating an expired entity is unfinished. Repeat with the same `Idempotency-Key` for the final answer.',
      schema: MonitoringOrderProcessing,
      examples: {
        processing: {
          summary: 'Expired entity paid, reactivation unfinished',
          value: {
            status: 'processing',
            unitPrice: 1800,
            total: 1800,
            entities: [
              {
                ...testCompanyExpired,
                id: 7204,
                status: 'processing',
                monitoringStatus: 'pending',
                startsAt: testCompanyExpiredRenewed.startsAt,
                expiresAt: testCompanyExpiredRenewed.expiresAt,
              },
            ],
          },
        },
      },
    },
  },
  errors: {
    400: {
      description:
        '`idempotency_key_required`: no `Idempotency-Key` header. `idempotency_key_invalid`: the key is empty or over 255 characters.',
      examples: { idempotencyKeyRequired: ex.idempotencyKeyRequired, idempotencyKeyInvalid: ex.idempotencyKeyInvalid },
    },
    402: paymentRequired,
    403: forbiddenForLiveBilling,
    404: {
      description:
        '`not_found` for the whole request: an id is not an entity of this account in this environment. Nothing is renewed or charged.',
      examples: {
        notFound: {
          summary: 'One id unknown',
          value: apiError('not_found', 'Entity 999 is not an entity of this account in this environment; nothing was renewed.'),
        },
      },
    },
    409: chargedConflict,
    422: {
      description:
        '`validation_failed` with the problems of every id (`ids.<index>`: `stopped_with_time_remaining`, `renewal_in_progress`, `renewal_too_far_ahead`, `acn_not_eligible`, `abn_not_active`, `duplicate_in_request`) or of the body (`ids` missing, empty or over 25). `entity_limit` (with `limit` and `active`): reactivating expired entities would pass the active live entity limit. Nothing is charged.',
      examples: {
        rowErrors: {
          summary: 'Every renewal row code',
          value: apiError('validation_failed', validationMessage, {
            errors: {
              'ids.0': [{ code: 'stopped_with_time_remaining', message: 'Entity 501 is stopped with paid time left; resume it instead.' }],
              'ids.1': [{ code: 'renewal_in_progress', message: 'An order or renewal of entity 7204 is still processing.' }],
              'ids.2': [
                {
                  code: 'renewal_too_far_ahead',
                  message: 'Renewing entity 503 would put its expiry past 2028-11-22, 2 years from today.',
                },
              ],
              'ids.3': [{ code: 'acn_not_eligible', message: 'ACN 100000057 (entity 505) has been deregistered since its last term.' }],
              'ids.4': [{ code: 'abn_not_active', message: 'ABN 34900000002 (entity 506) has been cancelled since its last term.' }],
              'ids.5': [{ code: 'duplicate_in_request', message: 'Same entity as ids.4.' }],
            },
          }),
        },
        malformed: {
          summary: 'More than 25 ids',
          value: apiError('validation_failed', validationMessage, {
            errors: { ids: [{ code: 'too_big', message: 'At most 25 ids per request.' }] },
          }),
        },
        entityLimit: ex.entityLimit,
      },
    },
    429: lookupRateLimited,
    503: unavailable(true),
  },
});

export const resumeMonitoringEntity = defineOperation({
  ...common,
  method: 'post',
  path: '/monitoring/entities/{id}/resume',
  operationId: 'resumeMonitoringEntity',
  summary: 'Resume a monitored entity',
  description: [
    'Resumes a `stopped` entity that still has paid time: it becomes `active` again for the rest of its term, **free**. No body.',
    'The entity is re-checked with the register first; changes made while it was stopped are not sent as events. Stopped time is not added back: `expiresAt` is unchanged.',
    'An `active` entity is returned as it is, so the call is safe to repeat. Only a stopped entity with paid time left can be resumed: anything else (an entity whose term has ended, which is `expired`) is 422 `not_resumable` (renew it instead). A company deregistered (`acn_not_eligible`) or an ABN cancelled (`abn_not_active`) since the stop cannot be resumed (top-level 422).',
    'Live resume needs card billing and a valid card, like ordering, although nothing is charged. Free (sandbox) accounts can use test keys only (403 `sandbox_only`).',
  ].join('\n\n'),
  params: MonitoringEntityParams,
  success: {
    200: {
      description: 'The entity, `active`.',
      schema: MonitoredEntity,
      examples: { resumed: { summary: 'Resumed', value: testCompany } },
    },
  },
  errors: {
    402: cardRequired,
    403: forbiddenForLiveBilling,
    404: entityNotFound,
    422: {
      description:
        '`not_resumable`: only a stopped entity with paid time left can be resumed. `acn_not_eligible` / `abn_not_active`: the company was deregistered or the ABN cancelled since the stop.',
      examples: {
        notResumable: {
          summary: 'Term has ended',
          value: apiError(
            'not_resumable',
            'Only a stopped entity with paid time left can be resumed; entity 504 has expired. Renew it instead.',
          ),
        },
        acnNotEligible: {
          summary: 'Company deregistered since the stop',
          value: apiError('acn_not_eligible', 'ACN 100000057 has been deregistered since monitoring was stopped.'),
        },
        abnNotActive: {
          summary: 'ABN cancelled since the stop',
          value: apiError('abn_not_active', 'ABN 34900000002 has been cancelled since monitoring was stopped.'),
        },
      },
    },
    429: lookupRateLimited,
    503: unavailable(false),
  },
});
