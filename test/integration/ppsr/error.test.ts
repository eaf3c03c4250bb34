// Every documented PPSR error through the real API: request rules with every fault at once (D-10,
// documented codes only), payment and outage refusals before any charge (spec 7, D-33), not-found
// answers, idempotency conflicts (D-18), alert conflicts and the operator's registration errors.
import { describe, expect } from 'vitest';
import { serverTestWithAccount } from '../../support/fixtures.js';
import { eq } from 'drizzle-orm';
import { ppsrSearches } from '../../../server/store/schema/index.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { PREFIX, advance, charges, downloadCertificate, rawCall, readSearch, setAvailability, startSearch } from './support.js';

let server: TestServer;
let account: TestAccount;
const it = serverTestWithAccount((shared) => ({ server, account } = shared));

const post = (body: unknown, key = account.keys.secretTest, prefix: string = PREFIX.test, headers: Record<string, string> = {}) =>
  rawCall(server, key, 'POST', '/ppsr/searches', body, prefix, headers);

function codes(body: Record<string, unknown>): Record<string, string[]> {
  const errors = body.errors as Record<string, { code: string }[]>;
  return Object.fromEntries(Object.entries(errors).map(([path, list]) => [path, list.map((p) => p.code)]));
}

async function searchesOf(accountId: string): Promise<number> {
  return (await server.deps.db.select().from(ppsrSearches).where(eq(ppsrSearches.accountId, accountId))).length;
}

describe('request rules (422 validation_failed)', () => {
  it.each([
    ['no search type', {}, { '': ['search_type_required'] }],
    ['only an unknown field', { reference: 'x' }, { reference: ['unknown_field'], '': ['search_type_required'] }],
    ['two search types', { acn: '100000011', vin: '1HGCM82633A004352' }, { acn: ['search_type_conflict'], vin: ['search_type_conflict'] }],
    ['ACN checksum', { acn: '100000012' }, { acn: ['invalid_acn'] }],
    ['ACN not 9 digits', { acn: '12345' }, { acn: ['invalid_format'] }],
    ['ABN checksum', { abn: '60100000012' }, { abn: ['invalid_abn'] }],
    ['ARBN uses the ACN checksum', { arbn: '100000076' }, { arbn: ['invalid_acn'] }],
    ['ARSN uses the ACN checksum', { arsn: '123456789' }, { arsn: ['invalid_acn'] }],
    ['VIN with O', { vin: '1HGCM82633AO04352' }, { vin: ['invalid_format'] }],
    ['VIN over 17', { vin: '1HGCM82633A0043521' }, { vin: ['too_long'] }],
    ['VIN not a string', { vin: 17 }, { vin: ['invalid_format'] }],
    ['serial number without its type', { serialNumber: 'AU-ABC12345D616' }, { serialNumberType: ['required'] }],
    [
      'serial number too long, unknown type',
      { serialNumber: 'A'.repeat(18), serialNumberType: 'VIN' },
      { serialNumber: ['too_long'], serialNumberType: ['invalid_enum'] },
    ],
    ['serial number with a space', { serialNumber: 'AU ABC', serialNumberType: 'HIN' }, { serialNumber: ['invalid_format'] }],
    ['registration number with letters', { registrationNumber: '2024A' }, { registrationNumber: ['invalid_format'] }],
    ['registration number over 20', { registrationNumber: '1'.repeat(21) }, { registrationNumber: ['too_long'] }],
    [
      'individual without date of birth or authorised purpose',
      { familyName: 'CITIZEN', givenNames: 'JANE' },
      { dateOfBirth: ['required'], authorisedPurpose: ['required'] },
    ],
    [
      'individual with a bad date and authorised purpose false',
      { familyName: 'CITIZEN', givenNames: 'JANE', dateOfBirth: '1980-02-30', authorisedPurpose: false },
      { dateOfBirth: ['invalid_format'], authorisedPurpose: ['invalid_format'] },
    ],
    ['organisation name over 255', { organisationName: 'A'.repeat(256) }, { organisationName: ['too_long'] }],
    ['organisation name with a NUL', { organisationName: 'A\u0000B' }, { organisationName: ['invalid_format'] }],
    ['a JSON array', [{ acn: '100000011' }], { '': ['invalid_format'] }],
  ])('%s', async (_name, body, expected) => {
    const answer = await post(body);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ error: 'validation_failed', message: expect.any(String) });
    expect(codes(answer.body)).toEqual(expected);
  });

  it('lists every fault at once, and charges and creates nothing', async () => {
    const payer = await server.createAccount();
    const answer = await post({ acn: '100000012', abn: 'x', vin: '1HGCM82633AO04352', extra: true }, payer.keys.secretLive, PREFIX.live);
    expect(answer.status).toBe(422);
    expect(codes(answer.body)).toEqual({
      extra: ['unknown_field'],
      acn: ['search_type_conflict', 'invalid_acn'],
      abn: ['search_type_conflict', 'invalid_format'],
      vin: ['search_type_conflict', 'invalid_format'],
    });
    expect(await charges(server, payer.id)).toEqual([]);
    expect(await searchesOf(payer.id)).toBe(0);
  });

  it('never answers the structural pass`s codes for a valid search of another type', async () => {
    const answer = await post({ vin: '1HGCM82633A004352', serialNumberType: 'HIN' });
    expect(codes(answer.body)).toEqual({ vin: ['search_type_conflict'], serialNumberType: ['search_type_conflict'] });
  });
});

