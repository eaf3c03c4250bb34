// Form 484 lodgements (spec 2.5, 4.6; D-35): the lodged form, its status and, once finished, the
// token of its document URL. The request id is the public id; the document number derives from it.
import { bigserial, boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, rowTimes } from './columns.js';
import type { Form484StatusValue } from '../../../schemas/form484/responses.js';
import { ownerColumns } from './owner-columns.js';

export const form484Lodgements = pgTable(
  'form484_lodgements',
  {
    requestId: bigserial('request_id', { mode: 'number' }).primaryKey(),
    ...ownerColumns(),
    status: text('status').$type<Form484StatusValue>().notNull(),
    companyName: text('company_name').notNull(),
    acn: text('acn').notNull(),
    /** The registry flag as lodged (spec 9.3); on V1 `true` also chose the test environment (D-40). */
    testTransmission: boolean('test_transmission').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Capability token of the document URL; set when the lodgement is `finished`. */
    documentToken: text('document_token'),
    finishedAt: timestamps('finished_at'),
    ...rowTimes(),
  },
  (t) => [index('form484_account_env_idx').on(t.accountId, t.environment), uniqueIndex('form484_document_token_idx').on(t.documentToken)],
);

export type Form484Row = typeof form484Lodgements.$inferSelect;
