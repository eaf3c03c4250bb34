// Form 484 failures over HTTP (spec 2.5, D-11, D-13, D-14, D-48): each rule broken on its own answers
// 422 `{"response": null, "errors": [{code, field, message}]}` with exactly the expected code at the
// JSON path, structural and rule faults come back together in one answer, and malformed JSON, 413,
// 415 and 404 keep the Form 484 shape. A fast-check property sends mutated and random bodies: never a
// code outside D-11, never a 5xx. The service clock stands at 2026-11-22 (Australia/Brisbane).
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { serverTestWithAccount } from '../../support/fixtures.js';
import type { Form484Request } from '../../../generated/client/index.js';
import { form484Lodgements } from '../../../server/store/schema/index.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { D11_CODES, PREFIX, documentExamples, problemsOf, rawCall, withValue, type Form484Problem } from './support.js';

let server: TestServer;
let account: TestAccount;
const it = serverTestWithAccount((shared) => ({ server, account } = shared));

const examples = documentExamples();
const office = examples.registeredOffice!;
const officers = examples.officeHolderAppointment!;
const shares = examples.shareIssue!;
const extras = examples.holdingCompanyFeesAndAnnexure!;

/** A body with several mutations applied in order. */
function mutate<T>(body: T, ...changes: [string, unknown][]): T {
  return changes.reduce((acc, [path, value]) => withValue(acc, path, value), body);
}

async function lodgementCount(): Promise<number> {
  const rows = await server.deps.db.select({ n: sql<number>`count(*)::int` }).from(form484Lodgements);
  return rows[0]!.n;
}

const pairs = (problems: Form484Problem[]) => problems.map((p) => `${p.code} ${p.field}`).sort();

function expectD11(problems: Form484Problem[]): void {
  expect(problems.length).toBeGreaterThan(0);
  for (const problem of problems) {
    expect(D11_CODES, JSON.stringify(problem)).toContain(problem.code);
    expect(typeof problem.field).toBe('string');
    expect(problem.message.length).toBeGreaterThan(0);
  }
}

