// ABNs the operator API has created or changed (table `register_abns`, through the one override
// store): a row replaces the fixture or generated ABN whole; fields it leaves out take the defaults
// of `UpsertAbnRequest`.
import { z } from 'zod';
import { AbnStatus } from '../../../schemas/admin/register/index.js';
import type { Database } from '../../store/db.js';
import { registerAbns } from '../../store/schema/index.js';
import type { AbnDetails } from './abn-register.js';
import { createOverrideStore, parseOverride } from '../override-store.js';

export interface AbnOverrides {
  find(abn: string): Promise<AbnDetails | null>;
  /** The stored ABNs among these (one query for a batch of register checks). */
  findMany(abns: readonly string[]): Promise<AbnDetails[]>;
  /** Stores the whole record. */
  save(record: AbnDetails, at: Date): Promise<void>;
}

const StoredAbn = z.object({
  entityName: z.string().min(1),
  status: AbnStatus,
  entityType: z.string().min(1),
  acn: z.string().nullable().default(null),
  gstRegistered: z.boolean().default(false),
  gstDate: z.string().nullable().default(null),
  businessNames: z.array(z.string()).default([]),
});

/** The ABN of a stored row (see `parseOverride`). */
export function abnFromOverride(abn: string, record: unknown): AbnDetails {
  return { abn, ...parseOverride(StoredAbn, 'register_abns', abn, 'an ABN record', record) };
}

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
