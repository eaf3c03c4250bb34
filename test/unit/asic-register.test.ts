// The simulated ASIC register: fixtures, the generated company of any other valid ACN, and operator
// overrides taking precedence (overrides are stood in for here; the table path is covered by the
// helpers integration tests).
import { describe, expect, it } from 'vitest';
import { isValidAcn } from '../../schemas/common/identifiers.js';
import { normaliseCompanyName } from '../../server/registers/asic/company-name.js';
import { companyFromOverride, type CompanyOverrides } from '../../server/registers/asic/company-overrides.js';
import { isForeignCompany, type CompanyRecord } from '../../server/registers/asic/company-register.js';
import { ASIC_ABSENT_ACNS, ASIC_FIXTURE_COMPANIES } from '../../schemas/admin/register/sandbox-companies.js';
import { acnOfGeneratedName, generatedCompanyName } from '../../server/registers/asic/generated-company.js';
import { createSimulatedCompanyRegister } from '../../server/registers/asic/simulated-company-register.js';

function overridesOf(records: CompanyRecord[] = []): Pick<CompanyOverrides, 'find' | 'list' | 'findMany'> {
  return {
    find: async (acn) => records.find((record) => record.acn === acn) ?? null,
    list: async () => records,
    findMany: async (acns) => records.filter((record) => acns.includes(record.acn)),
  };
}

const register = createSimulatedCompanyRegister(overridesOf());

describe('ASIC fixtures', () => {
  it('are valid, distinct ACNs with names in register form', () => {
    const acns = ASIC_FIXTURE_COMPANIES.map((company) => company.acn);
    expect(new Set(acns).size).toBe(acns.length);
    for (const company of ASIC_FIXTURE_COMPANIES) {
      expect(isValidAcn(company.acn), company.acn).toBe(true);
      expect(company.name).toBe(company.name.toUpperCase());
    }
    for (const acn of ASIC_ABSENT_ACNS) expect(isValidAcn(acn)).toBe(true);
  });

  it('give the sandbox table (sandbox.md "Companies and ABNs")', async () => {
    expect(await register.findByAcn('100000011')).toMatchObject({
      name: 'SANDBOX TRADING PTY LTD',
      status: 'registered',
      abn: '60100000011',
      gstRegistered: true,
      businessNames: ['SANDBOX COFFEE'],
    });
    expect(await register.findByAcn('100000020')).toMatchObject({ status: 'registered', abn: null });
    expect((await register.findByAcn('100000039'))?.status).toBe('strike_off_proposed');
    expect((await register.findByAcn('100000048'))?.status).toBe('external_administration');
    expect((await register.findByAcn('100000057'))?.status).toBe('deregistered');
    expect(await register.findByAcn('100000066')).toBeNull();
    const arbn = await register.findByAcn('100000075');
    expect(arbn && isForeignCompany(arbn)).toBe(true);
  });

  it('hand out copies, so changing a record cannot change the next answer', async () => {
    const first = await register.findByAcn('100000011');
    first?.businessNames.push('CHANGED');
    expect((await register.findByAcn('100000011'))?.businessNames).toEqual(['SANDBOX COFFEE']);
  });
});

describe('generated companies', () => {
  it('exist for any other valid ACN, named after the number', async () => {
    expect(await register.findByAcn('123456780')).toEqual({
      acn: '123456780',
      name: 'COMPANY 123 456 780 PTY LTD',
      status: 'registered',
      entityType: 'APTY',
      abn: null,
      address: null,
      gstRegistered: false,
      gstDate: null,
      businessNames: [],
    });
  });

  it('do not exist for a bad checksum', async () => {
    expect(await register.findByAcn('123456789')).toBeNull();
    expect(await register.findByAcn('12345678')).toBeNull();
  });

  it('have names that lead back to their number', () => {
    expect(acnOfGeneratedName(normaliseCompanyName(generatedCompanyName('004085616')))).toBe('004085616');
    expect(acnOfGeneratedName('SANDBOX TRADING PTY LTD')).toBeNull();
  });
});

describe('searchByNormalisedName', () => {
  it('finds fixtures under the D-45 rules, whatever their status', async () => {
    expect((await register.searchByNormalisedName('SMITH AND JONES PTY LTD')).map((c) => c.acn)).toEqual(['100000093']);
    expect((await register.searchByNormalisedName('SANDBOX DEREGISTERED PTY LTD')).map((c) => c.status)).toEqual(['deregistered']);
    expect(await register.searchByNormalisedName('HARBOUR LIGHTS PTY LTD')).toEqual([]);
  });

  it('finds a generated company by its generated name', async () => {
    expect((await register.searchByNormalisedName('COMPANY 123 456 780 PTY LTD')).map((c) => c.acn)).toEqual(['123456780']);
    expect(await register.searchByNormalisedName('COMPANY 123 456 789 PTY LTD')).toEqual([]);
    expect(await register.searchByNormalisedName('COMPANY 100 000 066 PTY LTD')).toEqual([]);
  });
});

describe('operator overrides', () => {
  const renamed = companyFromOverride('100000011', { name: 'SANDBOX HOLDINGS PTY LTD', status: 'registered' });
  const taken = companyFromOverride('123456780', { name: 'Harbour Lights Pty Ltd', status: 'registered' });
  const overridden = createSimulatedCompanyRegister(overridesOf([renamed, taken]));

  it('replace the fixture or generated company whole, with the upsert defaults', async () => {
    expect(await overridden.findByAcn('100000011')).toEqual({
      acn: '100000011',
      name: 'SANDBOX HOLDINGS PTY LTD',
      status: 'registered',
      entityType: 'APTY',
      abn: null,
      address: null,
      gstRegistered: false,
      gstDate: null,
      businessNames: [],
    });
  });

  it('move names: the old one is free, the new one is found', async () => {
    expect(await overridden.searchByNormalisedName('SANDBOX TRADING PTY LTD')).toEqual([]);
    expect((await overridden.searchByNormalisedName('SANDBOX HOLDINGS PTY LTD')).map((c) => c.acn)).toEqual(['100000011']);
    expect((await overridden.searchByNormalisedName('HARBOUR LIGHTS PTY LTD')).map((c) => c.acn)).toEqual(['123456780']);
    expect(await overridden.searchByNormalisedName('COMPANY 123 456 780 PTY LTD')).toEqual([]);
  });

  it('refuse a stored record that is not a company', () => {
    expect(() => companyFromOverride('100000011', { name: 'X PTY LTD', status: 'dissolved' })).toThrow(/register_companies row 100000011/);
    expect(() => companyFromOverride('100000011', { status: 'registered' })).toThrow(/name/);
  });
});

describe('batch lookups', () => {
  it('answer each ACN as findByAcn does (overrides, fixtures, generated, absent, bad checksum)', async () => {
    const renamed: CompanyRecord = { ...ASIC_FIXTURE_COMPANIES[0]!, name: 'RENAMED PTY LTD' };
    const overridden = createSimulatedCompanyRegister(overridesOf([renamed]));
    const acns = ['100000011', '100000020', '100000066', '123456780', '100000012', '100000075'];
    const batch = await overridden.findManyByAcn(acns);
    expect([...batch.keys()]).toStrictEqual(acns);
    for (const acn of acns) expect(batch.get(acn), acn).toStrictEqual(await overridden.findByAcn(acn));
    expect(batch.get('100000011')?.name).toBe('RENAMED PTY LTD');
    expect(batch.get('100000066')).toBeNull();
  });
});
