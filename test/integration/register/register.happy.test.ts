// The operator's simulated-register operations (sandbox.md "Operator API", `/admin/register/...`):
// companies, ABNs, ASIC documents and insolvency notices created and changed through the operator
// API, answered in the documented shapes (checked with the contract's own Zod schemas), stored in the
// database (so the public API of any process reads them) and with fixtures and generated records
// still the default.
import { describe, expect } from 'vitest';
import { serverTestWithAccount } from '../../support/fixtures.js';
import { AbnRecord, Company, CompanyDocument, InsolvencyNotice } from '../../../schemas/admin/register/index.js';
import { getCompanyNameAvailability } from '../../../generated/client/index.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';

let server: TestServer;
let account: TestAccount;
const it = serverTestWithAccount((shared) => ({ server, account } = shared));

const now = () => server.clock.now().toISOString();

describe('companies', () => {
  it('upsert of a fixture or a generated company replaces it whole (200)', async () => {
    const fixture = await server.admin('POST', '/admin/register/companies', {
      acn: '100000084',
      name: 'HARBOUR LIGHTS HOLDINGS PTY LTD',
      status: 'registered',
      abn: '51824753556',
      gstRegistered: true,
      gstDate: '2021-07-01',
      address: { street: '9 RIVER TERRACE', locality: 'KANGAROO POINT', state: 'QLD', postcode: '4169' },
      businessNames: ['HARBOUR LIGHTS'],
    });
    expect(fixture.status).toBe(200);
    expect(Company.parse(fixture.body)).toMatchObject({ abn: '51824753556', gstRegistered: true, businessNames: ['HARBOUR LIGHTS'] });
    const generated = await server.admin('POST', '/admin/register/companies', {
      acn: '123456780',
      name: 'NEW HORIZONS PTY LTD',
      status: 'registered',
    });
    expect(generated.status).toBe(200);
  });

  it('an upserted ABN makes a lookup of that ABN answer with the company (changeable through updateAbn)', async () => {
    const changed = await server.admin('PATCH', '/admin/register/abns/51824753556', { gstRegistered: false });
    expect(changed.status).toBe(200);
    expect(AbnRecord.parse(changed.body)).toStrictEqual({
      abn: '51824753556',
      entityName: 'HARBOUR LIGHTS HOLDINGS PTY LTD',
      status: 'active',
      entityType: 'PRV',
      acn: '100000084',
      gstRegistered: false,
      gstDate: null,
      businessNames: ['HARBOUR LIGHTS'],
      updatedAt: now(),
    });
  });

  it('update changes only the fields sent, and the public API sees the new name at once', async () => {
    const renamed = await server.admin('PATCH', '/admin/register/companies/100000093', { name: 'SMITH JONES RENAMED PTY LTD' });
    expect(renamed.status).toBe(200);
    expect(Company.parse(renamed.body)).toStrictEqual({
      acn: '100000093',
      name: 'SMITH JONES RENAMED PTY LTD',
      status: 'registered',
      abn: null,
      entityType: 'APTY',
      address: null,
      gstRegistered: false,
      gstDate: null,
      businessNames: [],
      updatedAt: now(),
    });
    const { data } = await getCompanyNameAvailability({
      client: sdkClient(server, account.keys.secretTest),
      query: { name: 'Smith Jones Renamed Pty Ltd' },
    });
    expect(data?.available).toBe(false);
    expect(data?.conflicts).toStrictEqual([{ name: 'SMITH JONES RENAMED PTY LTD', acn: '100000093' }]);
  });

  it('ending GST registration clears its date; null clears a nullable field', async () => {
    const ended = await server.admin('PATCH', '/admin/register/companies/100000084', { gstRegistered: false });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ gstRegistered: false, gstDate: null, abn: '51824753556' });
    const cleared = await server.admin('PATCH', '/admin/register/companies/100000084', { address: null, businessNames: [] });
    expect(cleared.body).toMatchObject({ address: null, businessNames: [], name: 'HARBOUR LIGHTS HOLDINGS PTY LTD' });
  });
});

describe('ABNs', () => {
  // Every valid ABN but the documented magic ones resolves (generated), and those are not changed:
  // an upsert replaces (200).
  it('upsert replaces a generated ABN whole (200), and again', async () => {
    const created = await server.admin('POST', '/admin/register/abns', {
      abn: '32777000111',
      entityName: 'LATE ARRIVAL TRUST',
      status: 'active',
      entityType: 'TRT',
    });
    expect(created.status).toBe(200);
    expect(AbnRecord.parse(created.body)).toStrictEqual({
      abn: '32777000111',
      entityName: 'LATE ARRIVAL TRUST',
      status: 'active',
      entityType: 'TRT',
      acn: null,
      gstRegistered: false,
      gstDate: null,
      businessNames: [],
      updatedAt: now(),
    });
    const replaced = await server.admin('POST', '/admin/register/abns', {
      abn: '32777000111',
      entityName: 'LATE ARRIVAL TRUST',
      status: 'active',
      entityType: 'IND',
      gstRegistered: true,
      gstDate: '2026-11-01',
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ businessNames: [], gstRegistered: true });
  });

  it('update of a generated ABN stores it', async () => {
    const generated = await server.admin('PATCH', '/admin/register/abns/12004044937', { status: 'cancelled', businessNames: ['A', 'B'] });
    expect(generated.status).toBe(200);
    expect(generated.body).toMatchObject({
      abn: '12004044937',
      entityName: 'ABN HOLDER 12 004 044 937',
      status: 'cancelled',
      businessNames: ['A', 'B'],
    });
  });
});

describe('documents and insolvency notices', () => {
  it('a document is stored with the given number, or a generated one and the clock time', async () => {
    const given = await server.admin('POST', '/admin/register/companies/100000011/documents', {
      documentType: '484',
      documentNumber: '7EAA12345',
      description: 'Change to company details',
      lodgedAt: '2026-11-20T01:00:00Z',
    });
    expect(given.status).toBe(201);
    expect(CompanyDocument.parse(given.body)).toStrictEqual({
      acn: '100000011',
      documentType: '484',
      documentNumber: '7EAA12345',
      description: 'Change to company details',
      lodgedAt: '2026-11-20T01:00:00.000Z',
    });
    const generated = await server.admin<Record<string, string>>('POST', '/admin/register/companies/123456780/documents', {
      documentType: '492',
      description: 'Request for correction',
    });
    expect(generated.status).toBe(201);
    expect(generated.body.documentNumber).toMatch(/^\d[A-Z]{3}\d{5}$/);
    expect(generated.body.lodgedAt).toBe(now());
  });

  it('a notice is published at the clock time; the same URL again is a second notice', async () => {
    const notice = {
      noticeUrl: 'https://insolvencynotices.example.gov.au/notices/12345',
      appointmentDate: '2026-11-20',
      description: 'Appointment of Voluntary Administrator',
    };
    const first = await server.admin('POST', '/admin/register/companies/100000048/insolvency-notices', notice);
    expect(first.status).toBe(201);
    expect(InsolvencyNotice.parse(first.body)).toStrictEqual({ acn: '100000048', ...notice, publishedAt: now() });
    const reissue = await server.admin('POST', '/admin/register/companies/100000048/insolvency-notices', notice);
    expect(reissue.status).toBe(201);
  });
});
