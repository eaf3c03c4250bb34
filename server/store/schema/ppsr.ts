// PPSR searches and their certificates (spec 2.3, 3.2, D-30..D-33), alert subscriptions (D-34) and
// the registrations the operator added to the simulated PPSR (`/admin/register/ppsr-registrations`).
import { bigint, bigserial, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, rowTimes } from './columns.js';
import { ownerColumns } from './owner-columns.js';

/** One row per search; request ids are the public `requestId`. */
export const ppsrSearches = pgTable(
  'ppsr_searches',
  {
    requestId: bigserial('request_id', { mode: 'number' }).primaryKey(),
    ...ownerColumns(),
    /** `new`, `processing`, `completed` or `failed` (spec 3.2). */
    status: text('status').notNull(),
    /** The validated request body, exactly one search type. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    /** Entity, search summary, registrations and NEVDIS data once completed (the `data` of 2.3 without certificates). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    failureReason: text('failure_reason'),
    /** Ledger row of the 600-cent fee, when one was charged or invoiced (D-33). */
    chargeId: text('charge_id'),
    ...rowTimes(),
  },
  (t) => [index('ppsr_searches_account_env_idx').on(t.accountId, t.environment)],
);

/** One row per certificate; each completes on its own (D-32). The PDF is made once, when it completes. */
export const ppsrCertificates = pgTable(
  'ppsr_certificates',
  {
    certificateNumber: text('certificate_number').primaryKey(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => ppsrSearches.requestId),
    position: integer('position').notNull(),
    /** `registration` or `no_registrations`. */
    kind: text('kind').notNull(),
    registrationNumber: text('registration_number'),
    status: text('status').notNull(),
    /** The finished PDF, base64 (same text on PGlite and PostgreSQL). */
    pdf: text('pdf'),
    createdAt: timestamps('created_at').notNull(),
    /** When the certificate-generation job is due: the 202's `Retry-After` counts down to it. */
    dueAt: timestamps('due_at').notNull(),
    completedAt: timestamps('completed_at'),
  },
  (t) => [index('ppsr_certificates_request_idx').on(t.requestId, t.position)],
);

/** Alert subscriptions (D-34): one per organisation number, account and environment. */
export const ppsrAlerts = pgTable(
  'ppsr_alerts',
  {
    id: text('id').primaryKey(),
    ...ownerColumns(),
    organisationNumberType: text('organisation_number_type').notNull(),
    organisationNumber: text('organisation_number').notNull(),
    createdAt: timestamps('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ppsr_alerts_scope_number_idx').on(t.accountId, t.environment, t.organisationNumberType, t.organisationNumber),
    index('ppsr_alerts_number_idx').on(t.organisationNumberType, t.organisationNumber),
  ],
);

/** Registrations the operator added to the simulated PPSR; every process's searches read them. */
export const ppsrRegistrations = pgTable(
  'ppsr_registrations',
  {
    registrationNumber: text('registration_number').primaryKey(),
    /** Order of addition: monitoring checks report registrations past the one they last saw. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    grantorNumberType: text('grantor_number_type').notNull(),
    grantorNumber: text('grantor_number').notNull(),
    /** Resolved from the company or ABN register when added, so name searches find it too. */
    grantorName: text('grantor_name').notNull(),
    collateralClass: text('collateral_class').notNull(),
    securedPartyName: text('secured_party_name').notNull(),
    registrationStart: timestamps('registration_start').notNull(),
    serialNumber: text('serial_number'),
    createdAt: timestamps('created_at').notNull(),
  },
  (t) => [
    index('ppsr_registrations_grantor_idx').on(t.grantorNumber),
    index('ppsr_registrations_serial_idx').on(t.serialNumber),
    uniqueIndex('ppsr_registrations_seq_idx').on(t.seq),
  ],
);

export type PpsrRegistrationRow = typeof ppsrRegistrations.$inferSelect;
export type PpsrSearchRow = typeof ppsrSearches.$inferSelect;
export type PpsrCertificateRow = typeof ppsrCertificates.$inferSelect;
export type PpsrAlertRow = typeof ppsrAlerts.$inferSelect;