describe('payment and outages: refused before any charge', () => {
  it.each([
    [{ cardStatus: 'none' }, 402, 'payment_method_required'],
    [{ cardStatus: 'expired' }, 402, 'payment_method_expired'],
    [{ cardStatus: 'declining' }, 402, 'payment_failed'],
    [{ cardStatus: 'unavailable' }, 503, 'payment_unavailable'],
    [{ billing: 'none', cardStatus: 'none' }, 403, 'card_billing_required'],
  ])('a live search from an account with %j answers %i %s', async (overrides, status, code) => {
    const payer = await server.createAccount(overrides);
    const answer = await post({ vin: '1HGCM82633A004352' }, payer.keys.secretLive, PREFIX.live);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ error: code, message: expect.any(String) });
    if (status === 503) expect(answer.headers.get('retry-after')).toBe('30');
    expect(await charges(server, payer.id)).toEqual([]);
    expect(await searchesOf(payer.id)).toBe(0);
    // The same account's test key is free and unaffected.
    expect((await post({ vin: '1HGCM82633A004352' }, payer.keys.secretTest)).status).toBe(201);
  });

  it('answers 503 payment_unavailable while the operator has the card provider down', async () => {
    const payer = await server.createAccount();
    await setAvailability(server, { cardProvider: 'unavailable' });
    try {
      const answer = await post({ acn: '100000011' }, payer.keys.secretLive, PREFIX.live);
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ error: 'payment_unavailable' });
      expect(answer.headers.get('retry-after')).toBe('30');
      expect(await charges(server, payer.id)).toEqual([]);
    } finally {
      await setAvailability(server, { cardProvider: 'available' });
    }
    expect((await post({ acn: '100000011' }, payer.keys.secretLive, PREFIX.live)).status).toBe(201);
    expect((await charges(server, payer.id)).map((c) => c.amount)).toEqual([600]);
  });

  it('answers 503 registry_unavailable while the operator has the PPSR down, on both prefixes', async () => {
    const payer = await server.createAccount();
    await setAvailability(server, { ppsr: 'unavailable' });
    try {
      for (const [key, prefix] of [
        [payer.keys.secretLive, PREFIX.live],
        [payer.keys.secretTest, PREFIX.test],
      ] as const) {
        const answer = await post({ acn: '100000011' }, key, prefix);
        expect(answer.status).toBe(503);
        expect(answer.body).toMatchObject({ error: 'registry_unavailable' });
        expect(answer.headers.get('retry-after')).toBe('30');
      }
      expect(await charges(server, payer.id)).toEqual([]);
      expect(await searchesOf(payer.id)).toBe(0);
    } finally {
      await setAvailability(server, { ppsr: 'available' });
    }
  });

  it('keeps an accepted search new while the PPSR goes down, and completes it once it is back', async () => {
    const { data } = await startSearch(server, account.keys.secretTest, { vin: '1HGCM82633A004352' });
    await setAvailability(server, { ppsr: 'unavailable' });
    try {
      await advance(server, 60);
      expect((await readSearch(server, account.keys.secretTest, data!.requestId)).status).toBe('new');
    } finally {
      await setAvailability(server, { ppsr: 'available' });
    }
    await advance(server, 30);
    expect((await readSearch(server, account.keys.secretTest, data!.requestId)).status).toBe('completed');
  });
});

