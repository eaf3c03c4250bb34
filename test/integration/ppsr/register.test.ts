// The simulated PPSR + NEVDIS register on its own (server/registers/ppsr): every magic value of
// sandbox.md, deterministic answers for other identifiers, and operator registrations found by later
// searches of a register built on another connection (as another process would).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../../server/store/db.js';
import { createSimulatedPpsr, type SimulatedPpsr } from '../../../server/registers/ppsr/simulated-ppsr.js';
import type { PpsrAnswer, PpsrQuery } from '../../../server/registers/ppsr/ppsr-register.js';
import { createSimulatedCompanyRegister } from '../../../server/registers/asic/simulated-company-register.js';
import { createCompanyOverrides } from '../../../server/registers/asic/company-overrides.js';
import { createSimulatedAbnRegister } from '../../../server/registers/abr/simulated-abn-register.js';
import { createAbnOverrides } from '../../../server/registers/abr/abn-overrides.js';
import { changeAvailability } from '../../../server/registers/availability.js';
import type { Database } from '../../../server/store/db.js';

let opened: OpenDatabase;
let ppsr: SimulatedPpsr;

function registerOn(db: Database): SimulatedPpsr {
  return createSimulatedPpsr(db, {
    companies: createSimulatedCompanyRegister(createCompanyOverrides(db)),
    abns: createSimulatedAbnRegister(createAbnOverrides(db)),
  });
}

beforeAll(async () => {
  opened = await openDatabase({ databaseUrl: undefined, dataDir: 'memory://' });
  ppsr = registerOn(opened.db);
});
afterAll(async () => {
  await opened?.close();
});

async function found(query: PpsrQuery): Promise<Extract<PpsrAnswer, { outcome: 'found' }>> {
  const answer = await ppsr.search(query);
  if (answer.outcome !== 'found') throw new Error(`expected results, got ${JSON.stringify(answer)}`);
  return answer;
}

const vin = (value: string): PpsrQuery => ({ kind: 'vin', vin: value });

describe('magic VINs', () => {
  it('1HGCM82633A004352: NEVDIS Found, 1 registration', async () => {
    const answer = await found(vin('1HGCM82633A004352'));
    expect(answer.nevdis?.verificationStatus).toBe('Found');
    expect(answer.nevdis?.vehicles[0]).toMatchObject({ make: 'HONDA', model: 'ACCORD', registrationExpiry: '07-Mar-2027' });
    expect(answer.registrations.map((r) => r.registrationNumber)).toEqual(['202403150012345']);
  });
  it('6FPPXXMJ2PCD55635: Found, 2 registrations', async () => {
    const answer = await found(vin('6FPPXXMJ2PCD55635'));
    expect(answer.nevdis?.verificationStatus).toBe('Found');
    expect(answer.registrations).toHaveLength(2);
  });
  it('JN1TANS50U0000001: stolen', async () => {
    expect((await found(vin('JN1TANS50U0000001'))).nevdis?.vehicles[0]).toMatchObject({ stolen: true, writtenOff: false });
  });
  it('WDD2050422F000002: written off', async () => {
    expect((await found(vin('WDD2050422F000002'))).nevdis?.vehicles[0]).toMatchObject({ stolen: false, writtenOff: true });
  });
  it('KMHCT41BAEU000003: no registrations', async () => {
    const answer = await found(vin('KMHCT41BAEU000003'));
    expect(answer.registrations).toEqual([]);
    expect(answer.nevdis?.verificationStatus).toBe('Found');
  });
  it('MR0FZ22G000000005: NEVDIS NotFound', async () => {
    expect((await found(vin('MR0FZ22G000000005'))).nevdis).toEqual({ verificationStatus: 'NotFound', vehicles: [] });
  });
  it('ZFA31200000000004: the search fails', async () => {
    expect(await ppsr.search(vin('ZFA31200000000004'))).toEqual({ outcome: 'failed', reason: expect.any(String) });
  });
});

describe('magic grantors', () => {
  it('ACN 100000011: 3 registrations of SANDBOX TRADING PTY LTD', async () => {
    const answer = await found({ kind: 'grantor_number', numberType: 'ACN', number: '100000011' });
    expect(answer.registrations).toHaveLength(3);
    expect(answer.entity).toEqual({
      name: 'SANDBOX TRADING PTY LTD',
      abn: '60100000011',
      acn: '100000011',
      type: 'Australian Proprietary Company',
      status: 'Registered',
      address: 'BRISBANE CITY QLD 4000',
    });
    expect(answer.nevdis).toBeUndefined();
  });
  it('NO REGISTRATIONS PTY LTD: none; REGISTRY FAILURE PTY LTD: fails (any case)', async () => {
    expect((await found({ kind: 'organisation', organisationName: 'NO REGISTRATIONS PTY LTD' })).registrations).toEqual([]);
    expect((await ppsr.search({ kind: 'organisation', organisationName: 'registry  failure pty ltd' })).outcome).toBe('failed');
  });
  it('CITIZEN / JANE / 1980-01-01: 1 registration', async () => {
    const answer = await found({ kind: 'individual', familyName: 'CITIZEN', givenNames: 'JANE', dateOfBirth: '1980-01-01' });
    expect(answer.entity.name).toBe('JANE CITIZEN');
    expect(answer.registrations.map((r) => r.grantorName)).toEqual(['JANE CITIZEN']);
  });
});

