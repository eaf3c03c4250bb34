// Command-line listen sessions (D-78, D-79): a session is a webhook endpoint whose transport is "the
// CLI collects"; these tables hold its device name and the attempts waiting for, or leased to, the CLI.
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { rowTimes, timestamps } from './columns.js';
import { ownerColumns } from './owner-columns.js';
import { webhookDeliveries, webhookEndpoints } from './webhooks.js';

/** One per account, environment and device name; `id` is also the id of its webhook endpoint row. */
export const listenSessions = pgTable(
  'listen_sessions',
  {
    id: text('id')
      .primaryKey()
      .references(() => webhookEndpoints.id),
    ...ownerColumns(),
    deviceName: text('device_name').notNull(),
    ...rowTimes(),
  },
  (t) => [uniqueIndex('listen_sessions_device_idx').on(t.accountId, t.environment, t.deviceName)],
);

/**
 * One automatic or manual attempt of a delivery to a session, held until the CLI collects it, then
 * leased until it reports the local answer. Closed when reported or when it timed out (D-79); the
 * attempt log row (`webhook_attempts`) is written then, with the number reserved when it was held.
 */
export const listenAttempts = pgTable(
  'listen_attempts',
  {
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => listenSessions.id),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id),
    attemptNumber: integer('attempt_number').notNull(),
    /** The delivery job's step and kind, so the outcome continues its schedule (server/delivery/delivery.ts). */
    step: integer('step').notNull(),
    dueAt: timestamps('due_at'),
    manual: boolean('manual').notNull(),
    reopened: boolean('reopened').notNull(),
    heldAt: timestamps('held_at').notNull(),
    collectedAt: timestamps('collected_at'),
    leasedUntil: timestamps('leased_until'),
    closedAt: timestamps('closed_at'),
  },
  (t) => [index('listen_attempts_open_idx').on(t.sessionId, t.closedAt, t.heldAt)],
);

export type ListenSessionRow = typeof listenSessions.$inferSelect;
export type ListenAttemptRow = typeof listenAttempts.$inferSelect;
