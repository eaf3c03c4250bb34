// Companies the operator API has created or changed (table `register_companies`). A row replaces the
// fixture or generated company with the same ACN whole, so fields it leaves out take the defaults
// of `UpsertCompanyRequest` rather than the fixture's values.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { CompanyStatus, RegisterAddress } from '../../../schemas/admin/register.js';
import type { Database } from '../../store/db.js';
import { registerCompanies } from '../../store/schema.js';
import type { CompanyRecord } from './company-register.js';

export interface CompanyOverrides {
  find(acn: string): Promise<CompanyRecord | null>;
  list(): Promise<CompanyRecord[]>;
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
  };
}
