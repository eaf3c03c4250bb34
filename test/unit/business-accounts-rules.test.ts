// Business account rules beyond plain field types (spec 2.4, D-10): each rule passes and fails on
// a small change to the documented example, and failures carry the D-10 code and JSON path.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { describe, expect, it } from 'vitest';
import {
  BusinessAccountApplication,
  BusinessAccountStatus,
  ISO_COUNTRY_CODES,
  validateBusinessAccountRules,
} from '../../schemas/business-accounts/index.js';
import { APPLICATION_EXAMPLE, STATUS_EXAMPLES } from '../../schemas/business-accounts/examples.js';
import { completeIdentifierAlternatives } from '../../schemas/common/identifier-alternatives.js';
import { createSpecAjv } from '../support/spec-ajv.js';

type Application = BusinessAccountApplication;

/** The example with office holder `index`'s birth details replaced. */
function withBirth(index: number, birth: Partial<Application['officeHolders'][number]['birthDetails']>): Application {
  const body = structuredClone(APPLICATION_EXAMPLE);
  const holder = body.officeHolders[index];
  if (!holder) throw new Error(`no office holder ${index}`);
  holder.birthDetails = { date: holder.birthDetails.date, ...birth };
  return body;
}

const QUALIFIER_PATH = 'officeHolders.1.birthDetails.localityQualifier';

describe('the documented example', () => {
  it('passes the schema and every rule', () => {
    expect(BusinessAccountApplication.safeParse(APPLICATION_EXAMPLE).success).toBe(true);
    expect(validateBusinessAccountRules(APPLICATION_EXAMPLE)).toEqual({});
  });
});

describe('accountInformation needs acn or abn (structural)', () => {
  const registry = new OpenAPIRegistry();
  registry.register('BusinessAccountApplication', BusinessAccountApplication);
  // As published: "acn or abn" written as complete object alternatives.
  const document = completeIdentifierAlternatives(new OpenApiGeneratorV31(registry.definitions).generateComponents()) as Record<
    string,
    unknown
  >;
  const validate = createSpecAjv(document).getSchema('doc#/components/schemas/BusinessAccountApplication');

  const accountWith = (numbers: { acn?: string; abn?: string }): Application => {
    const body = structuredClone(APPLICATION_EXAMPLE);
    const { acn: _acn, abn: _abn, ...rest } = body.accountInformation;
    body.accountInformation = { ...rest, ...numbers };
    return body;
  };

  it.each([
    ['ACN only', { acn: '100000011' }],
    ['ABN only', { abn: '60100000011' }],
    ['both', { acn: '100000011', abn: '60100000011' }],
  ])('passes with %s', (_name, numbers) => {
    expect(BusinessAccountApplication.safeParse(accountWith(numbers)).success).toBe(true);
    expect(validate?.(accountWith(numbers))).toBe(true);
  });

  it('fails with neither, as acn_or_abn_required on accountInformation', () => {
    const result = BusinessAccountApplication.safeParse(accountWith({}));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), 'params' in issue ? issue.params : undefined])).toEqual([
      ['accountInformation', { code: 'acn_or_abn_required' }],
    ]);
    expect(validate?.(accountWith({}))).toBe(false);
  });

  it('checks digits only, not the checksum (spec 2.4 says "exactly 9/11 digits"; the partner validates further)', () => {
    expect(BusinessAccountApplication.safeParse(accountWith({ acn: '123456789', abn: '12345678901' })).success).toBe(true);
    expect(BusinessAccountApplication.safeParse(accountWith({ acn: '12345678' })).success).toBe(false);
    expect(BusinessAccountApplication.safeParse(accountWith({ abn: '1234567890A' })).success).toBe(false);
  });
});

describe('primaryDirector must be listed in directorsContacts', () => {
  it('passes when the names match, ignoring case and surrounding spaces', () => {
    const body = structuredClone(APPLICATION_EXAMPLE);
    body.accountInformation.primaryDirector = { familyName: ' Smith', givenName1: 'john ' };
    expect(validateBusinessAccountRules(body)).toEqual({});
  });

  it('fails when no director has both names', () => {
    const body = structuredClone(APPLICATION_EXAMPLE);
    body.accountInformation.primaryDirector = { familyName: 'CITIZEN', givenName1: 'JOHN' };
    expect(validateBusinessAccountRules(body)).toEqual({
      'accountInformation.primaryDirector': [{ code: 'primary_director_not_listed', message: expect.stringContaining('JOHN CITIZEN') }],
    });
  });
});

