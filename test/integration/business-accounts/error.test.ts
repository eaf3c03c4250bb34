// Business account failures over HTTP (spec 2.4, 7; D-10, D-13, D-48): each rule broken on its own
// answers 422 `{"error": "validation_failed", "message", "errors": {"<path>": [{code, message}]}}` with
// exactly the expected code at the JSON path; structural faults and the 2.4 rules come back together
// in one answer; malformed JSON, 413, 415 and 404 keep the same shape. A refused application stores
// nothing and reaches no partner.
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { serverTestWithAccount } from '../../support/fixtures.js';
import { bankingPartnerApplications, businessAccountApplications } from '../../../server/store/schema/index.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { advance, codesByPath, documentExamples, mutate, problemsOf, rawCall, withValue } from './support.js';

let server: TestServer;
let account: TestAccount;
const it = serverTestWithAccount((shared) => ({ server, account } = shared));

const company = documentExamples().company!;

/** [what is broken, body, the exact `{path: [codes]}` of the 422]. */
const CASES: [string, unknown, Record<string, string[]>][] = [
  [
    'neither acn nor abn',
    mutate(company, ['accountInformation.acn', undefined], ['accountInformation.abn', undefined]),
    { accountInformation: ['acn_or_abn_required'] },
  ],
  [
    'the primary director is not among the directors',
    withValue(company, 'accountInformation.primaryDirector', { familyName: 'BROWN', givenName1: 'PETER' }),
    { 'accountInformation.primaryDirector': ['primary_director_not_listed'] },
  ],
  [
    'a state code with intlIndicator true (must be a country)',
    withValue(company, 'officeHolders.1.birthDetails.localityQualifier', 'QLD'),
    { 'officeHolders.1.birthDetails.localityQualifier': ['invalid_country_code'] },
  ],
  [
    'a qualifier that is neither a state nor a country',
    withValue(company, 'officeHolders.0.birthDetails.localityQualifier', 'XX'),
    { 'officeHolders.0.birthDetails.localityQualifier': ['invalid_locality_qualifier'] },
  ],
  [
    'a director name in lower case',
    withValue(company, 'accountInformation.directorsContacts.0.familyName', 'Citizen'),
    { 'accountInformation.directorsContacts.0.familyName': ['not_uppercase'] },
  ],
  [
    'a street in lower case',
    withValue(company, 'registeredOffice.address.street', '1 Eagle Street'),
    { 'registeredOffice.address.street': ['not_uppercase'] },
  ],
  [
    'a locality in lower case',
    withValue(company, 'officeHolders.0.address.locality', 'Kangaroo Point'),
    { 'officeHolders.0.address.locality': ['not_uppercase'] },
  ],
  [
    'the company name is missing',
    withValue(company, 'generalInformation.companyName', undefined),
    { 'generalInformation.companyName': ['required'] },
  ],
  [
    'no directors',
    withValue(company, 'accountInformation.directorsContacts', []),
    { 'accountInformation.directorsContacts': ['required'] },
  ],
  ['no office holders', withValue(company, 'officeHolders', []), { officeHolders: ['required'] }],
  ['the registered office is missing', withValue(company, 'registeredOffice', undefined), { registeredOffice: ['required'] }],
  [
    'an empty mobile',
    withValue(company, 'accountInformation.directorsContacts.1.mobile', ''),
    { 'accountInformation.directorsContacts.1.mobile': ['required'] },
  ],
  [
    'a company name over 255 characters',
    withValue(company, 'generalInformation.companyName', 'A'.repeat(256)),
    { 'generalInformation.companyName': ['too_long'] },
  ],
  [
    'an unknown jurisdiction',
    withValue(company, 'generalInformation.jurisdiction', 'XYZ'),
    { 'generalInformation.jurisdiction': ['invalid_enum'] },
  ],
  [
    'an unknown address state',
    withValue(company, 'principalPlaceOfBusiness.address.state', 'QUEENSLAND'),
    { 'principalPlaceOfBusiness.address.state': ['invalid_enum'] },
  ],
  [
    'a postcode that is not 4 digits',
    withValue(company, 'registeredOffice.address.postcode', '40000'),
    { 'registeredOffice.address.postcode': ['invalid_format'] },
  ],
  [
    'an e-mail that is not an address',
    withValue(company, 'accountInformation.directorsContacts.0.email', 'jane.citizen'),
    { 'accountInformation.directorsContacts.0.email': ['invalid_format'] },
  ],
  [
    'an ACN that is not 9 digits',
    withValue(company, 'accountInformation.acn', '10000001'),
    { 'accountInformation.acn': ['invalid_format'] },
  ],
  [
    'an ABN that is not 11 digits',
    withValue(company, 'accountInformation.abn', '6010000001X'),
    { 'accountInformation.abn': ['invalid_format'] },
  ],
  [
    'numberIssued that is not digits',
    withValue(company, 'shareAllocation.0.numberIssued', 'ONE HUNDRED'),
    { 'shareAllocation.0.numberIssued': ['invalid_format'] },
  ],
  [
    'a birth date that does not exist',
    withValue(company, 'officeHolders.0.birthDetails.date', '1980-02-30'),
    { 'officeHolders.0.birthDetails.date': ['invalid_format'] },
  ],
  [
    'a value of the wrong JSON type',
    withValue(company, 'officeHolders.0.birthDetails.intlIndicator', 'yes'),
    { 'officeHolders.0.birthDetails.intlIndicator': ['invalid_format'] },
  ],
  ['an unknown field', withValue(company, 'accountInformation.tfn', '123456782'), { 'accountInformation.tfn': ['unknown_field'] }],
  [
    'an unknown field named __proto__',
    JSON.parse(`{${JSON.stringify(company).slice(1, -1)},"__proto__":{"x":1}}`) as unknown,
    JSON.parse('{"__proto__":["unknown_field"]}') as Record<string, string[]>,
  ],
  [
    'a NUL character (D-48)',
    withValue(company, 'applicant.individual.givenName2', 'MA\u0000RIE'),
    { 'applicant.individual.givenName2': ['invalid_format'] },
  ],
  ['a body that is not an object', 'APPLICATION', { body: ['invalid_format'] }],
];

