// Drizzle schema: the tables of the server core. Migrations in ./migrations are generated from this
// file by `npm run db:generate` (drizzle-kit) and applied at start on PGlite and PostgreSQL alike.
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const timestamps = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  ownerEmail: text('owner_email').notNull(),
  plan: text('plan').notNull(),
  billing: text('billing').notNull(),
  cardStatus: text('card_status').notNull(),
  monitoringAvailable: boolean('monitoring_available').notNull().default(true),
  locked: boolean('locked').notNull().default(false),
  lodgementCount: integer('lodgement_count').notNull().default(0),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: timestamps('created_at').notNull(),
});

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    type: text('type').notNull(),
    environment: text('environment').notNull(),
    /** SHA-256 of the full key (D-02): the key itself is never stored. */
    keyHash: text('key_hash').notNull(),
    last4: text('last4').notNull(),
    status: text('status').notNull(),
    domains: jsonb('domains')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamps('created_at').notNull(),
    /** Set by a delayed roll: the key stops working at this instant (D-05). */
    expiresAt: timestamps('expires_at'),
    revokedAt: timestamps('revoked_at'),
    rolledToKeyId: text('rolled_to_key_id'),
  },
  (t) => [uniqueIndex('api_keys_key_hash_idx').on(t.keyHash), index('api_keys_account_idx').on(t.accountId)],
);

export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamps('created_at').notNull(),
  },
  (t) => [uniqueIndex('pat_token_hash_idx').on(t.tokenHash)],
);

export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id').notNull(),
    environment: text('environment').notNull(),
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

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    runAt: timestamps('run_at').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    leaseUntil: timestamps('lease_until'),
    lastError: text('last_error'),
    /** Recurring jobs keep one pending row per name: the unique key stops duplicates across processes. */
    uniqueKey: text('unique_key'),
    createdAt: timestamps('created_at').notNull(),
    finishedAt: timestamps('finished_at'),
  },
  (t) => [index('jobs_due_idx').on(t.state, t.runAt), uniqueIndex('jobs_unique_key_idx').on(t.uniqueKey)],
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

export const charges = pgTable(
  'charges',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    amount: integer('amount').notNull(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    environment: text('environment').notNull(),
    createdAt: timestamps('created_at').notNull(),
  },
  (t) => [index('charges_account_idx').on(t.accountId)],
);

export const mails = pgTable(
  'mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamps('created_at').notNull(),
    sentAt: timestamps('sent_at'),
  },
  (t) => [index('mails_account_idx').on(t.accountId)],
);

/** Simulated register overrides and additions made through the operator API (fixtures ship in code). */
export const registerCompanies = pgTable('register_companies', {
  acn: text('acn').primaryKey(),
  record: jsonb('record').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamps('updated_at').notNull(),
});

export const registerAbns = pgTable('register_abns', {
  abn: text('abn').primaryKey(),
  record: jsonb('record').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamps('updated_at').notNull(),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
});

/** Webhook endpoints belong to the API key that created them, and so to its environment (spec 2.2). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    keyId: text('key_id').notNull(),
    environment: text('environment').notNull(),
    url: text('url').notNull(),
    eventTypes: jsonb('event_types').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Kept so it can sign (D-21); never returned on read. */
    secret: text('secret').notNull(),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    disabledReason: text('disabled_reason'),
    createdAt: timestamps('created_at').notNull(),
    updatedAt: timestamps('updated_at').notNull(),
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
    environment: text('environment').notNull(),
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

/** Lodgements other than Form 484 and business accounts (D-36); ids are the public request ids. */
export const lodgements = pgTable(
  'lodgements',
  {
    requestId: bigserial('request_id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    environment: text('environment').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    entityName: text('entity_name'),
    acn: text('acn'),
    abn: text('abn'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    createdAt: timestamps('created_at').notNull(),
    updatedAt: timestamps('updated_at').notNull(),
  },
  (t) => [index('lodgements_account_env_idx').on(t.accountId, t.environment)],
);

/**
 * The manual clock shared by every process on one database (one row, id 1), so an API process and a
 * worker process started with `SVC_CLOCK=manual` read one time: the API's `POST /admin/clock/advance`
 * moves it for the worker too. Unused with the real clock.
 */
export const serviceClock = pgTable('service_clock', {
  id: integer('id').primaryKey(),
  now: timestamps('now').notNull(),
});