describe('birthDetails.localityQualifier', () => {
  it.each([
    ['a state code without intlIndicator', { localityQualifier: 'QLD' }],
    ['an external territory code', { localityQualifier: 'NFK', intlIndicator: false }],
    ['SA without intlIndicator (South Australia takes priority)', { localityQualifier: 'SA' }],
    ['SA with intlIndicator (Saudi Arabia)', { localityQualifier: 'SA', intlIndicator: true }],
    ['a country code with intlIndicator', { localityQualifier: 'NZ', intlIndicator: true }],
    ['a country code without intlIndicator (state codes only take priority)', { localityQualifier: 'NZ' }],
    ['no qualifier at all', { locality: 'AUCKLAND', intlIndicator: true }],
  ])('passes with %s', (_name, birth) => {
    const body = withBirth(1, birth);
    expect(BusinessAccountApplication.safeParse(body).success).toBe(true);
    expect(validateBusinessAccountRules(body)).toEqual({});
  });

  it.each([
    ['a state code with intlIndicator', { localityQualifier: 'QLD', intlIndicator: true }],
    ['a reserved, unassigned code with intlIndicator', { localityQualifier: 'UK', intlIndicator: true }],
  ])('fails with %s: invalid_country_code', (_name, birth) => {
    expect(validateBusinessAccountRules(withBirth(1, birth))).toEqual({
      [QUALIFIER_PATH]: [{ code: 'invalid_country_code', message: expect.any(String) }],
    });
  });

  it('fails with a code that is neither a state nor a country: invalid_locality_qualifier', () => {
    expect(validateBusinessAccountRules(withBirth(1, { localityQualifier: 'XX', intlIndicator: false }))).toEqual({
      [QUALIFIER_PATH]: [{ code: 'invalid_locality_qualifier', message: expect.any(String) }],
    });
  });

  it('refuses lower case in the schema', () => {
    expect(BusinessAccountApplication.safeParse(withBirth(1, { localityQualifier: 'qld' })).success).toBe(false);
  });

  it('knows the 249 assigned ISO 3166-1 codes', () => {
    expect(ISO_COUNTRY_CODES).toHaveLength(249);
    expect(ISO_COUNTRY_CODES).toContain('GB');
    expect(ISO_COUNTRY_CODES).not.toContain('UK');
  });
});

describe('every violation is reported (D-10)', () => {
  it('reports all rules at once, keyed by JSON path', () => {
    const body = withBirth(0, { localityQualifier: 'ZZ' });
    body.accountInformation.primaryDirector = { familyName: 'BROWN', givenName1: 'PETER' };
    const errors = validateBusinessAccountRules(body);
    expect(Object.keys(errors).sort()).toEqual(['accountInformation.primaryDirector', 'officeHolders.0.birthDetails.localityQualifier']);
  });
});

describe('schema rules of spec 2.4', () => {
  it.each([
    ['a lower-case director name', (b: Application) => void (b.accountInformation.directorsContacts[0]!.familyName = 'Citizen')],
    ['a lower-case street', (b: Application) => void (b.registeredOffice.address.street = '1 Eagle Street')],
    ['a 3-digit postcode', (b: Application) => void (b.registeredOffice.address.postcode = '400')],
    ['an unknown state', (b: Application) => void Object.assign(b.registeredOffice.address, { state: 'XYZ' })],
    ['no directors', (b: Application) => void (b.accountInformation.directorsContacts = [])],
    ['a bad director e-mail', (b: Application) => void (b.accountInformation.directorsContacts[0]!.email = 'not-an-email')],
    ['no office holders', (b: Application) => void (b.officeHolders = [])],
    ['numberIssued not a number', (b: Application) => void (b.shareAllocation[0]!.numberIssued = 'one hundred')],
    ['no holding owners', (b: Application) => void (b.shareAllocation[0]!.holdingOwners = [])],
    ['a company name over 255', (b: Application) => void (b.generalInformation.companyName = 'X'.repeat(256))],
    ['an unknown field', (b: Application) => void Object.assign(b, { reference: 'x' })],
  ])('refuses %s', (_name, change) => {
    const body = structuredClone(APPLICATION_EXAMPLE);
    change(body);
    expect(BusinessAccountApplication.safeParse(body).success).toBe(false);
  });

  it('allows an empty country and empty organisation fields', () => {
    const body = structuredClone(APPLICATION_EXAMPLE);
    body.applicant.organisation = { name: '', acn: '' };
    expect(body.registeredOffice.address.country).toBe('');
    expect(BusinessAccountApplication.safeParse(body).success).toBe(true);
  });
});

describe('status response', () => {
  it('masks bsb and accountNumber until finished', () => {
    for (const example of Object.values(STATUS_EXAMPLES)) expect(BusinessAccountStatus.safeParse(example.value).success).toBe(true);
    const finishedButMasked = { ...STATUS_EXAMPLES.sent.value, status: 'finished' };
    expect(BusinessAccountStatus.safeParse(finishedButMasked).success).toBe(false);
    const sentWithNumbers = { ...STATUS_EXAMPLES.finished.value, status: 'sent' };
    expect(BusinessAccountStatus.safeParse(sentWithNumbers).success).toBe(false);
  });

  it('gives submittedAt as YYYY-MM-DD HH:MM:SS', () => {
    expect(BusinessAccountStatus.safeParse({ ...STATUS_EXAMPLES.new.value, submittedAt: '2026-11-22T03:00:00Z' }).success).toBe(false);
  });
});