/** [what is broken, body, the exact (code field) pairs of the 422]. */
const CASES: [string, unknown, string[]][] = [
  [
    'a required field is missing',
    withValue(office, 'generalInformation.companyName', undefined),
    ['required generalInformation.companyName'],
  ],
  ['a required section is missing', withValue(office, 'signature', undefined), ['required signature']],
  [
    'testTransmissionIndicator is missing',
    withValue(office, 'testTransmissionIndicator', undefined),
    ['required testTransmissionIndicator'],
  ],
  [
    'the company name is longer than 200',
    withValue(office, 'generalInformation.companyName', 'A'.repeat(201)),
    ['too_long generalInformation.companyName'],
  ],
  [
    'a street is longer than 52',
    withValue(office, 'registeredOffice.address.street', 'A'.repeat(53)),
    ['too_long registeredOffice.address.street'],
  ],
  [
    'a value is not uppercase',
    withValue(office, 'generalInformation.companyName', 'Sandbox Trading Pty Ltd'),
    ['not_uppercase generalInformation.companyName'],
  ],
  ['a name is not uppercase', withValue(office, 'signature.name.givenName1', 'Jane'), ['not_uppercase signature.name.givenName1']],
  [
    'a date does not exist',
    withValue(office, 'registeredOffice.dateOfChange', '2026-02-30'),
    ['invalid_date registeredOffice.dateOfChange'],
  ],
  ['a date is not YYYY-MM-DD', withValue(office, 'signature.date', '20/11/2026'), ['invalid_date signature.date']],
  [
    'a change date is tomorrow',
    withValue(office, 'registeredOffice.dateOfChange', '2026-11-23'),
    ['date_in_future registeredOffice.dateOfChange'],
  ],
  [
    'an appointment date is in the future',
    withValue(officers, 'officeHolders.0.offices.0.appointmentDate', '2027-01-01'),
    ['date_in_future officeHolders.0.offices.0.appointmentDate'],
  ],
  [
    'a share issue date is in the future',
    withValue(shares, 'shareIssue.earliestDateOfIssue', '2026-12-01'),
    ['date_in_future shareIssue.earliestDateOfIssue'],
  ],
  ['the signature is more than 6 months old', withValue(office, 'signature.date', '2026-05-21'), ['date_out_of_window signature.date']],
  ['the signature is dated tomorrow', withValue(office, 'signature.date', '2026-11-23'), ['date_out_of_window signature.date']],
  ['the ACN fails its checksum', withValue(office, 'generalInformation.acn', '100000012'), ['invalid_acn generalInformation.acn']],
  ['the ACN is not 9 digits', withValue(office, 'generalInformation.acn', '12345'), ['invalid_acn generalInformation.acn']],
  [
    'the holding company ACN is not 9 digits',
    withValue(extras, 'ultimateHoldingCompany.acn', '12345678'),
    ['invalid_acn ultimateHoldingCompany.acn'],
  ],
  [
    'the holding company ABN is not 11 digits',
    withValue(extras, 'ultimateHoldingCompany.abn', '1112345678'),
    ['invalid_format ultimateHoldingCompany.abn'],
  ],
  [
    'an officer ACN is not 9 digits',
    withValue(officers, 'officeHolders.0.organisationAcn', 'ACN100000'),
    ['invalid_acn officeHolders.0.organisationAcn'],
  ],
  [
    'an officer is 17',
    withValue(officers, 'officeHolders.0.birthDetails.date', '2008-11-23'),
    ['under_18 officeHolders.0.birthDetails.date'],
  ],
  [
    'class totals do not match the members (V455)',
    withValue(shares, 'shareStructure.0.numberIssued', 1101),
    ['sum_mismatch_v455 shareStructure.0.numberIssued'],
  ],
  [
    'paid totals do not match the members (V455)',
    withValue(shares, 'shareStructure.0.totalAmountUnpaid', 5),
    ['sum_mismatch_v455 shareStructure.0.totalAmountUnpaid'],
  ],
  [
    'a member holds a class that is not in shareStructure',
    withValue(shares, 'members.1.shareClass', 'PREF'),
    [
      'unknown_share_class members.1.shareClass',
      'sum_mismatch_v455 shareStructure.0.numberIssued',
      'sum_mismatch_v455 shareStructure.0.totalAmountPaid',
    ],
  ],
  ['a share issue without shareStructure', withValue(shares, 'shareStructure', undefined), ['section_required shareStructure']],
  ['a share issue without members', withValue(shares, 'members', undefined), ['section_required members']],
  [
    'a share cancellation without either',
    mutate(examples.shareCancellation!, ['shareStructure', undefined], ['members', undefined]),
    ['section_required members', 'section_required shareStructure'],
  ],
  ['a role outside DIR, SEC, ALT', withValue(office, 'signature.role', 'CEO'), ['invalid_enum signature.role']],
  [
    'a state that is not Australian',
    withValue(office, 'registeredOffice.address.state', 'XYZ'),
    ['invalid_enum registeredOffice.address.state'],
  ],
  [
    'AU as a birth qualifier (it names no state)',
    withValue(officers, 'officeHolders.0.birthDetails.localityQualifier', 'AU'),
    ['invalid_enum officeHolders.0.birthDetails.localityQualifier'],
  ],
  [
    'the declaration is false',
    withValue(office, 'signature.declaresTrueAndCorrectIndicator', false),
    ['invalid_enum signature.declaresTrueAndCorrectIndicator'],
  ],
  ['the annexure type is not ALT', withValue(extras, 'annexures.type', 'PDF'), ['invalid_enum annexures.type']],
  [
    'a postcode is not 4 digits',
    withValue(office, 'registeredOffice.address.postcode', '400'),
    ['invalid_format registeredOffice.address.postcode'],
  ],
  [
    'an unknown field',
    withValue(office, 'generalInformation.tradingName', 'SANDBOX COFFEE'),
    ['invalid_format generalInformation.tradingName'],
  ],
  ['a value of the wrong JSON type', withValue(office, 'testTransmissionIndicator', 'false'), ['invalid_format testTransmissionIndicator']],
  [
    'a number out of range',
    withValue(shares, 'members.0.increaseDecreaseInHolding', 1_000_000_000_000_000),
    ['invalid_format members.0.increaseDecreaseInHolding'],
  ],
  ['an annexure of 0 pages', withValue(extras, 'annexures.numberOfPages', 0), ['invalid_format annexures.numberOfPages']],
  ['an annexure mark over 2 characters', withValue(extras, 'annexures.mark', 'ABC'), ['too_long annexures.mark']],
  ['annexure text that is not printable ASCII', withValue(extras, 'annexures.text', 'CAFÉ'), ['invalid_format annexures.text']],
  ['annexure text in lower case', withValue(extras, 'annexures.text', 'annexure a'), ['not_uppercase annexures.text']],
  [
    'a NUL character (D-48)',
    withValue(office, 'registeredOffice.address.street', '1 EAGLE\u0000 STREET'),
    ['invalid_format registeredOffice.address.street'],
  ],
  [
    'a lone surrogate (D-48)',
    withValue(office, 'registeredOffice.address.locality', 'BRISBANE \ud800'),
    ['invalid_format registeredOffice.address.locality'],
  ],
  [
    'a company not occupying its office without occupier details',
    withValue(office, 'registeredOffice.occupyIndicator', false),
    ['required registeredOffice.occupierConsent', 'required registeredOffice.occupierName'],
  ],
  [
    'an Australian officer address without a state',
    withValue(officers, 'officeHolders.0.address.state', undefined),
    ['required officeHolders.0.address.state'],
  ],
  [
    'an address without country or postcode (taken as Australian)',
    withValue(officers, 'officeHolders.2.address.postcode', undefined),
    ['required officeHolders.2.address.postcode'],
  ],
  [
    'an overseas officer address with a postcode',
    withValue(officers, 'officeHolders.1.address.postcode', '1010'),
    ['invalid_format officeHolders.1.address.postcode'],
  ],
  [
    'a holding owner that is neither person nor organisation',
    withValue(shares, 'members.0.holdingOwners.0.individual', undefined),
    ['required members.0.holdingOwners.0'],
  ],
  [
    'a holding owner that is both',
    withValue(shares, 'members.0.holdingOwners.0.organisation', { name: 'HARBOUR LIGHTS PTY LTD' }),
    ['invalid_format members.0.holdingOwners.0'],
  ],
  [
    'an unknown field named __proto__',
    JSON.parse(`{${JSON.stringify(office).slice(1, -1)},"__proto__":{"x":1}}`) as unknown,
    ['invalid_format __proto__'],
  ],
  ['a body that is not an object', [office], ['invalid_format ']],
];

