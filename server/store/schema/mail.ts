// The mail outbox: readable through the operator API, sent through SMTP_URL when set.
import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

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

export type MailRow = typeof mails.$inferSelect;