describe('not found', () => {
  it('answers 404 for an unknown search, id 0 and an id past bigint', async () => {
    for (const id of ['999999', '0', '99999999999999999999']) {
      const answer = await rawCall(server, account.keys.secretTest, 'GET', `/ppsr/searches/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ error: 'not_found' });
    }
  });

  it('answers 404 for an unknown certificate, a search not completed, and a registration number lookup', async () => {
    const { data: pending } = await startSearch(server, account.keys.secretTest, { acn: '100000011' });
    const early = await downloadCertificate(server, account.keys.secretTest, pending!.requestId, `CERT-${pending!.requestId}-1`);
    expect(early.response.status).toBe(404);
    await advance(server, 1);
    const unknown = await downloadCertificate(server, account.keys.secretTest, pending!.requestId, `CERT-${pending!.requestId}-9`);
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toEqual({
      error: 'not_found',
      message: `No certificate CERT-${pending!.requestId}-9 on PPSR search ${pending!.requestId}.`,
    });
    const { data: lookup } = await startSearch(server, account.keys.secretTest, { registrationNumber: '202403150012345' });
    await advance(server, 1);
    const none = await downloadCertificate(server, account.keys.secretTest, lookup!.requestId, `CERT-${lookup!.requestId}-1`);
    expect(none.response.status).toBe(404);
    expect(none.error).toEqual({ error: 'not_found', message: 'Registration number searches have no certificates.' });
  });

  it('answers 404 for a failed search`s certificates', async () => {
    const { data } = await startSearch(server, account.keys.secretTest, { vin: 'ZFA31200000000004' });
    await advance(server, 1);
    expect((await downloadCertificate(server, account.keys.secretTest, data!.requestId, `CERT-${data!.requestId}-1`)).response.status).toBe(
      404,
    );
  });
});

describe('idempotency (D-18)', () => {
  it('refuses a key reused with another body (409 idempotency_key_reused), and a key over 255 (400)', async () => {
    const headers = { 'Idempotency-Key': 'reuse-1' };
    expect((await post({ vin: '1HGCM82633A004352' }, account.keys.secretTest, PREFIX.test, headers)).status).toBe(201);
    const reused = await post({ vin: '6FPPXXMJ2PCD55635' }, account.keys.secretTest, PREFIX.test, headers);
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ error: 'idempotency_key_reused' });
    const long = await post({ vin: '1HGCM82633A004352' }, account.keys.secretTest, PREFIX.test, { 'Idempotency-Key': 'k'.repeat(256) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: 'idempotency_key_invalid' });
  });

  it('replays a refused live search without charging on the retry', async () => {
    const payer = await server.createAccount({ cardStatus: 'declining' });
    const headers = { 'Idempotency-Key': 'declined-1' };
    const first = await post({ acn: '100000011' }, payer.keys.secretLive, PREFIX.live, headers);
    const again = await post({ acn: '100000011' }, payer.keys.secretLive, PREFIX.live, headers);
    expect([first.status, again.status]).toEqual([402, 402]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await charges(server, payer.id)).toEqual([]);
  });
});