describe('each rule, broken on its own, over HTTP', () => {
  it.each(CASES)('%s', async (_what, body, expected) => {
    const problems = await problemsOf(server, account.keys.secretTest, body);
    expectD11(problems);
    expect(pairs(problems)).toEqual([...expected].sort());
  });

  it('covers every D-11 code', () => {
    const covered = new Set(CASES.flatMap(([, , expected]) => expected.map((pair) => pair.split(' ')[0])));
    expect([...covered].sort()).toEqual([...D11_CODES].sort());
  });
});

describe('identifiers the spec calls only "9 digits" / "11 digits"', () => {
  it('accepts any digits there, without a checksum', async () => {
    const body = mutate(extras, ['ultimateHoldingCompany.acn', '123456789'], ['ultimateHoldingCompany.abn', '11111111111']);
    const answer = await rawCall(server, account.keys.secretTest, 'POST', '/asic-484-forms', JSON.stringify(body));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const owner = withValue(shares, 'members.1.holdingOwners.0.organisation.acn', '604123454');
    expect((await rawCall(server, account.keys.secretTest, 'POST', '/asic-484-forms', JSON.stringify(owner))).status).toBe(201);
    const officer = withValue(officers, 'officeHolders.0.organisationAcn', '100000012');
    expect((await rawCall(server, account.keys.secretTest, 'POST', '/asic-484-forms', JSON.stringify(officer))).status).toBe(201);
  });
});

describe('every fault at once', () => {
  it('lists structural and rule faults together in one 422', async () => {
    const body = mutate(
      shares,
      ['generalInformation.companyName', 'Sandbox Trading'],
      ['generalInformation.tradingName', 'X'],
      ['testTransmissionIndicator', undefined],
      ['signature.date', '2025-01-01'],
      ['shareStructure.0.numberIssued', 5],
      ['members.1.shareClass', 'PREF'],
      ['members.0.totalPaid', 'LOTS'],
    );
    const before = await lodgementCount();
    const problems = await problemsOf(server, account.keys.secretTest, body);
    expectD11(problems);
    expect(pairs(problems)).toEqual(
      [
        'not_uppercase generalInformation.companyName',
        'invalid_format generalInformation.tradingName',
        'required testTransmissionIndicator',
        'date_out_of_window signature.date',
        'invalid_format members.0.totalPaid',
        'unknown_share_class members.1.shareClass',
        'sum_mismatch_v455 shareStructure.0.numberIssued',
      ].sort(),
    );
    expect(await lodgementCount()).toBe(before);
  });
});

