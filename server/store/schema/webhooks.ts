// Webhook endpoints, the delivery outbox and its attempt log (spec 6, D-21..D-25).
import { bigserial, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, rowTimes } from './columns.js';
import type { Environment } from '../../ids.js';
import { ownerColumns } from './owner-columns.js';

/** Webhook endpoints belong to the API key that created them, and so to its environment (spec 2.2). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    ...ownerColumns(),
    keyId: text('key_id').notNull(),
    url: text('url').notNull(),
    eventTypes: jsonb('event_types').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * The signing secret (D-21), sealed with AES-256-GCM under SVC_SECRET_KEY (server/sealing.ts,
     * server/delivery/endpoint-secrets.ts): opened only to sign a delivery and returned only by
     * create and rotate. Never returned on read.
     */
    secretSealed: text('secret_sealed'),
    /**
     * The plaintext secret of rows written before sealing: sealed into `secret_sealed` and set to
     * null at start (and on first use). Never written any more.
     */
    secret: text('secret'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    disabledReason: text('disabled_reason'),
    /**
     * `ok` or `fail` when the URL is the built-in test receiver (D-59): delivered in-process, with
     * the signing, retries and attempt log of any delivery. Set when the URL is registered in the test
     * environment, where the service knows its own address; null for every other endpoint.
     */
    receiver: text('receiver').$type<'ok' | 'fail' | 'cli'>(),
    ...rowTimes(),
    deletedAt: timestamps('deleted_at'),
  },
  (t) => [index('webhook_endpoints_key_idx').on(t.keyId), index('webhook_endpoints_account_env_idx').on(t.accountId, t.environment)],
);

/** One row per (event, endpoint): the durable outbox. The body is stored exactly as it is sent. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    accountId: text('account_id').notNull(),
    environment: text('environment').$type<Environment>().notNull(),
    event: text('event').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: timestamps('next_attempt_at'),
    createdAt: timestamps('created_at').notNull(),
    finishedAt: timestamps('finished_at'),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id),
    attemptNumber: integer('attempt_number').notNull(),
    attemptedAt: timestamps('attempted_at').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    errorClass: text('error_class'),
  },
  (t) => [uniqueIndex('webhook_attempts_number_idx').on(t.deliveryId, t.attemptNumber)],
);

/** What the built-in test receiver got (D-59), newest kept per account; the operator API lists it. */
export const webhookReceiverRequests = pgTable(
  'webhook_receiver_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: timestamps('received_at').notNull(),
    path: text('path').$type<'ok' | 'fail'>().notNull(),
    answeredStatus: integer('answered_status').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    body: text('body').notNull(),
    /** How it arrived: delivered in-process to a registered receiver endpoint, or over HTTP (D-24). */
    via: text('via').$type<'in_process' | 'http'>().notNull(),
    /** Known for in-process deliveries; null for a request that arrived over HTTP. */
    accountId: text('account_id'),
    endpointId: text('endpoint_id'),
    deliveryId: text('delivery_id'),
  },
  (t) => [index('webhook_receiver_requests_account_idx').on(t.accountId, t.id)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookReceiverRequestRow = typeof webhookReceiverRequests.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
