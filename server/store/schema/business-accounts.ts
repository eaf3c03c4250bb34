// Business account applications (spec 2.4, 3.3; D-37) and what the simulated banking partner received.
import { sql } from 'drizzle-orm';
import { bigserial, customType, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, rowTimes } from './columns.js';
import type { Environment } from '../../ids.js';
import type { BUSINESS_ACCOUNT_STATUSES } from '../../../schemas/business-accounts/index.js';
import { ownerColumns } from './owner-columns.js';

/** Raw bytes: the application body is handed on exactly as it arrived (spec 2.4 "unchanged"). */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const businessAccountApplications = pgTable(
  'business_account_applications',
  {
    requestId: bigserial('request_id', { mode: 'number' }).primaryKey(),
    ...ownerColumns(),
    status: text('status').$type<(typeof BUSINESS_ACCOUNT_STATUSES)[number]>().notNull(),
    entityName: text('entity_name').notNull(),
    acn: text('acn'),
    abn: text('abn'),
    /** The validated application as the partner receives it (D-56: never the request's own bytes). */
    payload: bytes('payload').notNull(),
    partnerReference: text('partner_reference'),
    bsb: text('bsb'),
    accountNumber: text('account_number'),
    submittedAt: timestamps('submitted_at').notNull(),
    activatedAt: timestamps('activated_at'),
    /** Last status read that was answered (D-37: one per 15 minutes), shared by every API process. */
    lastPolledAt: timestamps('last_polled_at'),
    ...rowTimes(),
  },
  (t) => [
    index('business_accounts_account_env_idx').on(t.accountId, t.environment),
    // Spec 3.3: one open (`new` or `sent`) application per ACN and per ABN, within an account and
    // environment. The database enforces it, so concurrent submissions from any number of API
    // processes cannot create two.
    uniqueIndex('business_accounts_open_acn_idx')
      .on(t.accountId, t.environment, t.acn)
      .where(sql`${t.status} in ('new', 'sent') and ${t.acn} is not null`),
    uniqueIndex('business_accounts_open_abn_idx')
      .on(t.accountId, t.environment, t.abn)
      .where(sql`${t.status} in ('new', 'sent') and ${t.abn} is not null`),
  ],
);

/** The simulated banking partner's own records (server/registers/banking/). */
export const bankingPartnerApplications = pgTable('banking_partner_applications', {
  reference: text('reference').primaryKey(),
  environment: text('environment').$type<Environment>().notNull(),
  /** Exactly the bytes handed over (the service's serialised validated application, D-56). */
  payload: bytes('payload').notNull(),
  receivedAt: timestamps('received_at').notNull(),
});

export type BusinessAccountApplicationRow = typeof businessAccountApplications.$inferSelect;