describe('alerts', () => {
  const alert = (body: unknown, key = account.keys.secretTest) => rawCall(server, key, 'POST', '/ppsr/alerts', body);

  it.each([
    ['missing both', {}, { organisationNumberType: ['required'], organisationNumber: ['required'] }],
    ['unknown type', { organisationNumberType: 'TFN', organisationNumber: '100000011' }, { organisationNumberType: ['invalid_enum'] }],
    ['ACN checksum', { organisationNumberType: 'ACN', organisationNumber: '100000012' }, { organisationNumber: ['invalid_acn'] }],
    [
      'ABN digits with type ACN',
      { organisationNumberType: 'ACN', organisationNumber: '60100000011' },
      { organisationNumber: ['invalid_format'] },
    ],
    ['ABN checksum', { organisationNumberType: 'ABN', organisationNumber: '60100000012' }, { organisationNumber: ['invalid_abn'] }],
    ['ARBN checksum', { organisationNumberType: 'ARBN', organisationNumber: '100000076' }, { organisationNumber: ['invalid_acn'] }],
    ['unknown field', { organisationNumberType: 'ACN', organisationNumber: '100000011', note: 'x' }, { note: ['unknown_field'] }],
  ])('%s: 422', async (_name, body, expected) => {
    const answer = await alert(body);
    expect(answer.status).toBe(422);
    expect(codes(answer.body)).toEqual(expected);
  });

  it('answers 409 already_subscribed for a second subscription to the same organisation', async () => {
    const first = await alert({ organisationNumberType: 'ACN', organisationNumber: '100000039' });
    expect(first.status).toBe(201);
    const second = await alert({ organisationNumberType: 'ACN', organisationNumber: '100000039' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      error: 'already_subscribed',
      message: `ACN 100000039 is already watched by alert ${String(first.body.id)}.`,
    });
  });

  it('answers 404 for deleting an unknown or already deleted subscription', async () => {
    const created = await alert({ organisationNumberType: 'ABN', organisationNumber: '34900000002' });
    const path = `/ppsr/alerts/${String(created.body.id)}`;
    expect((await rawCall(server, account.keys.secretTest, 'DELETE', path)).status).toBe(204);
    expect((await rawCall(server, account.keys.secretTest, 'DELETE', path)).status).toBe(404);
    expect((await rawCall(server, account.keys.secretTest, 'DELETE', '/ppsr/alerts/pal_000000000000000000000000')).status).toBe(404);
  });
});

describe('operator registrations and switches', () => {
  const registration = {
    grantorNumberType: 'ACN',
    grantorNumber: '100000011',
    collateralClass: 'Motor Vehicle',
    securedPartyName: 'EXAMPLE FINANCE LIMITED',
    registrationStart: '2026-11-22T03:00:00Z',
  };

  it('refuses a grantor number failing its type`s checksum (422)', async () => {
    for (const [type, number, code] of [
      ['ACN', '100000012', 'invalid_acn'],
      ['ABN', '100000011', 'invalid_abn'],
    ]) {
      const answer = await server.admin<Record<string, unknown>>('POST', '/admin/register/ppsr-registrations', {
        ...registration,
        grantorNumberType: type,
        grantorNumber: number,
      });
      expect(answer.status).toBe(422);
      expect(codes(answer.body)).toEqual({ grantorNumber: [code] });
    }
  });

  it('refuses a registration number that exists (409 duplicate_registration)', async () => {
    const answer = await server.admin('POST', '/admin/register/ppsr-registrations', {
      ...registration,
      registrationNumber: '202403150012345',
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: 'duplicate_registration', message: 'Registration 202403150012345 already exists.' });
  });

  it('refuses an empty or unknown availability change (422)', async () => {
    expect((await server.admin('PATCH', '/admin/register/availability', {})).status).toBe(422);
    expect((await server.admin('PATCH', '/admin/register/availability', { ppsr: 'down' })).status).toBe(422);
    const read = await server.admin('GET', '/admin/register/availability');
    expect(read.body).toEqual({ ppsr: 'available', cardProvider: 'available', monitoringActivation: 'available', retryAfterSeconds: 30 });
  });
});
