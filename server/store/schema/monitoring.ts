// Entity monitoring (spec 2.6, 2.7, 3.4, 3.5; D-39, D-41..D-43): monitored entities, their events, the
// orders that charged for them and the per-minute register lookup budgets.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, rowTimes } from './columns.js';
import { ownerColumns } from './owner-columns.js';
import type { RegisterSnapshot } from './register-snapshot.js';

/**
 * One monitored company (keyed on its ACN) or ABN holder of one account and environment. `register`
 * is the last register state a completed check saw (null until the first one), which the next check
 * compares with; `checkRound` names the check run that last looked at the row, so a run that dies
 * half-way resumes with the rows it has not marked.
 */
export const monitoredEntities = pgTable(
  'monitored_entities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...ownerColumns(),
    acn: text('acn'),
    abn: text('abn'),
    entityName: text('entity_name').notNull(),
    reference: text('reference'),
    status: text('status').notNull(),
    monitoringStatus: text('monitoring_status').notNull(),
    startsAt: date('starts_at', { mode: 'string' }).notNull(),
    expiresAt: date('expires_at', { mode: 'string' }).notNull(),
    register: jsonb('register').$type<RegisterSnapshot>(),
    /** Sandbox `simulate: deregistered`: the entity's own register status, for good (spec 3.4). */
    simulatedStatus: text('simulated_status'),
    lastEventAt: timestamps('last_event_at'),
    /** The ACN entity an ABN entity of the same company was merged into; the id then answers 404. */
    mergedInto: bigint('merged_into', { mode: 'number' }),
    /** The processing order or renewal that holds this entity, if any. */
    orderId: bigint('order_id', { mode: 'number' }),
    checkRound: text('check_round'),
    setupAttempts: integer('setup_attempts').notNull().default(0),
    /** The `expiresAt` a 30-day (7-day) warning was last sent for, so each term warns once. */
    warned30For: date('warned_30_for', { mode: 'string' }),
    warned7For: date('warned_7_for', { mode: 'string' }),
    ...rowTimes(),
  },
  (t) => [
    // One entity per company and per company-less ABN in an account and environment, also under
    // concurrent orders from several API processes.
    uniqueIndex('monitored_entities_acn_idx')
      .on(t.accountId, t.environment, t.acn)
      .where(sql`${t.acn} is not null and ${t.mergedInto} is null`),
    uniqueIndex('monitored_entities_abn_idx')
      .on(t.accountId, t.environment, t.abn)
      .where(sql`${t.acn} is null and ${t.abn} is not null and ${t.mergedInto} is null`),
    index('monitored_entities_scope_idx').on(t.accountId, t.environment, t.id),
    index('monitored_entities_status_idx').on(t.status, t.id),
    index('monitored_entities_expiry_idx').on(t.status, t.expiresAt),
  ],
);

/** Detected (or simulated) changes; ids grow in the order events are stored (`since` relies on it). */
export const monitoringEvents = pgTable(
  'monitoring_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entityId: bigint('entity_id', { mode: 'number' }).notNull(),
    accountId: text('account_id').notNull(),
    environment: text('environment').notNull(),
    eventType: text('event_type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }),
    source: text('source'),
    metadata: jsonb('metadata')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    simulated: boolean('simulated').notNull().default(false),
    detectedAt: timestamps('detected_at').notNull(),
  },
  (t) => [
    index('monitoring_events_scope_idx').on(t.accountId, t.environment, t.id),
    index('monitoring_events_entity_idx').on(t.entityId, t.detectedAt, t.id),
  ],
);

/**
 * An order or renewal. `processing` from the moment its entities are reserved until they are paid
 * for and active; at most one processing order per account and environment (`order_in_progress`).
 */
export const monitoringOrders = pgTable(
  'monitoring_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...ownerColumns(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    unitPrice: integer('unit_price').notNull(),
    total: integer('total').notNull(),
    /** The entities of the answer, in request order. */
    entityIds: jsonb('entity_ids').$type<number[]>().notNull(),
    chargeId: text('charge_id'),
    createdAt: timestamps('created_at').notNull(),
    finishedAt: timestamps('finished_at'),
  },
  (t) => [
    uniqueIndex('monitoring_orders_processing_idx')
      .on(t.accountId, t.environment)
      .where(sql`${t.status} = 'processing'`),
  ],
);

/** D-43: register lookups used per account, environment and one-minute window of the service clock. */
export const monitoringLookups = pgTable(
  'monitoring_lookups',
  {
    accountId: text('account_id').notNull(),
    environment: text('environment').notNull(),
    windowStart: timestamps('window_start').notNull(),
    used: integer('used').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.environment, t.windowStart] })],
);

export type MonitoredEntityRow = typeof monitoredEntities.$inferSelect;
export type MonitoringEventRow = typeof monitoringEvents.$inferSelect;
