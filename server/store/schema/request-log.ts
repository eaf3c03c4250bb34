// The request log (D-51): the public API requests of each account, newest kept, for the operator API
// and the sandbox console. Written in batches off the request path (store/request-log.ts).
import { bigserial, boolean, index, integer, jsonb, pgTable, real, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import type { Environment } from '../../ids.js';

export const requestLog = pgTable(
  'request_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Not a reference: an entry is written after its answer, and must never fail for a row it names. */
    accountId: text('account_id').notNull(),
    environment: text('environment').$type<Environment>().notNull(),
    requestId: text('request_id').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** The query string as sent, without `?`; empty for live entries (D-51 keeps only method, path, status, time and id). */
    query: text('query').notNull(),
    status: integer('status').notNull(),
    durationMs: real('duration_ms').notNull(),
    operationId: text('operation_id'),
    keyId: text('key_id'),
    idempotencyKey: text('idempotency_key'),
    replayed: boolean('replayed').notNull(),
    /** False for live entries: no headers and no bodies are kept. */
    bodiesKept: boolean('bodies_kept').notNull(),
    /** Selected request headers (never Authorization or X-Auth-SVC). */
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>(),
    /** Redacted JSON text; a JSON string when the body was not JSON, or was cut (then `..._truncated`). */
    requestBody: text('request_body'),
    requestBodyTruncated: boolean('request_body_truncated').notNull().default(false),
    responseBody: text('response_body'),
    responseBodyTruncated: boolean('response_body_truncated').notNull().default(false),
    createdAt: timestamps('created_at').notNull(),
  },
  (t) => [
    index('request_log_account_idx').on(t.accountId, t.environment, t.id),
    index('request_log_request_id_idx').on(t.accountId, t.requestId),
  ],
);

export type RequestLogRow = typeof requestLog.$inferSelect;
export type NewRequestLogRow = typeof requestLog.$inferInsert;
