// Lodgements (D-36); ids are the public request ids.
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import type { Environment } from '../../ids.js';
import { accounts } from './accounts.js';

/** Lodgements other than Form 484 and business accounts (D-36); ids are the public request ids. */
export const lodgements = pgTable(
  'lodgements',
  {
    requestId: bigserial('request_id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    environment: text('environment').$type<Environment>().notNull(),
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

export type LodgementRow = typeof lodgements.$inferSelect;
