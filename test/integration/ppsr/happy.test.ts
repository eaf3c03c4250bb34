// PPSR searches end to end through the generated SDK: every sandbox magic value (sandbox.md "PPSR"),
// the status resource of spec 2.3 (checked against the document by the harness's response
// validation), certificates that complete one by one and download as real PDFs, charging (D-33), and
// alert subscriptions with their webhook (D-34).
import { afterAll, describe, expect } from 'vitest';
import { serverTestWith } from '../../support/fixtures.js';
import { createPpsrAlert, deletePpsrAlert, listPpsrAlerts, type PpsrSearch } from '../../../generated/client/index.js';
import { SANDBOX_MARK } from '../../../server/domain/ppsr/certificate-pdf.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';
import { createEndpoint, deliveriesOf, startReceiver } from '../lodgements/support.js';
import {
  PREFIX,
  advance,
  charges,
  completedSearch,
  downloadCertificate,
  pdfText,
  readSearch,
  startSearch,
  type SearchBody,
} from './support.js';

const it = serverTestWith({ env: { SVC_WEBHOOK_ALLOW_LOCAL: '1' } });
let server: TestServer;
let account: TestAccount;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
it.beforeAll(async ({ server: started }) => {
  receiver = await startReceiver();
  server = started;
  account = await server.createAccount();
});
afterAll(async () => {
  await receiver?.close();
});

type Completed = Extract<PpsrSearch, { status: 'completed' }>;

async function completed(body: SearchBody, key = account.keys.secretTest, prefix: string = PREFIX.test): Promise<Completed> {
  const search = await completedSearch(server, key, body, prefix);
  if (search.status !== 'completed') throw new Error(`search ${search.requestId} is ${search.status}`);
  return search;
}

const SEARCHED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+10:00$/;

describe('magic VINs', () => {
  it('1HGCM82633A004352: NEVDIS Found, 1 registration, 1 certificate', async () => {
    const search = await completed({ vin: '1HGCM82633A004352' });
    expect(search.data.search).toMatchObject({ type: 'Serial Number Search (VIN)', number: '1HGCM82633A004352', resultCount: 1 });
    expect(search.data.search.searchedAt).toMatch(SEARCHED_AT);
    expect(search.data.search.ppsrSearchNumber).toBe(`261122${String(search.requestId).padStart(9, '0')}`);
    expect(search.data.entity).toEqual({ name: '1HGCM82633A004352', abn: null, acn: null, type: null, status: null, address: null });
    expect(search.data.registrations.map((r) => r.registrationNumber)).toEqual(['202403150012345']);
    expect(search.data.nevdisData).toEqual({
      verificationStatus: 'Found',
      vehicles: [
        {
          vin: '1HGCM82633A004352',
          make: 'HONDA',
          model: 'ACCORD',
          year: '2003',
          colour: 'SILVER',
          bodyType: 'SEDAN',
          engineNumber: 'J30A41004352',
          registrationPlate: '123ABC',
          registrationExpiry: '07-Mar-2027',
          stolen: false,
          writtenOff: false,
          safetyRecalls: [],
        },
      ],
    });
    expect(search.data.certificates).toEqual([
      {
        kind: 'registration',
        certificateNumber: `CERT-${search.requestId}-1`,
        registrationNumber: '202403150012345',
        status: 'processing',
        downloadUrl: `/api/test/v2/ppsr/searches/${search.requestId}/certificates/CERT-${search.requestId}-1`,
      },
    ]);
  });

  it('6FPPXXMJ2PCD55635: Found, 2 registrations, 2 certificates', async () => {
    const search = await completed({ vin: '6FPPXXMJ2PCD55635' });
    expect(search.data.nevdisData?.verificationStatus).toBe('Found');
    expect(search.data.search.resultCount).toBe(2);
    expect(search.data.registrations.map((r) => r.registrationNumber)).toEqual(['202305020033221', '202406180051234']);
    expect(search.data.certificates?.map((c) => c.registrationNumber)).toEqual(['202305020033221', '202406180051234']);
  });

  it('JN1TANS50U0000001: stolen', async () => {
    const vehicle = (await completed({ vin: 'JN1TANS50U0000001' })).data.nevdisData?.vehicles[0];
    expect(vehicle).toMatchObject({ stolen: true, writtenOff: false });
  });

  it('WDD2050422F000002: written off', async () => {
    const vehicle = (await completed({ vin: 'WDD2050422F000002' })).data.nevdisData?.vehicles[0];
    expect(vehicle).toMatchObject({ stolen: false, writtenOff: true });
  });

  it('KMHCT41BAEU000003: no registrations, one no_registrations certificate', async () => {
    const search = await completed({ vin: 'KMHCT41BAEU000003' });
    expect(search.data.registrations).toEqual([]);
    expect(search.data.search.resultCount).toBe(0);
    expect(search.data.certificates).toEqual([
      {
        kind: 'no_registrations',
        certificateNumber: `CERT-${search.requestId}-1`,
        registrationNumber: null,
        status: 'processing',
        downloadUrl: `/api/test/v2/ppsr/searches/${search.requestId}/certificates/CERT-${search.requestId}-1`,
      },
    ]);
  });

  it('MR0FZ22G000000005: NEVDIS NotFound', async () => {
    expect((await completed({ vin: 'MR0FZ22G000000005' })).data.nevdisData).toEqual({ verificationStatus: 'NotFound', vehicles: [] });
  });

  it('ZFA31200000000004: the search fails with a reason', async () => {
    const search = await completedSearch(server, account.keys.secretTest, { vin: 'ZFA31200000000004' });
    expect(search).toEqual({ requestId: search.requestId, status: 'failed', failureReason: 'The PPSR could not complete the search.' });
  });
});

