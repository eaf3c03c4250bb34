// ABNs the operator API has created or changed (table `register_abns`). A row replaces the fixture or
// generated ABN whole; fields it leaves out take the defaults of `UpsertAbnRequest`.
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { AbnStatus } from '../../../schemas/admin/register/index.js';
import type { Database } from '../../store/db.js';
import { registerAbns } from '../../store/schema/index.js';
import type { AbnDetails } from './abn-register.js';

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

/** Rows come only from the validated operator API: one that does not parse is a bug, so say so. */
export function abnFromOverride(abn: string, record: unknown): AbnDetails {
  const parsed = StoredAbn.safeParse(record);
  if (!parsed.success) {
    throw new Error(
      `register_abns row ${abn} is not an ABN record: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return { abn, ...parsed.data };
}

export function createAbnOverrides(db: Database): AbnOverrides {
  return {
    async find(abn) {
      const [row] = await db.select().from(registerAbns).where(eq(registerAbns.abn, abn));
      return row ? abnFromOverride(row.abn, row.record) : null;
    },
    async findMany(abns) {
      if (abns.length === 0) return [];
      const rows = await db
        .select()
        .from(registerAbns)
        .where(inArray(registerAbns.abn, [...abns]));
      return rows.map((row) => abnFromOverride(row.abn, row.record));
    },
    async save(record, at) {
      const { abn, ...fields } = record;
      await db
        .insert(registerAbns)
        .values({ abn, record: fields, updatedAt: at })
        .onConflictDoUpdate({ target: registerAbns.abn, set: { record: fields, updatedAt: at } });
    },
  };
}
