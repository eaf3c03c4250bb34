// The ASIC company register as the service sees it (architecture.md "registers/"). The simulated
// adapter in this folder implements the interface; a real ASIC adapter would implement the same one,
// so domain code never knows which it talks to.
import type { z } from 'zod';
import type { Company, CompanyStatus as CompanyStatusSchema } from '../../../schemas/admin/register/index.js';

export type CompanyStatus = z.infer<typeof CompanyStatusSchema>;

/**
 * A company as the register reports it: the operator API's `RegisterCompany` without `updatedAt`,
 * so a record read here and a record the operator writes have one shape.
 */
export type CompanyRecord = Omit<z.infer<typeof Company>, 'updatedAt'>;

/**
 * ASIC's type code for a registered foreign company. Such a body holds an ARBN, which uses the ACN
 * checksum, so it is found by number like a company but monitoring refuses it (`arbn_not_supported`).
 */
export const FOREIGN_COMPANY_TYPE = 'FNOS';

export function isForeignCompany(record: CompanyRecord): boolean {
  return record.entityType === FOREIGN_COMPANY_TYPE;
}

export interface CompanyRegister {
  /** The company (or registered foreign company) with this ACN or ARBN; null when there is none. */
  findByAcn(acn: string): Promise<CompanyRecord | null>;
  /** `findByAcn` for a batch (register checks read hundreds at once): every ACN asked is a key. */
  findManyByAcn(acns: readonly string[]): Promise<Map<string, CompanyRecord | null>>;
  /**
   * Every company, whatever its status, whose name normalises to `normalisedName` under the D-45
   * identical-name rules or looks like it (the same D-57 look-alike key: `АСМЕ` in Cyrillic finds
   * `ACME`). Deciding which statuses count, and telling identical from look-alike, is the caller's.
   */
  searchByNormalisedName(normalisedName: string): Promise<CompanyRecord[]>;
}