describe('transport failures keep the Form 484 shape', () => {
  it('malformed JSON: 400 invalid_json', async () => {
    const answer = await rawCall(server, account.keys.secretTest, 'POST', '/asic-484-forms', '{"generalInformation": ');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ response: null, errors: [{ code: 'invalid_json', field: '', message: expect.any(String) }] });
  });

  it('a body that is not JSON: 415 unsupported_media_type', async () => {
    const answer = await rawCall(server, account.keys.secretTest, 'POST', '/asic-484-forms', JSON.stringify(office), {
      'Content-Type': 'text/plain',
    });
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual({ response: null, errors: [{ code: 'unsupported_media_type', field: '', message: expect.any(String) }] });
  });

  it('takes an 8 MiB body (two texts of 2,900,000 characters) and refuses more with 413 (D-14)', async () => {
    const long = mutate(
      shares,
      ['shareIssue.descriptionOfConsideration', 'C'.repeat(2_900_000)],
      ['annexures', { ...extras.annexures!, text: 'A'.repeat(2_900_000) }],
    );
    const accepted = await rawCall(server, account.keys.secretTest, 'POST', '/asic-484-forms', JSON.stringify(long));
    expect(accepted.status, JSON.stringify(accepted.body).slice(0, 300)).toBe(201);
    const tooBig = JSON.stringify(withValue(office, 'registeredOffice.address.careOf', 'X'.repeat(8 * 1024 * 1024)));
    const refused = await rawCall(server, account.keys.secretTest, 'POST', '/asic-484-forms', tooBig);
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ response: null, errors: [{ code: 'payload_too_large', field: '', message: expect.any(String) }] });
  });

  it.each(['999999', '0', 'abc', '1e3', '99999999999999999999'])('GET status of %s: 404 not_found', async (id) => {
    const answer = await rawCall(server, account.keys.secretTest, 'GET', `/asic-484-forms/${id}/status`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ response: null, errors: [{ code: 'not_found', field: '', message: expect.any(String) }] });
  });

  it('a reused Idempotency-Key with another body: 409 idempotency_key_reused', async () => {
    const headers = { 'Idempotency-Key': 'form484-error-reuse' };
    expect((await rawCall(server, account.keys.secretTest, 'POST', '/asic-484-forms', JSON.stringify(office), headers)).status).toBe(201);
    const other = withValue(office, 'registeredOffice.dateOfChange', '2026-11-15');
    const reused = await rawCall(server, account.keys.secretTest, 'POST', '/asic-484-forms', JSON.stringify(other), headers);
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ response: null, errors: [{ code: 'idempotency_key_reused', field: '', message: expect.any(String) }] });
  });
});

describe('property: no Form 484 body yields a code outside D-11 or a 5xx', () => {
  /** Every path of a JSON value (objects and arrays), so a mutation can land anywhere. */
  function pathsOf(value: unknown, prefix: string[] = []): string[][] {
    if (value === null || typeof value !== 'object') return [];
    return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => [
      [...prefix, key],
      ...pathsOf(child, [...prefix, key]),
    ]);
  }

  function setAt(body: unknown, path: string[], value: unknown): unknown {
    const copy = structuredClone(body) as Record<string, unknown>;
    let node = copy;
    for (const part of path.slice(0, -1)) node = node[part] as Record<string, unknown>;
    const last = path[path.length - 1]!;
    if (value === undefined) delete node[last];
    else node[last] = value;
    return copy;
  }

  const replacement = fc.oneof(
    fc.constant(undefined),
    fc.jsonValue({ maxDepth: 2 }),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 10 }),
    fc.constantFrom('', 'A'.repeat(300), '2026-11-23', '2008-11-23', '2026-02-30', '100000012', 'PREF', 'lower case', 'AU', 'NZ', '\u0000'),
    fc.integer({ min: -2, max: 3 }),
    fc.constantFrom(1e16, 1.5, -1, 0, Number.MAX_SAFE_INTEGER),
    fc.boolean(),
  );

  const mutation = fc.record({ pick: fc.nat(), value: replacement });
  const exampleNames = Object.keys(examples);
  const body = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...exampleNames), fc.array(mutation, { minLength: 1, maxLength: 4 })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ['raw', value] as const) },
  );

  it('answers 201 or a D-11 422, never anything else', async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(body, async (generated) => {
        let sent: unknown;
        if (generated[0] === 'raw') sent = generated[1];
        else {
          const [name, mutations] = generated as [string, { pick: number; value: unknown }[]];
          sent = examples[name] as Form484Request;
          for (const { pick, value } of mutations) {
            const paths = pathsOf(sent);
            if (paths.length === 0) break;
            sent = setAt(sent, paths[pick % paths.length]!, value);
          }
        }
        const answer = await rawCall(server, account.keys.secretTest, 'POST', '/asic-484-forms', JSON.stringify(sent));
        expect([201, 422], JSON.stringify(answer.body).slice(0, 500)).toContain(answer.status);
        seen.add(answer.status);
        if (answer.status === 422) {
          expect(answer.body.response).toBeNull();
          expectD11(answer.body.errors as Form484Problem[]);
        } else {
          expect(answer.body.errors).toEqual([]);
        }
      }),
      { numRuns: 150, seed: 20261122 },
    );
    // The generator reached both outcomes, so the property judged real 422s and real lodgements.
    expect([...seen].sort()).toEqual([201, 422]);
  });
});

describe('prefixes', () => {
  it('answers the same on V1', async () => {
    const problems = await rawCall(
      server,
      account.keys.secretTest,
      'POST',
      '/asic-484-forms',
      JSON.stringify(withValue(office, 'signature.role', 'CEO')),
      {},
      PREFIX.v1Test,
    );
    expect(problems.status).toBe(422);
    expect(pairs(problems.body.errors as Form484Problem[])).toEqual(['invalid_enum signature.role']);
  });
});