describe('any other valid identifier', () => {
  const others: PpsrQuery[] = [
    vin('JTDKB20U993456789'),
    { kind: 'grantor_number', numberType: 'ACN', number: '123456780' },
    { kind: 'grantor_number', numberType: 'ARSN', number: '123456780' },
    { kind: 'serial', serialNumber: 'CH-12345', serialNumberType: 'ChassisNumber' },
    { kind: 'registration_number', registrationNumber: '42' },
    { kind: 'individual', familyName: 'SMITH', givenNames: 'JOHN', dateOfBirth: '1970-05-05' },
    { kind: 'organisation', organisationName: 'ACME WIDGETS PTY LTD' },
  ];
  it.each(others)('answers the same every time, from a register on another connection too: %j', async (query) => {
    const first = await ppsr.search(query);
    expect(first.outcome).toBe('found');
    expect(await registerOn(opened.db).search(query)).toEqual(first);
  });
  it('gives different identifiers different answers (0, 1 or 2 registrations)', async () => {
    const counts = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const answer = await found({ kind: 'organisation', organisationName: `COMPANY NUMBER ${i}` });
      counts.add(answer.registrations.length);
    }
    expect(counts).toEqual(new Set([0, 1, 2]));
  });
});

describe('registrations added by the operator', () => {
  it('are found by grantor number, name, VIN and registration number from another connection', async () => {
    const added = await ppsr.addRegistration(
      {
        grantorNumberType: 'ACN',
        grantorNumber: '100000011',
        collateralClass: 'Motor Vehicle',
        securedPartyName: 'EXAMPLE FINANCE LIMITED',
        registrationStart: new Date('2026-11-22T03:00:00Z'),
        serialNumber: 'KMHCT41BAEU000003',
      },
      new Date('2026-11-22T03:00:00Z'),
    );
    expect(added).toMatchObject({ grantorName: 'SANDBOX TRADING PTY LTD', registrationNumber: expect.stringMatching(/^20261122\d{7}$/) });
    const other = registerOn(opened.db);
    expect((await other.search({ kind: 'grantor_number', numberType: 'ACN', number: '100000011' })).outcome).toBe('found');
    const byAcn = await found({ kind: 'grantor_number', numberType: 'ACN', number: '100000011' });
    expect(byAcn.registrations).toHaveLength(4);
    expect(byAcn.registrations[3]).toMatchObject({
      registrationNumber: added!.registrationNumber,
      registrationStart: '2026-11-22T13:00:00+10:00',
      serialNumber: 'KMHCT41BAEU000003',
      serialNumberType: 'VIN',
    });
    expect((await found(vin('KMHCT41BAEU000003'))).registrations).toHaveLength(1);
    expect((await found({ kind: 'grantor_number', numberType: 'ABN', number: '60100000011' })).registrations).toHaveLength(4);
    expect((await found({ kind: 'organisation', organisationName: 'Sandbox Trading Pty Ltd' })).registrations).toHaveLength(4);
    const lookup = await found({ kind: 'registration_number', registrationNumber: added!.registrationNumber });
    expect(lookup.registrations[0]!.securedPartyName).toBe('EXAMPLE FINANCE LIMITED');
  });
  it('refuses a registration number that exists (fixture or earlier addition)', async () => {
    const input = {
      grantorNumberType: 'ABN' as const,
      grantorNumber: '53900000001',
      collateralClass: 'Other Goods',
      securedPartyName: 'EXAMPLE BANK LIMITED',
      registrationStart: new Date('2026-11-22T03:00:00Z'),
    };
    const at = new Date('2026-11-22T03:00:00Z');
    expect(await ppsr.addRegistration({ ...input, registrationNumber: '202403150012345' }, at)).toBeNull();
    expect(await ppsr.addRegistration({ ...input, registrationNumber: '555' }, at)).not.toBeNull();
    expect(await ppsr.addRegistration({ ...input, registrationNumber: '555' }, at)).toBeNull();
  });
});

describe('availability', () => {
  it('follows the operator switch', async () => {
    expect(await ppsr.availability()).toEqual({ available: true });
    await changeAvailability(opened.db, { ppsr: false });
    expect(await registerOn(opened.db).availability()).toEqual({ available: false, retryAfterSeconds: 30 });
    await changeAvailability(opened.db, { ppsr: true });
    expect(await ppsr.availability()).toEqual({ available: true });
  });
});
