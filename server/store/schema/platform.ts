// Cross-cutting request state: idempotency records (D-18), rate-limit counters (D-42), settings and the shared manual clock.
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import type { Environment } from '../../ids.js';

export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id').notNull(),
    environment: text('environment').$type<Environment>().notNull(),
    key: text('key').notNull(),
    operationId: text('operation_id').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').notNull(),
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    responseBody: text('response_body'),
    /** A started record whose lock passed this instant belongs to a crashed request: a retry may take it. */
    lockedUntil: timestamps('locked_until').notNull(),
    createdAt: timestamps('created_at').notNull(),
    expiresAt: timestamps('expires_at').notNull(),
  },
  (t) => [uniqueIndex('idempotency_scope_idx').on(t.accountId, t.environment, t.key), index('idempotency_expires_idx').on(t.expiresAt)],
);

export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamps('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
});

/**
 * The manual clock shared by every process on one database (one row, id 1), so an API process and a
 * worker process started with `SVC_CLOCK=manual` read one time: the API's `POST /admin/clock/advance`
 * moves it for the worker too. Unused with the real clock.
 */
export const serviceClock = pgTable('service_clock', {
  id: integer('id').primaryKey(),
  now: timestamps('now').notNull(),
});

export type IdempotencyRecordRow = typeof idempotencyRecords.$inferSelect;
