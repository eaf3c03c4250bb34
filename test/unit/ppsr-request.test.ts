// The PPSR search request: the search type table of spec 2.3 (classifyPpsrSearch, D-30 labels)
// and "exactly one search type" as structure, both in Zod and in the generated JSON Schema.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { describe, expect, it } from 'vitest';
import {
  PPSR_SEARCH_TYPES,
  PpsrGrantorAbnSearch,
  PpsrGrantorAcnSearch,
  PpsrGrantorArbnSearch,
  PpsrSearchRequest,
  classifyPpsrSearch,
  type PpsrSearchRequest as Body,
} from '../../schemas/ppsr/index.js';
import { SEARCH_REQUEST_EXAMPLES } from '../../schemas/ppsr/examples.js';
import { createSpecAjv } from '../support/spec-ajv.js';

const cases: [string, Body, (typeof PPSR_SEARCH_TYPES)[number], boolean, boolean][] = [
  ['acn', { acn: '100000011' }, 'Grantor Search (ACN)', true, false],
  ['abn', { abn: '60100000011' }, 'Grantor Search (ABN)', true, false],
  ['arbn', { arbn: '100000075' }, 'Grantor Search (ARBN)', true, false],
  ['arsn', { arsn: '123456780' }, 'Grantor Search (ARSN)', true, false],
  ['vin', { vin: '1HGCM82633A004352' }, 'Serial Number Search (VIN)', true, true],
  ['chassis', { serialNumber: 'CH-12345', serialNumberType: 'ChassisNumber' }, 'Serial Number Search (Chassis Number)', true, true],
  ['hin', { serialNumber: 'AU-ABC12345D616', serialNumberType: 'HIN' }, 'Serial Number Search (HIN)', true, true],
  ['official', { serialNumber: '859123', serialNumberType: 'OfficialNumber' }, 'Serial Number Search (Official Number)', true, true],
  ['registration number', { registrationNumber: '202403150012345' }, 'Registration Number Search', false, false],
  [
    'individual',
    { familyName: 'CITIZEN', givenNames: 'JANE', dateOfBirth: '1980-01-01', authorisedPurpose: true },
    'Grantor Search (Individual)',
    true,
    false,
  ],
  ['organisation', { organisationName: 'SANDBOX TRADING PTY LTD' }, 'Grantor Search (Organisation)', true, false],
];

describe('classifyPpsrSearch', () => {
  it.each(cases)('%s', (_name, body, type, certificates, vehicleData) => {
    expect(PpsrSearchRequest.safeParse(body).success).toBe(true);
    expect(classifyPpsrSearch(body)).toEqual({ type, certificates, vehicleData });
  });

  it('covers every D-30 label', () => {
    expect(new Set(cases.map(([, body]) => classifyPpsrSearch(body).type))).toEqual(new Set(PPSR_SEARCH_TYPES));
  });
});

const invalid: [string, unknown][] = [
  ['no search type', {}],
  ['two search types', { acn: '100000011', vin: '1HGCM82633A004352' }],
  ['a stray field', { vin: '1HGCM82633A004352', reference: 'x' }],
  ['serialNumber without serialNumberType', { serialNumber: 'AU-ABC12345D616' }],
  ['serialNumberType VIN', { serialNumber: 'AU-ABC12345D616', serialNumberType: 'VIN' }],
  ['serialNumber over 17', { serialNumber: 'A'.repeat(18), serialNumberType: 'HIN' }],
  ['serialNumber with a space', { serialNumber: 'AU ABC', serialNumberType: 'HIN' }],
  ['individual without authorised purpose', { familyName: 'CITIZEN', givenNames: 'JANE', dateOfBirth: '1980-01-01' }],
  ['authorised purpose false', { familyName: 'CITIZEN', givenNames: 'JANE', dateOfBirth: '1980-01-01', authorisedPurpose: false }],
  ['individual with an impossible date', { familyName: 'CITIZEN', givenNames: 'JANE', dateOfBirth: '1980-02-30', authorisedPurpose: true }],
  ['VIN with the letter O', { vin: '1HGCM82633AO04352' }],
  ['VIN of 16 characters', { vin: '1HGCM82633A00435' }],
  ['registration number with a letter', { registrationNumber: '20240315001234A' }],
  ['registration number over 20 digits', { registrationNumber: '1'.repeat(21) }],
  ['ACN checksum', { acn: '100000012' }],
  ['ABN checksum', { abn: '60100000012' }],
  ['ARBN checksum', { arbn: '100000076' }],
  ['ARSN of 8 digits', { arsn: '12345678' }],
  ['organisation name over 255', { organisationName: 'X'.repeat(256) }],
  ['empty organisation name', { organisationName: '' }],
];

describe('PpsrSearchRequest (Zod)', () => {
  it.each(invalid)('refuses %s', (_name, body) => {
    expect(PpsrSearchRequest.safeParse(body).success).toBe(false);
  });

  it('keeps the checksum code for the server to report (ARBN and ARSN use the ACN checksum)', () => {
    const codes = (result: { error?: { issues: { path: PropertyKey[]; params?: unknown }[] } }) =>
      result.error?.issues.map((issue) => [issue.path.join('.'), issue.params]);
    expect(codes(PpsrGrantorAcnSearch.safeParse({ acn: '100000012' }))).toEqual([['acn', { code: 'invalid_acn' }]]);
    expect(codes(PpsrGrantorAbnSearch.safeParse({ abn: '60100000012' }))).toEqual([['abn', { code: 'invalid_abn' }]]);
    expect(codes(PpsrGrantorArbnSearch.safeParse({ arbn: '100000076' }))).toEqual([['arbn', { code: 'invalid_acn' }]]);
  });

  it('accepts every documented request example', () => {
    for (const example of Object.values(SEARCH_REQUEST_EXAMPLES)) expect(PpsrSearchRequest.safeParse(example.value).success).toBe(true);
  });
});

describe('PpsrSearchRequest (generated JSON Schema)', () => {
  const registry = new OpenAPIRegistry();
  registry.register('PpsrSearchRequest', PpsrSearchRequest);
  const document = new OpenApiGeneratorV31(registry.definitions).generateComponents() as Record<string, unknown>;
  const validate = createSpecAjv(document).getSchema('doc#/components/schemas/PpsrSearchRequest');

  it('is a oneOf of the nine variants', () => {
    const schemas = (document.components as { schemas: Record<string, { oneOf?: unknown[] }> }).schemas;
    expect(schemas.PpsrSearchRequest?.oneOf).toHaveLength(9);
  });

  it.each(cases)('accepts %s', (_name, body) => {
    expect(validate?.(body)).toBe(true);
  });

  it.each(invalid)('refuses %s', (_name, body) => {
    expect(validate?.(body)).toBe(false);
  });
});