describe('each rule, broken on its own, over HTTP', () => {
  it.each(CASES)('%s', async (_what, body, expected) => {
    const errors = await problemsOf(server, account.keys.secretTest, body);
    for (const list of Object.values(errors)) for (const error of list) expect(error.message.length).toBeGreaterThan(0);
    expect(codesByPath(errors)).toEqual(expected);
  });
});

describe('every fault at once', () => {
  it('reports structural faults and the 2.4 rules together, and stores nothing', async () => {
    const body = mutate(
      company,
      ['accountInformation.acn', undefined],
      ['accountInformation.abn', undefined],
      ['accountInformation.primaryDirector', { familyName: 'BROWN', givenName1: 'PETER' }],
      ['accountInformation.directorsContacts.1.familyName', 'smith'],
      ['officeHolders.1.birthDetails.localityQualifier', 'WA'],
      ['registeredOffice.address.postcode', '400'],
      ['generalInformation.colour', 'BLUE'],
      ['shareAllocation', []],
    );
    const errors = await problemsOf(server, account.keys.secretTest, body);
    expect(codesByPath(errors)).toEqual({
      accountInformation: ['acn_or_abn_required'],
      'accountInformation.primaryDirector': ['primary_director_not_listed'],
      'accountInformation.directorsContacts.1.familyName': ['not_uppercase'],
      'officeHolders.1.birthDetails.localityQualifier': ['invalid_country_code'],
      'registeredOffice.address.postcode': ['invalid_format'],
      'generalInformation.colour': ['unknown_field'],
      shareAllocation: ['required'],
    });
    await advance(server, 3600);
    const count = async (table: typeof businessAccountApplications | typeof bankingPartnerApplications) =>
      (await server.deps.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    expect(await count(businessAccountApplications)).toBe(0);
    expect(await count(bankingPartnerApplications)).toBe(0);
  });
});

describe('transport failures keep the ApiError shape', () => {
  it('malformed JSON: 400 invalid_json', async () => {
    const answer = await rawCall(server, account.keys.secretTest, 'POST', '/business-accounts', '{"generalInformation": [');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'invalid_json', message: expect.any(String) });
  });

  it('a body that is not JSON: 415 unsupported_media_type', async () => {
    const answer = await rawCall(server, account.keys.secretTest, 'POST', '/business-accounts', JSON.stringify(company), {
      'Content-Type': 'text/plain',
    });
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual({ error: 'unsupported_media_type', message: expect.any(String) });
  });

  it('a body over 1 MiB: 413 payload_too_large', async () => {
    const big = JSON.stringify(withValue(company, 'registeredOffice.address.careOf', 'X'.repeat(1024 * 1024)));
    const answer = await rawCall(server, account.keys.secretTest, 'POST', '/business-accounts', big);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ error: 'payload_too_large', message: expect.any(String) });
  });

  it.each(['999999', '0', 'abc', '99999999999999999999'])('GET status of %s: 404 not_found', async (id) => {
    const answer = await rawCall(server, account.keys.secretTest, 'GET', `/business-accounts/status/${id}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: 'not_found', message: expect.any(String) });
  });

  it('a reused Idempotency-Key with another body: 409 idempotency_key_reused', async () => {
    const headers = { 'Idempotency-Key': 'ba-error-reuse' };
    expect((await rawCall(server, account.keys.secretTest, 'POST', '/business-accounts', JSON.stringify(company), headers)).status).toBe(
      201,
    );
    const other = withValue(company, 'generalInformation.companyName', 'OTHER PTY LTD');
    const reused = await rawCall(server, account.keys.secretTest, 'POST', '/business-accounts', JSON.stringify(other), headers);
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ error: 'idempotency_key_reused', message: expect.any(String) });
  });
});
