// ABNs the operator API has created or changed (table `register_abns`, through the one override
// store): a row replaces the fixture or generated ABN whole; fields it leaves out take the defaults
// of `UpsertAbnRequest`.
import { z } from 'zod';
import { AbnStatus } from '../../../schemas/admin/register/index.js';
import type { Database } from '../../store/db.js';
import { registerAbns } from '../../store/schema/index.js';
import type { AbnDetails } from './abn-register.js';
import { createOverrideStore, recordReader, STORED_TAX_FIELDS, type OverrideStore } from '../override-store.js';

/** `find` and `findMany` by ABN as the override store has them; `save` takes the whole record. */
export interface AbnOverrides extends Pick<OverrideStore<AbnDetails>, 'find' | 'findMany'> {
  save(record: AbnDetails, at: Date): Promise<void>;
}

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
  const store = createOverrideStore(db, { table: registerAbns, toRecord: abnFromOverride });
  return {
    find: (abn) => store.find(abn),
    findMany: (abns) => store.findMany(abns),
    save: async ({ abn, ...fields }, at) => {
      await store.save(abn, fields, at);
    },
  };
}
