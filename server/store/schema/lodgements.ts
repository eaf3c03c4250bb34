// Lodgements (D-36); ids are the public request ids.
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { rowTimes } from './columns.js';
import { ownerColumns } from './owner-columns.js';

/** Lodgements other than Form 484 and business accounts (D-36); ids are the public request ids. */
export const lodgements = pgTable(
  'lodgements',
  {
    requestId: bigserial('request_id', { mode: 'number' }).primaryKey(),
    ...ownerColumns(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    entityName: text('entity_name'),
    acn: text('acn'),
    abn: text('abn'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    ...rowTimes(),
  },
  (t) => [index('lodgements_account_env_idx').on(t.accountId, t.environment)],
);

export type LodgementRow = typeof lodgements.$inferSelect;