describe('magic grantors and the other search types', () => {
  it('ACN 100000011: 3 registrations, the company as entity, no vehicle data', async () => {
    const search = await completed({ acn: '100000011' });
    expect(search.data.entity).toEqual({
      name: 'SANDBOX TRADING PTY LTD',
      abn: '60100000011',
      acn: '100000011',
      type: 'Australian Proprietary Company',
      status: 'Registered',
      address: 'BRISBANE CITY QLD 4000',
    });
    expect(search.data.search).toMatchObject({ type: 'Grantor Search (ACN)', number: '100000011', resultCount: 3 });
    expect(search.data.registrations.every((r) => r.grantorNumber === '100000011')).toBe(true);
    expect(search.data.registrations.map((r) => r.registrationKind)).toEqual(['standard', 'standard', 'migrated']);
    expect(search.data).not.toHaveProperty('nevdisData');
    expect(search.data.certificates).toHaveLength(3);
  });

  it('organisationName NO REGISTRATIONS PTY LTD: none, one no_registrations certificate', async () => {
    const search = await completed({ organisationName: 'NO REGISTRATIONS PTY LTD' });
    expect(search.data.search).toMatchObject({ type: 'Grantor Search (Organisation)', resultCount: 0 });
    expect(search.data.certificates).toEqual([expect.objectContaining({ kind: 'no_registrations', registrationNumber: null })]);
  });

  it('organisationName REGISTRY FAILURE PTY LTD: failed', async () => {
    const search = await completedSearch(server, account.keys.secretTest, { organisationName: 'REGISTRY FAILURE PTY LTD' });
    expect(search.status).toBe('failed');
  });

  it('individual CITIZEN / JANE / 1980-01-01: 1 registration', async () => {
    const search = await completed({ familyName: 'CITIZEN', givenNames: 'JANE', dateOfBirth: '1980-01-01', authorisedPurpose: true });
    expect(search.data.search.type).toBe('Grantor Search (Individual)');
    expect(search.data.entity.name).toBe('JANE CITIZEN');
    expect(search.data.registrations).toHaveLength(1);
    expect(search.data.registrations[0]).toMatchObject({ grantorName: 'JANE CITIZEN', grantorNumber: null });
  });

  it('a registration number lookup has neither certificates nor vehicle data', async () => {
    const search = await completed({ registrationNumber: '202403150012345' });
    expect(search.data.search).toMatchObject({ type: 'Registration Number Search', resultCount: 1 });
    expect(search.data.registrations[0]?.serialNumber).toBe('1HGCM82633A004352');
    expect(search.data).not.toHaveProperty('certificates');
    expect(search.data).not.toHaveProperty('nevdisData');
  });

  it('a HIN search finds the watercraft and has NEVDIS data (NotFound: NEVDIS holds road vehicles)', async () => {
    const search = await completed({ serialNumber: 'AU-ABC12345D616', serialNumberType: 'HIN' });
    expect(search.data.search.type).toBe('Serial Number Search (HIN)');
    expect(search.data.registrations.map((r) => r.registrationNumber)).toEqual(['201201300098765']);
    expect(search.data.nevdisData).toEqual({ verificationStatus: 'NotFound', vehicles: [] });
  });

  it.each([
    [{ abn: '60100000011' }, 'Grantor Search (ABN)'],
    [{ arbn: '100000075' }, 'Grantor Search (ARBN)'],
    [{ arsn: '123456780' }, 'Grantor Search (ARSN)'],
    [{ serialNumber: 'CH-12345', serialNumberType: 'ChassisNumber' }, 'Serial Number Search (Chassis Number)'],
    [{ serialNumber: '859123', serialNumberType: 'OfficialNumber' }, 'Serial Number Search (Official Number)'],
  ] as [SearchBody, string][])('%j is labelled %s (D-30)', async (body, label) => {
    expect((await completed(body)).data.search.type).toBe(label);
  });

  it('answers any other valid identifier with the same generated result every time', async () => {
    const first = await completed({ vin: 'JTDKB20U993456789' });
    const second = await completed({ vin: 'JTDKB20U993456789' });
    expect(second.data.registrations).toEqual(first.data.registrations);
    expect(second.data.nevdisData).toEqual(first.data.nevdisData);
    expect(first.data.nevdisData?.verificationStatus).toBe('Found');
  });
});

