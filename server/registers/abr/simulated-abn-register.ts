// The simulated ABR: operator overrides first, then the ABN of an operator-made company (so
// `upsertCompany` with an `abn` makes a lookup of that ABN answer with the company), then the shipped
// fixtures, then the generated ABN that any other valid number resolves to (sandbox.md "Simulated
// registers").
import { isValidAbn } from '../../../schemas/common/identifiers.js';
import type { CompanyOverrides } from '../asic/company-overrides.js';
import type { CompanyRecord } from '../asic/company-register.js';
import type { AbnOverrides } from './abn-overrides.js';
import type { AbnDetails, AbnRegister } from './abn-register.js';
import { ABR_ABSENT_ABNS, ABR_FIXTURE_ABNS } from '../../../schemas/admin/register/sandbox-abns.js';
import { generatedAbn } from './generated-abn.js';

const FIXTURES_BY_ABN = new Map(ABR_FIXTURE_ABNS.map((record) => [record.abn, record]));

/** How the ABR shows a company's ABN: the company's name, GST and business names; cancelled once it is deregistered. */
export function abnOfCompany(abn: string, company: CompanyRecord): AbnDetails {
  return {
    abn,
    entityName: company.name,
    status: company.status === 'deregistered' ? 'cancelled' : 'active',
    entityType: company.entityType === 'APUB' ? 'PUB' : 'PRV',
    acn: company.acn,
    gstRegistered: company.gstRegistered,
    gstDate: company.gstDate,
    businessNames: [...company.businessNames],
  };
}

type CompaniesByAbn = Pick<CompanyOverrides, 'findByAbn' | 'findByAbns'>;

const noCompanies: CompaniesByAbn = { findByAbn: async () => null, findByAbns: async () => [] };

export function createSimulatedAbnRegister(
  overrides: Pick<AbnOverrides, 'find' | 'findMany'>,
  companies: CompaniesByAbn = noCompanies,
): AbnRegister {
  const fromFixtures = (abn: string): AbnDetails | null => {
    const fixture = FIXTURES_BY_ABN.get(abn);
    // A copy, so a caller changing its record can never change the next request's answer.
    if (fixture) return structuredClone(fixture);
    return ABR_ABSENT_ABNS.has(abn) ? null : generatedAbn(abn);
  };

  const withoutOverride = async (abn: string): Promise<AbnDetails | null> => {
    const company = await companies.findByAbn(abn);
    return company ? abnOfCompany(abn, company) : fromFixtures(abn);
  };

  return {
    async findByAbn(abn) {
      if (!isValidAbn(abn)) return null;
      return (await overrides.find(abn)) ?? withoutOverride(abn);
    },
    async findManyByAbn(abns) {
      const valid = [...new Set(abns)].filter(isValidAbn);
      const stored = new Map((await overrides.findMany(valid)).map((record) => [record.abn, record]));
      const held = new Map<string, CompanyRecord>();
      for (const company of await companies.findByAbns(valid.filter((abn) => !stored.has(abn)))) {
        if (company.abn && !held.has(company.abn)) held.set(company.abn, company);
      }
      const answer = (abn: string): AbnDetails | null => {
        if (!isValidAbn(abn)) return null;
        const company = held.get(abn);
        return stored.get(abn) ?? (company ? abnOfCompany(abn, company) : fromFixtures(abn));
      };
      return new Map(abns.map((abn) => [abn, answer(abn)]));
    },
  };
}
