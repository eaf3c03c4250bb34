// Companies the operator API has created or changed (table `register_companies`). A row replaces the
// fixture or generated company with the same ACN whole, so fields it leaves out take the defaults
// of `UpsertCompanyRequest` rather than the fixture's values.
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CompanyStatus, RegisterAddress } from '../../../schemas/admin/register/index.js';
import type { Database } from '../../store/db.js';
import { registerCompanies } from '../../store/schema/index.js';
import type { CompanyRecord } from './company-register.js';

export interface CompanyOverrides {
  find(acn: string): Promise<CompanyRecord | null>;
  list(): Promise<CompanyRecord[]>;
  /** The stored companies among these ACNs (one query for a batch of register checks). */
  findMany(acns: readonly string[]): Promise<CompanyRecord[]>;
  /** The stored company whose record holds this ABN, if any. */
  findByAbn(abn: string): Promise<CompanyRecord | null>;
  /** `findByAbn` for a batch: the stored companies holding any of these ABNs. */
  findByAbns(abns: readonly string[]): Promise<CompanyRecord[]>;
  /** Stores the whole record; true when there was no stored record for the ACN before. */
  save(record: CompanyRecord, at: Date): Promise<boolean>;
}

const StoredCompany = z.object({
  name: z.string().min(1),
  status: CompanyStatus,
  entityType: z.string().min(1).default('APTY'),
  abn: z.string().nullable().default(null),
  address: RegisterAddress.nullable().default(null),
  gstRegistered: z.boolean().default(false),
  gstDate: z.string().nullable().default(null),
  businessNames: z.array(z.string()).default([]),
});

/**
 * Rows are written only through the validated operator API, so a row that does not parse is a bug
 * or a hand edit: fail loudly rather than answer from a record we cannot trust.
 */
export function companyFromOverride(acn: string, record: unknown): CompanyRecord {
  const parsed = StoredCompany.safeParse(record);
  if (!parsed.success) {
    throw new Error(
      `register_companies row ${acn} is not a company record: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return { acn, ...parsed.data };
}

export function createCompanyOverrides(db: Database): CompanyOverrides {
  return {
    async find(acn) {
      const [row] = await db.select().from(registerCompanies).where(eq(registerCompanies.acn, acn));
      return row ? companyFromOverride(row.acn, row.record) : null;
    },
    // The sandbox holds a handful of operator-made companies; reading them all keeps the D-45 rules
    // in one function instead of re-implementing them in SQL.
    async list() {
      const rows = await db.select().from(registerCompanies);
      return rows.map((row) => companyFromOverride(row.acn, row.record));
    },
    async findMany(acns) {
      if (acns.length === 0) return [];
      const rows = await db
        .select()
        .from(registerCompanies)
        .where(inArray(registerCompanies.acn, [...acns]));
      return rows.map((row) => companyFromOverride(row.acn, row.record));
    },
    async findByAbn(abn) {
      const [row] = await db
        .select()
        .from(registerCompanies)
        .where(sql`(${registerCompanies.record} ->> 'abn') = ${abn}`)
        .orderBy(registerCompanies.acn)
        .limit(1);
      return row ? companyFromOverride(row.acn, row.record) : null;
    },
    async findByAbns(abns) {
      if (abns.length === 0) return [];
      const rows = await db
        .select()
        .from(registerCompanies)
        .where(inArray(sql`(${registerCompanies.record} ->> 'abn')`, [...abns]))
        .orderBy(registerCompanies.acn);
      return rows.map((row) => companyFromOverride(row.acn, row.record));
    },
    async save(record, at) {
      const { acn, ...fields } = record;
      const [existing] = await db.select({ acn: registerCompanies.acn }).from(registerCompanies).where(eq(registerCompanies.acn, acn));
      await db
        .insert(registerCompanies)
        .values({ acn, record: fields, updatedAt: at })
        .onConflictDoUpdate({ target: registerCompanies.acn, set: { record: fields, updatedAt: at } });
      return !existing;
    },
  };
}
