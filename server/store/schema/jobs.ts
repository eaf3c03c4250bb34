// The durable job queue: rows claimed with FOR UPDATE SKIP LOCKED under a lease.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

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
    /**
     * Jobs of one group share a concurrency bound: a worker claims at most so many of a group at once
     * (a webhook delivery's group is its endpoint, so one receiver never gets more than the bound).
     */
    groupKey: text('group_key'),
    createdAt: timestamps('created_at').notNull(),
    finishedAt: timestamps('finished_at'),
  },
  // A claim reads the oldest claimable jobs in (run_at, id) order straight off this index: jobs queued
  // at one instant (a burst on the manual clock) share run_at, and without id in the index a claim
  // sorted every one of them (server/jobs/queue.ts).
  (t) => [index('jobs_claim_order_idx').on(t.state, t.runAt, t.id), uniqueIndex('jobs_unique_key_idx').on(t.uniqueKey)],
);

export type JobRow = typeof jobs.$inferSelect;
