// Each structural constraint of spec 2.5, one passing and one failing body, with the D-11 code and
// JSON path the mapper must report.
import { describe, expect, it } from 'vitest';
import {
  registeredOfficeChange,
  shareIssue,
  officeHolderAppointment,
  holdingCompanyFeesAndAnnexure,
} from '../../schemas/form484/examples.js';
import { structuralProblems } from '../../schemas/form484/structural.js';
import { LONG_TEXT_MAX } from '../../schemas/form484/fields.js';

type Body = Record<string, unknown>;

function clone<T>(value: T): Body {
  return structuredClone(value) as unknown as Body;
}

/** Sets `value` at a dotted path of a cloned body (`undefined` deletes the key). */
function withValue(base: unknown, path: string, value: unknown): Body {
  const body = clone(base);
  const keys = path.split('.');
  let node = body as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return body;
}

function codesAt(body: unknown, field: string): string[] {
  return structuralProblems(body)
    .filter((p) => p.field === field)
    .map((p) => p.code);
}

describe('structural problems', () => {
  it('finds none in a valid body', () => {
    expect(structuralProblems(registeredOfficeChange)).toEqual([]);
  });

  describe('required', () => {
    it('reports a missing field by its path', () => {
      expect(
        codesAt(withValue(registeredOfficeChange, 'generalInformation.companyName', undefined), 'generalInformation.companyName'),
      ).toEqual(['required']);
    });

    it('reports a missing required section', () => {
      expect(codesAt(withValue(registeredOfficeChange, 'signature', undefined), 'signature')).toEqual(['required']);
      expect(codesAt(withValue(registeredOfficeChange, 'testTransmissionIndicator', undefined), 'testTransmissionIndicator')).toEqual([
        'required',
      ]);
    });

    it('treats an empty required string as missing', () => {
      expect(codesAt(withValue(registeredOfficeChange, 'registeredOffice.address.street', ''), 'registeredOffice.address.street')).toEqual([
        'required',
      ]);
    });

    it('treats an empty required list as missing', () => {
      expect(codesAt(withValue(officeHolderAppointment, 'officeHolders.0.offices', []), 'officeHolders.0.offices')).toEqual(['required']);
    });

    it('lets optional sections and fields be left out', () => {
      expect(structuralProblems(withValue(registeredOfficeChange, 'registeredOffice.address.line2', undefined))).toEqual([]);
    });
  });

  describe('too_long', () => {
    it('passes at the limit and fails one past it', () => {
      expect(
        codesAt(withValue(registeredOfficeChange, 'generalInformation.companyName', 'A'.repeat(200)), 'generalInformation.companyName'),
      ).toEqual([]);
      expect(
        codesAt(withValue(registeredOfficeChange, 'generalInformation.companyName', 'A'.repeat(201)), 'generalInformation.companyName'),
      ).toEqual(['too_long']);
    });

    it('applies to name parts', () => {
      expect(codesAt(withValue(registeredOfficeChange, 'signature.name.familyName', 'B'.repeat(31)), 'signature.name.familyName')).toEqual([
        'too_long',
      ]);
      expect(codesAt(withValue(registeredOfficeChange, 'signature.name.givenName1', 'B'.repeat(20)), 'signature.name.givenName1')).toEqual(
        [],
      );
    });

    it('allows 2,900,000 characters of annexure text and no more', () => {
      expect(codesAt(withValue(holdingCompanyFeesAndAnnexure, 'annexures.text', 'X'.repeat(LONG_TEXT_MAX)), 'annexures.text')).toEqual([]);
      expect(codesAt(withValue(holdingCompanyFeesAndAnnexure, 'annexures.text', 'X'.repeat(LONG_TEXT_MAX + 1)), 'annexures.text')).toEqual([
        'too_long',
      ]);
    });
  });

  describe('not_uppercase', () => {
    it('refuses lower-case letters in free text', () => {
      expect(
        codesAt(
          withValue(registeredOfficeChange, 'generalInformation.companyName', 'Sandbox Trading Pty Ltd'),
          'generalInformation.companyName',
        ),
      ).toEqual(['not_uppercase']);
      expect(codesAt(withValue(shareIssue, 'members.0.shareClass', 'ord'), 'members.0.shareClass')).toEqual(['not_uppercase']);
    });

    it('accepts digits and punctuation', () => {
      expect(
        codesAt(
          withValue(registeredOfficeChange, 'registeredOffice.address.street', "UNIT 4/12-14 O'CONNELL ST"),
          'registeredOffice.address.street',
        ),
      ).toEqual([]);
    });
  });

  describe('printable text (descriptionOfConsideration, annexure text)', () => {
    const field = 'shareIssue.descriptionOfConsideration';

    it('accepts printable ASCII and CR/LF line breaks', () => {
      expect(codesAt(withValue(shareIssue, field, 'LINE ONE\r\nLINE TWO ~!@#$%^&*()_+{}|:"<>?'), field)).toEqual([]);
    });

    it('reports lower case as not_uppercase', () => {
      expect(codesAt(withValue(shareIssue, field, 'Cash'), field)).toEqual(['not_uppercase']);
    });

    it('reports a tab or non-ASCII character as invalid_format', () => {
      expect(codesAt(withValue(shareIssue, field, 'CASH\tPAID'), field)).toEqual(['invalid_format']);
      expect(codesAt(withValue(holdingCompanyFeesAndAnnexure, 'annexures.text', 'CAFÉ'), 'annexures.text')).toEqual(['invalid_format']);
    });

    it('reports both when both are broken', () => {
      expect(codesAt(withValue(shareIssue, field, 'cash\u0000'), field)).toEqual(['not_uppercase', 'invalid_format']);
    });
  });

  describe('invalid_date', () => {
    it('refuses other layouts and impossible dates', () => {
      expect(
        codesAt(withValue(registeredOfficeChange, 'registeredOffice.dateOfChange', '16/11/2026'), 'registeredOffice.dateOfChange'),
      ).toEqual(['invalid_date']);
      expect(codesAt(withValue(registeredOfficeChange, 'signature.date', '2026-02-29'), 'signature.date')).toEqual(['invalid_date']);
    });

    it('accepts a leap day', () => {
      expect(
        codesAt(withValue(officeHolderAppointment, 'officeHolders.0.birthDetails.date', '1984-02-29'), 'officeHolders.0.birthDetails.date'),
      ).toEqual([]);
    });
  });

  describe('invalid_enum', () => {
    it('refuses a code outside the list', () => {
      expect(codesAt(withValue(registeredOfficeChange, 'signature.role', 'CEO'), 'signature.role')).toEqual(['invalid_enum']);
      expect(codesAt(withValue(officeHolderAppointment, 'officeHolders.0.status', 'XX'), 'officeHolders.0.status')).toEqual([
        'invalid_enum',
      ]);
      expect(
        codesAt(withValue(registeredOfficeChange, 'registeredOffice.address.state', 'QUEENSLAND'), 'registeredOffice.address.state'),
      ).toEqual(['invalid_enum']);
    });

    it('requires declaresTrueAndCorrectIndicator to be true', () => {
      expect(
        codesAt(
          withValue(registeredOfficeChange, 'signature.declaresTrueAndCorrectIndicator', false),
          'signature.declaresTrueAndCorrectIndicator',
        ),
      ).toEqual(['invalid_enum']);
    });

    it('requires annexure type ALT', () => {
      expect(codesAt(withValue(holdingCompanyFeesAndAnnexure, 'annexures.type', 'PDF'), 'annexures.type')).toEqual(['invalid_enum']);
    });

    it('checks country codes against ISO 3166-1 alpha-2', () => {
      expect(
        codesAt(withValue(officeHolderAppointment, 'officeHolders.1.address.country', 'NZ'), 'officeHolders.1.address.country'),
      ).toEqual([]);
      expect(
        codesAt(withValue(officeHolderAppointment, 'officeHolders.1.address.country', 'XX'), 'officeHolders.1.address.country'),
      ).toEqual(['invalid_enum']);
      expect(
        codesAt(withValue(officeHolderAppointment, 'officeHolders.1.address.country', 'nz'), 'officeHolders.1.address.country'),
      ).toEqual(['invalid_enum']);
    });

    it('takes a state code or an overseas country as birth locality qualifier, never AU', () => {
      const field = 'officeHolders.0.birthDetails.localityQualifier';
      for (const ok of ['QLD', 'ACT', 'VN', 'GB']) expect(codesAt(withValue(officeHolderAppointment, field, ok), field), ok).toEqual([]);
      for (const bad of ['AU', 'QUEENSLAND', 'XX', 'U'])
        expect(codesAt(withValue(officeHolderAppointment, field, bad), field), bad).toEqual(['invalid_enum']);
    });
  });

  describe('invalid_format', () => {
    it('refuses a postcode that is not 4 digits', () => {
      expect(
        codesAt(withValue(registeredOfficeChange, 'registeredOffice.address.postcode', '400'), 'registeredOffice.address.postcode'),
      ).toEqual(['invalid_format']);
      expect(
        codesAt(withValue(registeredOfficeChange, 'registeredOffice.address.postcode', '4000'), 'registeredOffice.address.postcode'),
      ).toEqual([]);
    });
  });

  describe('invalid_format', () => {
    it('refuses a value of the wrong JSON type', () => {
      expect(codesAt(withValue(registeredOfficeChange, 'testTransmissionIndicator', 'false'), 'testTransmissionIndicator')).toEqual([
        'invalid_format',
      ]);
      expect(codesAt(withValue(registeredOfficeChange, 'generalInformation.acn', 100000011), 'generalInformation.acn')).toEqual([
        'invalid_format',
      ]);
      expect(
        codesAt(withValue(registeredOfficeChange, 'registeredOffice.address.postcode', null), 'registeredOffice.address.postcode'),
      ).toEqual(['invalid_format']);
    });

    it('refuses a string where a literal or enum expects another type', () => {
      expect(
        codesAt(
          withValue(registeredOfficeChange, 'signature.declaresTrueAndCorrectIndicator', 'true'),
          'signature.declaresTrueAndCorrectIndicator',
        ),
      ).toEqual(['invalid_format']);
      expect(codesAt(withValue(registeredOfficeChange, 'signature.role', 1), 'signature.role')).toEqual(['invalid_format']);
    });

    it('refuses a fraction where an integer is required', () => {
      expect(codesAt(withValue(holdingCompanyFeesAndAnnexure, 'annexures.numberOfPages', 1.5), 'annexures.numberOfPages')).toEqual([
        'invalid_format',
      ]);
    });

    it('refuses a body that is not an object, at the empty path', () => {
      for (const body of [null, [], 'FORM', 484])
        expect(structuralProblems(body)).toEqual([expect.objectContaining({ code: 'invalid_format', field: '' })]);
    });
  });

  describe('invalid_format', () => {
    const field = 'shareStructure.0.numberIssued';

    it('accepts 0 and 999,999,999,999,999', () => {
      expect(codesAt(withValue(shareIssue, field, 0), field)).toEqual([]);
      expect(codesAt(withValue(shareIssue, field, 999_999_999_999_999), field)).toEqual([]);
    });

    it('refuses negatives and 16-digit numbers', () => {
      expect(codesAt(withValue(shareIssue, field, -1), field)).toEqual(['invalid_format']);
      expect(codesAt(withValue(shareIssue, field, 1_000_000_000_000_000), field)).toEqual(['invalid_format']);
    });

    it('requires at least one annexure page', () => {
      expect(codesAt(withValue(holdingCompanyFeesAndAnnexure, 'annexures.numberOfPages', 0), 'annexures.numberOfPages')).toEqual([
        'invalid_format',
      ]);
    });
  });

  describe('invalid_format', () => {
    it('reports each unknown key at its own path', () => {
      const body = withValue(withValue(registeredOfficeChange, 'environment', 'test'), 'registeredOffice.address.suburb', 'X');
      const problems = structuralProblems(body);
      expect(problems).toHaveLength(2);
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ code: 'invalid_format', field: 'environment' }),
          expect.objectContaining({ code: 'invalid_format', field: 'registeredOffice.address.suburb' }),
        ]),
      );
    });

    it('refuses careOf on a holding owner address (only office holder addresses have it)', () => {
      expect(
        codesAt(withValue(shareIssue, 'members.0.holdingOwners.0.address.careOf', 'X'), 'members.0.holdingOwners.0.address.careOf'),
      ).toEqual(['invalid_format']);
    });
  });

  describe('identifiers', () => {
    it('reports a bad checksum or a bad shape of generalInformation.acn once, as invalid_acn', () => {
      expect(codesAt(withValue(registeredOfficeChange, 'generalInformation.acn', '100000012'), 'generalInformation.acn')).toEqual([
        'invalid_acn',
      ]);
      expect(codesAt(withValue(registeredOfficeChange, 'generalInformation.acn', '12345'), 'generalInformation.acn')).toEqual([
        'invalid_acn',
      ]);
    });

    it('takes any 9 or 11 digits where the spec asks only for digits (no checksum)', () => {
      expect(
        codesAt(withValue(holdingCompanyFeesAndAnnexure, 'ultimateHoldingCompany.acn', '123456789'), 'ultimateHoldingCompany.acn'),
      ).toEqual([]);
      expect(
        codesAt(withValue(holdingCompanyFeesAndAnnexure, 'ultimateHoldingCompany.abn', '11123456781'), 'ultimateHoldingCompany.abn'),
      ).toEqual([]);
      expect(
        codesAt(
          withValue(shareIssue, 'members.1.holdingOwners.0.organisation.acn', '604123454'),
          'members.1.holdingOwners.0.organisation.acn',
        ),
      ).toEqual([]);
      expect(
        codesAt(withValue(officeHolderAppointment, 'officeHolders.0.organisationAcn', '100000012'), 'officeHolders.0.organisationAcn'),
      ).toEqual([]);
    });

    it('refuses those identifiers in any other shape', () => {
      expect(
        codesAt(withValue(holdingCompanyFeesAndAnnexure, 'ultimateHoldingCompany.acn', '12345678'), 'ultimateHoldingCompany.acn'),
      ).toEqual(['invalid_acn']);
      expect(
        codesAt(withValue(holdingCompanyFeesAndAnnexure, 'ultimateHoldingCompany.abn', '1112345678A'), 'ultimateHoldingCompany.abn'),
      ).toEqual(['invalid_format']);
      expect(
        codesAt(withValue(officeHolderAppointment, 'officeHolders.0.organisationAcn', '1000000111'), 'officeHolders.0.organisationAcn'),
      ).toEqual(['invalid_acn']);
    });
  });
});
