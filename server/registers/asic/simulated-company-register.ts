// The simulated ASIC register: operator overrides first, then the shipped fixtures, then the
// generated company that any other valid ACN resolves to (sandbox.md "Simulated registers").
import { isValidAcn } from '../../../schemas/common/identifiers.js';
import { companyNameLookAlikeKey, normaliseCompanyName } from './company-name.js';
import type { CompanyOverrides } from './company-overrides.js';
import type { CompanyRecord, CompanyRegister } from './company-register.js';
import { ASIC_ABSENT_ACNS, ASIC_FIXTURE_COMPANIES } from '../../../schemas/admin/register/sandbox-companies.js';
import { acnOfGeneratedName, generatedCompany } from './generated-company.js';

const FIXTURES_BY_ACN = new Map(ASIC_FIXTURE_COMPANIES.map((company) => [company.acn, company]));
/** What a company's name is compared by (D-57): its look-alike key, which identical names share too. */
const nameKey = (name: string): string => companyNameLookAlikeKey(normaliseCompanyName(name));
const FIXTURE_NAMES = ASIC_FIXTURE_COMPANIES.map((company) => ({ company, key: nameKey(company.name) }));

export function createSimulatedCompanyRegister(overrides: Pick<CompanyOverrides, 'find' | 'list' | 'findMany'>): CompanyRegister {
  /** What the register holds when no operator record exists: a fixture, nothing, or a generated company. */
  const withoutOverride = (acn: string): CompanyRecord | null => {
    const fixture = FIXTURES_BY_ACN.get(acn);
    // A copy, so a caller changing its record can never change the next request's answer.
    if (fixture) return structuredClone(fixture);
    return ASIC_ABSENT_ACNS.has(acn) ? null : generatedCompany(acn);
  };

  const findByAcn = async (acn: string): Promise<CompanyRecord | null> => {
    // A bad checksum is never a company, whatever the operator stored.
    if (!isValidAcn(acn)) return null;
    return (await overrides.find(acn)) ?? withoutOverride(acn);
  };

  const findManyByAcn = async (acns: readonly string[]): Promise<Map<string, CompanyRecord | null>> => {
    const valid = [...new Set(acns)].filter(isValidAcn);
    const stored = new Map((await overrides.findMany(valid)).map((company) => [company.acn, company]));
    return new Map(acns.map((acn) => [acn, isValidAcn(acn) ? (stored.get(acn) ?? withoutOverride(acn)) : null]));
  };

  const searchByNormalisedName = async (normalisedName: string): Promise<CompanyRecord[]> => {
    const key = companyNameLookAlikeKey(normalisedName);
    const found = new Map<string, CompanyRecord>();
    const overridden = await overrides.list();
    for (const company of overridden) {
      if (nameKey(company.name) === key) found.set(company.acn, company);
    }
    const overriddenAcns = new Set(overridden.map((company) => company.acn));
    for (const { company, key: fixtureKey } of FIXTURE_NAMES) {
      if (fixtureKey === key && !overriddenAcns.has(company.acn)) found.set(company.acn, structuredClone(company));
    }
    // Generated names are Latin: the key is what a look-alike of one reads as.
    const generatedAcn = acnOfGeneratedName(key);
    if (generatedAcn && !found.has(generatedAcn)) {
      const company = await findByAcn(generatedAcn);
      if (company && nameKey(company.name) === key) found.set(company.acn, company);
    }
    return [...found.values()].sort((a, b) => a.acn.localeCompare(b.acn));
  };

  return { findByAcn, findManyByAcn, searchByNormalisedName };
}
