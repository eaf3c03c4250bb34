// The ledger: card charges and credits per account and environment.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { ownerColumns } from './owner-columns.js';

export const charges = pgTable(
  'charges',
  {
    id: text('id').primaryKey(),
    ...ownerColumns(),
    amount: integer('amount').notNull(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    createdAt: timestamps('created_at').notNull(),
  },
  (t) => [index('charges_account_idx').on(t.accountId)],
);

export type ChargeRow = typeof charges.$inferSelect;
