// The ledger: card charges and credits per account and environment.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import type { Environment } from '../../ids.js';
import { accounts } from './accounts.js';

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
    environment: text('environment').$type<Environment>().notNull(),
    createdAt: timestamps('created_at').notNull(),
  },
  (t) => [index('charges_account_idx').on(t.accountId)],
);

export type ChargeRow = typeof charges.$inferSelect;
