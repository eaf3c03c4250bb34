// The simulated ASIC register: operator overrides first, then the shipped fixtures, then the
// generated company that any other valid ACN resolves to (sandbox.md "Simulated registers").
import { isValidAcn } from '../../../schemas/common/identifiers.js';
import { normaliseCompanyName } from './company-name.js';
import type { CompanyOverrides } from './company-overrides.js';
import type { CompanyRecord, CompanyRegister } from './company-register.js';
import { ASIC_ABSENT_ACNS, ASIC_FIXTURE_COMPANIES } from '../../../schemas/admin/register/sandbox-companies.js';
import { acnOfGeneratedName, generatedCompany } from './generated-company.js';

const FIXTURES_BY_ACN = new Map(ASIC_FIXTURE_COMPANIES.map((company) => [company.acn, company]));
const FIXTURE_NAMES = ASIC_FIXTURE_COMPANIES.map((company) => ({ company, normalised: normaliseCompanyName(company.name) }));

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
    const found = new Map<string, CompanyRecord>();
    const overridden = await overrides.list();
    for (const company of overridden) {
      if (normaliseCompanyName(company.name) === normalisedName) found.set(company.acn, company);
    }
    const overriddenAcns = new Set(overridden.map((company) => company.acn));
    for (const { company, normalised } of FIXTURE_NAMES) {
      if (normalised === normalisedName && !overriddenAcns.has(company.acn)) found.set(company.acn, structuredClone(company));
    }
    const generatedAcn = acnOfGeneratedName(normalisedName);
    if (generatedAcn && !found.has(generatedAcn)) {
      const company = await findByAcn(generatedAcn);
      if (company && normaliseCompanyName(company.name) === normalisedName) found.set(company.acn, company);
    }
    return [...found.values()].sort((a, b) => a.acn.localeCompare(b.acn));
  };

  return { findByAcn, findManyByAcn, searchByNormalisedName };
}