describe('status moves and certificates', () => {
  it('answers 201 new with a Location, then completes as the worker takes it', async () => {
    const { data, response } = await startSearch(server, account.keys.secretTest, { vin: '1HGCM82633A004352' });
    expect(response.status).toBe(201);
    expect(data).toEqual({ requestId: expect.any(Number), status: 'new' });
    expect(response.headers.get('location')).toBe(`/api/test/v2/ppsr/searches/${data!.requestId}`);
    expect(await readSearch(server, account.keys.secretTest, data!.requestId)).toEqual({ requestId: data!.requestId, status: 'new' });
    const ran = await server.admin<{ jobsRun: number }>('POST', '/admin/jobs/ppsr-processing/run');
    expect(ran.body.jobsRun).toBe(1);
    expect((await readSearch(server, account.keys.secretTest, data!.requestId)).status).toBe('completed');
  });

  it('completes each certificate on its own after SVC_SANDBOX_CERT_DELAY_MS, 202 with Retry-After until then', async () => {
    const { data: created } = await startSearch(server, account.keys.secretTest, { acn: '100000011' });
    // Run the search without moving the clock: the certificates are due 2, 4 and 6 s from now.
    await server.admin('POST', '/admin/jobs/ppsr-processing/run');
    const search = (await readSearch(server, account.keys.secretTest, created!.requestId)) as Completed;
    const [first, second, third] = search.data.certificates!;
    const waiting = await downloadCertificate(server, account.keys.secretTest, search.requestId, first!.certificateNumber);
    expect(waiting.response.status).toBe(202);
    expect(waiting.response.headers.get('retry-after')).toBe('2');
    expect(waiting.data).toEqual({ certificateNumber: first!.certificateNumber, status: 'processing' });
    await advance(server, 2);
    const statuses = async () => (await readSearch(server, account.keys.secretTest, search.requestId)) as Completed;
    expect((await statuses()).data.certificates!.map((c) => c.status)).toEqual(['completed', 'processing', 'processing']);
    expect(
      (await downloadCertificate(server, account.keys.secretTest, search.requestId, third!.certificateNumber)).response.headers.get(
        'retry-after',
      ),
    ).toBe('4');
    await advance(server, 2);
    expect((await statuses()).data.certificates!.map((c) => c.status)).toEqual(['completed', 'completed', 'processing']);
    await advance(server, 2);
    expect((await statuses()).data.certificates!.map((c) => c.status)).toEqual(['completed', 'completed', 'completed']);
    const pdf = await downloadCertificate(server, account.keys.secretTest, search.requestId, second!.certificateNumber);
    expect(pdf.response.status).toBe(200);
    expect(pdf.response.headers.get('content-type')).toBe('application/pdf');
  });

  it('runs certificate-generation by name: every certificate completes at once, without moving the clock', async () => {
    const { data: created } = await startSearch(server, account.keys.secretTest, { acn: '100000011' });
    await server.admin('POST', '/admin/jobs/ppsr-processing/run');
    const ran = await server.admin<{ jobsRun: number }>('POST', '/admin/jobs/certificate-generation/run');
    expect(ran.status).toBe(200);
    expect(ran.body.jobsRun).toBeGreaterThanOrEqual(3);
    const search = (await readSearch(server, account.keys.secretTest, created!.requestId)) as Completed;
    expect(search.data.certificates!.map((c) => c.status)).toEqual(['completed', 'completed', 'completed']);
  });

  it('makes a real PDF naming the search number, registration, grantor searched and time, marked SANDBOX in test', async () => {
    const search = await completed({ acn: '100000011' });
    await advance(server, 10);
    const certificate = search.data.certificates![1]!;
    const { data, response } = await downloadCertificate(server, account.keys.secretTest, search.requestId, certificate.certificateNumber);
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await (data as Blob).arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain(SANDBOX_MARK);
    expect(text).toContain(search.data.search.ppsrSearchNumber);
    expect(text).toContain(certificate.certificateNumber);
    expect(text).toContain('202403150012345');
    expect(text).toContain('100000011');
    expect(text).toContain(search.data.search.searchedAt);
    expect(text).toContain('SANDBOX TRADING PTY LTD (100000011)');
  });

  it('states "no registrations" on the no_registrations certificate of a VIN search', async () => {
    const search = await completed({ vin: 'KMHCT41BAEU000003' });
    await advance(server, 2);
    const { data } = await downloadCertificate(
      server,
      account.keys.secretTest,
      search.requestId,
      search.data.certificates![0]!.certificateNumber,
    );
    const text = await pdfText(new Uint8Array(await (data as Blob).arrayBuffer()));
    expect(text).toEqual(
      expect.arrayContaining([SANDBOX_MARK, 'No registrations', 'KMHCT41BAEU000003', search.data.search.ppsrSearchNumber]),
    );
  });

  it('carries no SANDBOX mark on a live certificate', async () => {
    const search = await completed({ vin: '1HGCM82633A004352' }, account.keys.secretLive, PREFIX.live);
    await advance(server, 2);
    const certificate = search.data.certificates![0]!;
    expect(certificate.downloadUrl.startsWith('/api/v2/ppsr/searches/')).toBe(true);
    const { data, response } = await downloadCertificate(
      server,
      account.keys.secretLive,
      search.requestId,
      certificate.certificateNumber,
      PREFIX.live,
    );
    expect(response.status).toBe(200);
    const text = await pdfText(new Uint8Array(await (data as Blob).arrayBuffer()));
    expect(text).toContain('202403150012345');
    expect(text).not.toContain(SANDBOX_MARK);
  });

  it('points downloadUrl at the prefix the caller used (V1 included)', async () => {
    const { data } = await startSearch(server, account.keys.secretTest, { vin: '1HGCM82633A004352' });
    await advance(server, 1);
    const v1 = (await readSearch(server, account.keys.secretTest, data!.requestId, '/api/test/v1')) as Completed;
    expect(v1.data.certificates![0]!.downloadUrl).toBe(
      `/api/test/v1/ppsr/searches/${data!.requestId}/certificates/CERT-${data!.requestId}-1`,
    );
  });
});

