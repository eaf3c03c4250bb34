// Reading and stopping monitored entities (spec 3.4, 4.5; D-38). These keep working after card
// billing ends, so they never answer 402 or `card_billing_required`.
import { apiError } from '../common/errors.js';
import { defineOperation } from '../common/operation.js';
import { TAGS } from '../tags.js';
import { EntityList, ListMonitoringEntitiesQuery, MonitoredEntity, MonitoringEntityParams } from './schemas.js';
import { entityListExample, liveCompanyProcessing, page, testCompany, testCompanyExpired, testCompanyStopped } from './examples.js';
import { badListQuery, entityNotFound, forbiddenForReads } from './errors.js';
import { validationExample } from '../common/validation-example.js';

const common = { tag: TAGS.monitoring, access: 'secret', family: 'api', rateLimit: 'monitoring' } as const;

const READS_AFTER_BILLING = 'Works on any account that has entities, even after the card expires or card billing ends.';

export const listMonitoringEntities = defineOperation({
  ...common,
  method: 'get',
  path: '/monitoring/entities',
  operationId: 'listMonitoringEntities',
  summary: 'List monitored entities',
  description: [
    'Lists the entities of this account in this environment, in `id` order, 25 per page by default (at most 100, D-38).',
    'Filters combine: `status` (`processing`, `active`, `stopped`, `expired`), `acn`, `abn`, and `expiresBefore` (entities whose `expiresAt`, an Australia/Brisbane date, is earlier than the given date; useful to find terms to renew).',
    READS_AFTER_BILLING,
  ].join('\n\n'),
  query: ListMonitoringEntitiesQuery,
  success: {
    200: {
      description: 'A page of entities.',
      schema: EntityList,
      examples: {
        all: { summary: 'Two active sandbox entities', value: entityListExample },
        stopped: { summary: '`status=stopped`', value: page([testCompanyStopped]) },
        empty: { summary: 'Nothing matches', value: { data: [], meta: { currentPage: 1, perPage: 25, total: 0, lastPage: 1 } } },
      },
    },
  },
  errors: {
    403: forbiddenForReads,
    422: {
      ...badListQuery,
      examples: {
        ...badListQuery.examples,
        badFilters: validationExample('Unknown status and a bad date', {
          status: [{ code: 'invalid_enum', message: 'Must be one of processing, active, stopped, expired.' }],
          expiresBefore: [{ code: 'invalid_date', message: 'Must be a date YYYY-MM-DD.' }],
        }),
      },
    },
  },
});

export const getMonitoringEntity = defineOperation({
  ...common,
  method: 'get',
  path: '/monitoring/entities/{id}',
  operationId: 'getMonitoringEntity',
  summary: 'Get a monitored entity',
  description: [
    'Returns one entity. Register details (`entityStatus`, `entityType`, `gstRegistered`, `gstDate`, `businessNames`) are shown only while it is `active`; `daysRemaining` counts only while `active`.',
    'An ABN entity merged into the company it belongs to (the company receives its remaining paid days, up to 2 years ahead) answers 404 from then on; read the company entity instead.',
    READS_AFTER_BILLING,
  ].join('\n\n'),
  params: MonitoringEntityParams,
  success: {
    200: {
      description: 'The entity.',
      schema: MonitoredEntity,
      examples: {
        active: { summary: 'Active sandbox company', value: testCompany },
        processing: { summary: 'Live entity still being activated', value: liveCompanyProcessing },
        expired: { summary: 'Expired: register details hidden', value: testCompanyExpired },
      },
    },
  },
  errors: { 403: forbiddenForReads, 404: entityNotFound },
});

export const stopMonitoringEntity = defineOperation({
  ...common,
  method: 'delete',
  path: '/monitoring/entities/{id}',
  operationId: 'stopMonitoringEntity',
  summary: 'Stop monitoring an entity',
  description: [
    'Stops an `active` entity early: it becomes `stopped` (`monitoringStatus: inactive`) and its webhooks stop at once. The paid term keeps running and nothing is refunded; resuming later (`POST /monitoring/entities/{id}/resume`, free) restores it until the same `expiresAt`; stopped time is not added back. A stopped entity reaching its end date becomes `expired` silently, with no webhook.',
    'Safe to repeat: a `stopped` or `expired` entity is returned as it is. Refused with 409 `order_processing` while an order or renewal of the entity is processing.',
    READS_AFTER_BILLING,
  ].join('\n\n'),
  params: MonitoringEntityParams,
  success: {
    200: {
      description: 'The entity, `stopped` (or as it was, when already stopped or expired).',
      schema: MonitoredEntity,
      examples: {
        stopped: { summary: 'Stopped', value: testCompanyStopped },
        alreadyExpired: { summary: 'Already expired: returned as is', value: testCompanyExpired },
      },
    },
  },
  errors: {
    403: forbiddenForReads,
    404: entityNotFound,
    409: {
      description: '`order_processing`: an order or renewal of this entity is still processing; try again when it has finished.',
      examples: {
        orderProcessing: {
          summary: 'Order still processing',
          value: apiError('order_processing', 'Entity 7201 cannot be stopped while its order or renewal is processing.'),
        },
      },
    },
  },
});
