// Companies the operator API has created or changed (table `register_companies`, through the one
// override store): fields a row leaves out take the defaults of `UpsertCompanyRequest`.
import { z } from 'zod';
import { CompanyStatus, RegisterAddress } from '../../../schemas/admin/register/index.js';
import type { Database } from '../../store/db.js';
import { registerCompanies } from '../../store/schema/index.js';
import type { CompanyRecord } from './company-register.js';
import { createOverrideStore, recordReader, STORED_TAX_FIELDS, type OverrideStore } from '../override-store.js';

/** `find`, `list`, `findMany` by ACN and `save` of a whole record as the override store has them; lookups by ABN. */
export interface CompanyOverrides extends Pick<OverrideStore<CompanyRecord>, 'find' | 'list' | 'findMany' | 'save'> {
  /** The stored company whose record holds this ABN, if any. */
  findByAbn(abn: string): Promise<CompanyRecord | null>;
  /** `findByAbn` for a batch: the stored companies holding any of these ABNs. */
  findByAbns(abns: readonly string[]): Promise<CompanyRecord[]>;
}

const StoredCompany = z.object({
  name: z.string().min(1),
  status: CompanyStatus,
  entityType: z.string().min(1).default('APTY'),
  abn: z.string().nullable().default(null),
  address: RegisterAddress.nullable().default(null),
  ...STORED_TAX_FIELDS,
});

/** The company of a stored row. */
export const companyFromOverride: (acn: string, record: unknown) => CompanyRecord = recordReader(
  'acn',
  StoredCompany,
  'register_companies',
  'a company record',
);

export function createCompanyOverrides(db: Database): CompanyOverrides {
  const store = createOverrideStore(db, { table: registerCompanies, key: 'acn', toRecord: companyFromOverride });
  return {
    ...store,
    findByAbn: async (abn) => (await store.findBy('abn', [abn]))[0] ?? null,
    findByAbns: (abns) => store.findBy('abn', abns),
  };
}