describe('charging (D-33)', () => {
  it('charges a card-billed live search 600 cents once, test searches nothing, replays nothing again', async () => {
    const payer = await server.createAccount();
    await completedSearch(server, payer.keys.secretTest, { vin: '1HGCM82633A004352' });
    expect(await charges(server, payer.id)).toEqual([]);
    const options = { prefix: PREFIX.live, idempotencyKey: 'live-search-1' };
    const first = await startSearch(server, payer.keys.secretLive, { vin: '1HGCM82633A004352' }, options);
    const replay = await startSearch(server, payer.keys.secretLive, { vin: '1HGCM82633A004352' }, options);
    expect(first.response.status).toBe(201);
    expect(replay.response.status).toBe(201);
    expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.response.headers.get('location')).toBe(first.response.headers.get('location'));
    expect(replay.data).toEqual(first.data);
    expect(await charges(server, payer.id)).toEqual([
      expect.objectContaining({ amount: 600, kind: 'ppsr_search', environment: 'live', reference: `PPSR search ${first.data!.requestId}` }),
    ]);
  });

  it('does not refund a failed live search', async () => {
    const payer = await server.createAccount();
    const search = await completedSearch(server, payer.keys.secretLive, { vin: 'ZFA31200000000004' }, PREFIX.live);
    expect(search.status).toBe('failed');
    expect((await charges(server, payer.id)).map((c) => c.amount)).toEqual([600]);
  });

  it('lets an invoice-billed account search live and records the fee to invoice', async () => {
    const invoiced = await server.createAccount({ billing: 'invoice', cardStatus: 'none', plan: 'enterprise' });
    const { response } = await startSearch(server, invoiced.keys.secretLive, { acn: '100000011' }, { prefix: PREFIX.live });
    expect(response.status).toBe(201);
    expect(await charges(server, invoiced.id)).toEqual([
      expect.objectContaining({ amount: 600, kind: 'ppsr_search_invoice', environment: 'live' }),
    ]);
  });
});

