// ABNs the operator API has created or changed (table `register_abns`, through the one override
// store): a row replaces the fixture or generated ABN whole; fields it leaves out take the defaults
// of `UpsertAbnRequest`.
import { z } from 'zod';
import { AbnStatus } from '../../../schemas/admin/register/index.js';
import type { Database } from '../../store/db.js';
import { registerAbns } from '../../store/schema/index.js';
import type { AbnDetails } from './abn-register.js';
import { createOverrideStore, recordReader, STORED_TAX_FIELDS, type OverrideStore } from '../override-store.js';

/** `find` and `findMany` by ABN, and `save` of a whole record, as the override store has them. */
export type AbnOverrides = Pick<OverrideStore<AbnDetails>, 'find' | 'findMany' | 'save'>;

const StoredAbn = z.object({
  entityName: z.string().min(1),
  status: AbnStatus,
  entityType: z.string().min(1),
  acn: z.string().nullable().default(null),
  ...STORED_TAX_FIELDS,
});

/** The ABN of a stored row. */
export const abnFromOverride: (abn: string, record: unknown) => AbnDetails = recordReader(
  'abn',
  StoredAbn,
  'register_abns',
  'an ABN record',
);

export function createAbnOverrides(db: Database): AbnOverrides {
  return createOverrideStore(db, { table: registerAbns, key: 'abn', toRecord: abnFromOverride });
}
