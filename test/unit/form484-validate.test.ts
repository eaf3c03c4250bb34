// validateForm484 as the server calls it: structural and rule problems together, every one of
// them, each (code, field) once; the published examples pass.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateForm484 } from '../../schemas/form484/validate.js';
import { EXAMPLES_TODAY, FORM484_REQUEST_EXAMPLES, officeHolderAppointment, shareIssue } from '../../schemas/form484/examples.js';
import { form484ValidationExamples } from '../../schemas/form484/error-examples.js';
import { FORM484_ERROR_CODES } from '../../schemas/form484/problems.js';

const options = { today: EXAMPLES_TODAY };

function pairs(problems: { code: string; field: string }[]): string[] {
  return problems.map(({ code, field }) => `${code} ${field}`);
}

describe('validateForm484', () => {
  it.each(Object.entries(FORM484_REQUEST_EXAMPLES))('finds no problem in the %s example', (_name, example) => {
    expect(validateForm484(example.value, options)).toEqual([]);
  });

  it('judges dates against the given today', () => {
    // The same body lodged a year later has a stale signature.
    expect(pairs(validateForm484(FORM484_REQUEST_EXAMPLES.registeredOffice.value, { today: '2027-11-22' }))).toEqual([
      'date_out_of_window signature.date',
    ]);
  });

  it('reports every problem of a body with many, structural and rule ones alike', () => {
    const body = structuredClone(shareIssue) as unknown as Record<string, unknown>;
    const general = body.generalInformation as Record<string, unknown>;
    general.companyName = 'Sandbox Trading Pty Ltd';
    general.acn = '100000012';
    general.tradingName = 'SANDBOX COFFEE';
    const signature = body.signature as Record<string, unknown>;
    signature.date = '2026-01-01';
    delete body.testTransmissionIndicator;
    const structure = (body.shareStructure as Record<string, unknown>[])[0]!;
    structure.numberIssued = 2000;
    structure.earliestDateOfChange = '2026-12-01';
    const members = body.members as Record<string, unknown>[];
    members[1]!.shareClass = 'PREF';
    members[1]!.totalPaid = -5;
    const owner = (members[0]!.holdingOwners as Record<string, unknown>[])[0]!;
    delete owner.individual;
    (owner.address as Record<string, unknown>).country = 'GB';
    body.officeHolders = [
      {
        ...structuredClone(officeHolderAppointment.officeHolders![0]),
        birthDetails: { date: '2015-06-01', locality: 'BRISBANE', localityQualifier: 'AU' },
      },
    ];

    expect(pairs(validateForm484(body, options)).sort()).toEqual(
      [
        'not_uppercase generalInformation.companyName',
        'invalid_acn generalInformation.acn',
        'invalid_format generalInformation.tradingName',
        'required testTransmissionIndicator',
        'invalid_format members.1.totalPaid',
        'invalid_enum officeHolders.0.birthDetails.localityQualifier',
        'date_out_of_window signature.date',
        'date_in_future shareStructure.0.earliestDateOfChange',
        'under_18 officeHolders.0.birthDetails.date',
        'invalid_format members.0.holdingOwners.0.address.state',
        'invalid_format members.0.holdingOwners.0.address.postcode',
        'unknown_share_class members.1.shareClass',
        'sum_mismatch_v455 shareStructure.0.numberIssued',
        // Moving member 1 to PREF also takes its 100 paid out of the ORD sum.
        'sum_mismatch_v455 shareStructure.0.totalAmountPaid',
        'required members.0.holdingOwners.0',
      ].sort(),
    );
  });

  it('lists each (code, field) pair once', () => {
    const problems = validateForm484(
      { ...FORM484_REQUEST_EXAMPLES.registeredOffice.value, generalInformation: { companyName: 'SANDBOX TRADING PTY LTD', acn: '12345' } },
      options,
    );
    expect(pairs(problems)).toEqual(['invalid_acn generalInformation.acn']);
  });

  it('reports the rules even when the structure is wrong elsewhere', () => {
    const problems = validateForm484({ signature: { date: '2020-01-01' }, registeredOffice: { occupyIndicator: false } }, options);
    expect(pairs(problems)).toEqual(
      expect.arrayContaining([
        'required generalInformation',
        'date_out_of_window signature.date',
        'required registeredOffice.occupierName',
        'required registeredOffice.occupierConsent',
      ]),
    );
  });

  it('uses only the documented codes', () => {
    for (const example of Object.values(form484ValidationExamples())) {
      const { errors } = example.value as { errors: { code: string }[] };
      expect(errors.length).toBeGreaterThan(0);
      for (const { code } of errors) expect(FORM484_ERROR_CODES).toContain(code);
    }
  });

  it('refuses a today that is not a date (a caller bug)', () => {
    expect(() => validateForm484({}, { today: '22/11/2026' })).toThrow(TypeError);
  });

  it('never throws and always answers with known codes, whatever the body', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        const problems = validateForm484(body, options);
        for (const { code } of problems) expect(FORM484_ERROR_CODES).toContain(code);
      }),
      { numRuns: 300 },
    );
  });
});