describe('alert subscriptions (D-34)', () => {
  it('creates, lists and deletes subscriptions', async () => {
    const watcher = await server.createAccount();
    const client = sdkClient(server, watcher.keys.secretTest);
    const created = await createPpsrAlert({ client, body: { organisationNumberType: 'ACN', organisationNumber: '100000020' } });
    expect(created.response.status).toBe(201);
    expect(created.data).toEqual({
      id: expect.stringMatching(/^pal_[0-9A-Za-z]{24}$/),
      organisationNumberType: 'ACN',
      organisationNumber: '100000020',
      createdAt: server.clock.now().toISOString(),
    });
    await advance(server, 1);
    const abn = await createPpsrAlert({ client, body: { organisationNumberType: 'ABN', organisationNumber: '53900000001' } });
    expect((await listPpsrAlerts({ client })).data).toEqual({ data: [created.data, abn.data] });
    const removed = await deletePpsrAlert({ client, path: { id: created.data!.id } });
    expect(removed.response.status).toBe(204);
    expect((await listPpsrAlerts({ client })).data).toEqual({ data: [abn.data] });
  });

  it('sends one grantor_registration_changed event per subscription when the operator adds a registration', async () => {
    const watcher = await server.createAccount();
    const bystander = await server.createAccount();
    const testEndpoint = await createEndpoint(server, watcher, 'test', receiver.url, ['ppsr.alert.grantor_registration_changed']);
    const liveEndpoint = await createEndpoint(server, watcher, 'live', receiver.url, ['*']);
    const otherEvents = await createEndpoint(server, watcher, 'test', receiver.url, ['monitoring.change_detected']);
    const bystanderEndpoint = await createEndpoint(server, bystander, 'test', receiver.url, ['*']);
    const client = sdkClient(server, watcher.keys.secretTest);
    await createPpsrAlert({ client, body: { organisationNumberType: 'ACN', organisationNumber: '100000048' } });

    const added = await server.admin<Record<string, unknown>>('POST', '/admin/register/ppsr-registrations', {
      grantorNumberType: 'ACN',
      grantorNumber: '100000048',
      collateralClass: 'Motor Vehicle',
      securedPartyName: 'EXAMPLE FINANCE LIMITED',
      registrationStart: '2026-11-22T03:00:00Z',
      serialNumber: 'JTDKB20U993456780',
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      registrationNumber: expect.stringMatching(/^20261122\d{7}$/),
      grantorNumberType: 'ACN',
      grantorNumber: '100000048',
      collateralClass: 'Motor Vehicle',
      securedPartyName: 'EXAMPLE FINANCE LIMITED',
      registrationStart: '2026-11-22T03:00:00.000Z',
      serialNumber: 'JTDKB20U993456780',
    });
    const [delivery, ...more] = await deliveriesOf(server, testEndpoint);
    expect(more).toEqual([]);
    expect(delivery!.event).toBe('ppsr.alert.grantor_registration_changed');
    expect(delivery!.body).toStrictEqual({
      event: 'ppsr.alert.grantor_registration_changed',
      timestamp: server.clock.now().toISOString(),
      organisationNumberType: 'ACN',
      organisationNumber: '100000048',
      registrationSummary: {
        registrationNumber: added.body.registrationNumber,
        collateralClass: 'Motor Vehicle',
        securedPartyName: 'EXAMPLE FINANCE LIMITED',
        registrationStart: '2026-11-22T13:00:00+10:00',
      },
      deliveryId: delivery!.id,
    });
    // The subscription is in the test environment: live endpoints, other events and other accounts hear nothing.
    expect(await deliveriesOf(server, liveEndpoint)).toEqual([]);
    expect(await deliveriesOf(server, otherEvents)).toEqual([]);
    expect(await deliveriesOf(server, bystanderEndpoint)).toEqual([]);
    // Later searches find the registration, by grantor and by VIN.
    const byAcn = await completed({ acn: '100000048' }, watcher.keys.secretTest);
    expect(byAcn.data.registrations.map((r) => r.registrationNumber)).toContain(added.body.registrationNumber);
    const byVin = await completed({ vin: 'JTDKB20U993456780' }, watcher.keys.secretTest);
    expect(byVin.data.registrations.map((r) => r.registrationNumber)).toContain(added.body.registrationNumber);
  });

  it('sends nothing after the subscription is deleted', async () => {
    const watcher = await server.createAccount();
    const endpoint = await createEndpoint(server, watcher, 'test', receiver.url, ['*']);
    const client = sdkClient(server, watcher.keys.secretTest);
    const alert = await createPpsrAlert({ client, body: { organisationNumberType: 'ARSN', organisationNumber: '123456780' } });
    await deletePpsrAlert({ client, path: { id: alert.data!.id } });
    const added = await server.admin('POST', '/admin/register/ppsr-registrations', {
      grantorNumberType: 'ARSN',
      grantorNumber: '123456780',
      collateralClass: 'Other Goods',
      securedPartyName: 'EXAMPLE BANK LIMITED',
      registrationStart: '2026-11-22T03:00:00Z',
    });
    expect(added.status).toBe(201);
    expect(await deliveriesOf(server, endpoint)).toEqual([]);
  });
});
