// The simulated registers' stored part, written through the operator API (fixtures and generated
// records ship in code): company and ABN overrides, ASIC documents and insolvency notices. Every API
// and worker process reads these rows, so a change made through one process is seen by all.
import { sql } from 'drizzle-orm';
import { bigserial, date, index, pgTable, text, uniqueIndex, jsonb } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

/** A company created or replaced whole through the operator API; it wins over a fixture or a generated company. */
export const registerCompanies = pgTable(
  'register_companies',
  {
    acn: text('acn').primaryKey(),
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamps('updated_at').notNull(),
  },
  // "Which company holds this ABN" is asked by every ABN lookup (upsertCompany: a lookup of the ABN
  // answers with the company).
  (t) => [index('register_companies_abn_idx').on(sql`(${t.record} ->> 'abn')`)],
);

export const registerAbns = pgTable('register_abns', {
  abn: text('abn').primaryKey(),
  record: jsonb('record').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamps('updated_at').notNull(),
});

/** Documents lodged with ASIC; ids grow, so a register check reads "documents after the last one seen". */
export const registerDocuments = pgTable(
  'register_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    acn: text('acn').notNull(),
    documentType: text('document_type').notNull(),
    documentNumber: text('document_number').notNull(),
    description: text('description').notNull(),
    lodgedAt: timestamps('lodged_at').notNull(),
    createdAt: timestamps('created_at').notNull(),
  },
  (t) => [uniqueIndex('register_documents_number_idx').on(t.documentNumber), index('register_documents_acn_idx').on(t.acn, t.id)],
);

/** Published insolvency notices; a reissue (same URL again) is a new row and so a new event (spec 6.2). */
export const registerInsolvencyNotices = pgTable(
  'register_insolvency_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    acn: text('acn').notNull(),
    noticeUrl: text('notice_url').notNull(),
    appointmentDate: date('appointment_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    publishedAt: timestamps('published_at').notNull(),
  },
  (t) => [index('register_insolvency_notices_acn_idx').on(t.acn, t.id)],
);
