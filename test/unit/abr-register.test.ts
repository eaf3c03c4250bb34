// The simulated ABR: the sandbox's magic ABNs, the generated ABN of any other valid number, and
// operator overrides taking precedence.
import { describe, expect, it } from 'vitest';
import { isValidAbn } from '../../schemas/common/identifiers.js';
import { abnFromOverride, type AbnOverrides } from '../../server/registers/abr/abn-overrides.js';
import { ABR_ABSENT_ABNS, ABR_FIXTURE_ABNS } from '../../schemas/admin/register/sandbox-abns.js';
import { createSimulatedAbnRegister } from '../../server/registers/abr/simulated-abn-register.js';
import { ASIC_FIXTURE_COMPANIES } from '../../schemas/admin/register/sandbox-companies.js';

const noOverrides: Pick<AbnOverrides, 'find' | 'findMany'> = { find: async () => null, findMany: async () => [] };
const register = createSimulatedAbnRegister(noOverrides);

describe('ABR fixtures', () => {
  it('are valid, distinct ABNs', () => {
    const abns = ABR_FIXTURE_ABNS.map((record) => record.abn);
    expect(new Set(abns).size).toBe(abns.length);
    for (const abn of [...abns, ...ABR_ABSENT_ABNS]) expect(isValidAbn(abn), abn).toBe(true);
  });

  it('give the sandbox table (sandbox.md "Companies and ABNs")', async () => {
    expect(await register.findByAbn('53900000001')).toMatchObject({ status: 'active', entityType: 'IND', acn: null });
    expect((await register.findByAbn('34900000002'))?.status).toBe('cancelled');
    expect(await register.findByAbn('15900000003')).toBeNull();
    expect(await register.findByAbn('60100000011')).toMatchObject({ status: 'active', acn: '100000011', gstRegistered: true });
    expect((await register.findByAbn('62100000020'))?.acn).toBe('100000020');
  });

  it('name company ABNs as the company register does', () => {
    for (const record of ABR_FIXTURE_ABNS.filter((r) => r.acn !== null)) {
      expect(record.entityName).toBe(ASIC_FIXTURE_COMPANIES.find((company) => company.acn === record.acn)?.name);
    }
  });
});

describe('generated ABNs', () => {
  it('are active individuals named after the number', async () => {
    expect(await register.findByAbn('51824753556')).toEqual({
      abn: '51824753556',
      entityName: 'ABN HOLDER 51 824 753 556',
      status: 'active',
      entityType: 'IND',
      acn: null,
      gstRegistered: false,
      gstDate: null,
      businessNames: [],
    });
  });

  it('do not exist for a bad checksum', async () => {
    expect(await register.findByAbn('51824753557')).toBeNull();
  });
});

describe('operator overrides', () => {
  it('replace the fixture whole', async () => {
    const cancelled = abnFromOverride('53900000001', { entityName: 'JANE CITIZEN', status: 'cancelled', entityType: 'IND' });
    const overridden = createSimulatedAbnRegister({
      find: async (abn) => (abn === '53900000001' ? cancelled : null),
      findMany: async (abns) => (abns.includes('53900000001') ? [cancelled] : []),
    });
    expect(await overridden.findByAbn('53900000001')).toMatchObject({ status: 'cancelled', businessNames: [] });
  });

  it('refuse a stored record that is not an ABN', () => {
    expect(() => abnFromOverride('53900000001', { entityName: 'JANE CITIZEN', status: 'suspended', entityType: 'IND' })).toThrow(
      /register_abns row/,
    );
  });
});

describe('ABNs held by operator-made companies', () => {
  const company = {
    acn: '100000020',
    name: 'SECOND NAME PTY LTD',
    status: 'registered' as const,
    entityType: 'APTY',
    abn: '51824753556',
    address: null,
    gstRegistered: true,
    gstDate: '2026-01-01',
    businessNames: ['SECOND SHOP'],
  };
  const companies = {
    findByAbn: async (abn: string) => (abn === company.abn ? company : null),
    findByAbns: async (abns: readonly string[]) => (abns.includes(company.abn) ? [company] : []),
  };
  const withCompany = createSimulatedAbnRegister(noOverrides, companies);

  it('answer with the company (upsertCompany with an abn), and cancelled once it is deregistered', async () => {
    expect(await withCompany.findByAbn('51824753556')).toStrictEqual({
      abn: '51824753556',
      entityName: 'SECOND NAME PTY LTD',
      status: 'active',
      entityType: 'PRV',
      acn: '100000020',
      gstRegistered: true,
      gstDate: '2026-01-01',
      businessNames: ['SECOND SHOP'],
    });
    const deregistered = createSimulatedAbnRegister(noOverrides, {
      findByAbn: async () => ({ ...company, status: 'deregistered' }),
      findByAbns: async () => [{ ...company, status: 'deregistered' }],
    });
    expect(await deregistered.findByAbn('51824753556')).toMatchObject({ status: 'cancelled', acn: '100000020' });
  });

  it('a batch answers each number as a single lookup would, bad checksums and absent numbers as null', async () => {
    const numbers = ['51824753556', '53900000001', '15900000003', '12345678901', '60100000011', '53900000001'];
    const batch = await withCompany.findManyByAbn(numbers);
    expect([...batch.keys()].sort()).toStrictEqual([...new Set(numbers)].sort());
    for (const abn of numbers) expect(batch.get(abn), abn).toStrictEqual(await withCompany.findByAbn(abn));
  });
});
