// Each cross-field rule on its own: a body that satisfies it and bodies that break it, with the
// exact code and field. Rules read the raw body, so some cases are deliberately malformed.
import { describe, expect, it } from 'vitest';
import {
  addressProblems,
  checkAddresses,
  checkDatesNotInFuture,
  checkHoldingOwnerKind,
  checkMemberShareClasses,
  checkOccupier,
  checkOfficerAge,
  checkShareSections,
  checkSignatureDate,
  checkV455,
  notInFutureDates,
  type Form484Rule,
} from '../../schemas/form484/rules.js';
import {
  EXAMPLES_TODAY,
  bothAddressesChange,
  holdingCompanyFeesAndAnnexure,
  officeHolderAppointment,
  registeredOfficeChange,
  shareCancellation,
  shareIssue,
} from '../../schemas/form484/examples.js';

const today = EXAMPLES_TODAY; // 2026-11-22
const context = { today };

type Body = Record<string, unknown>;

function clone(value: unknown): Body {
  return structuredClone(value) as Body;
}

/** Sets `value` at a dotted path of a cloned body (`undefined` deletes the key). */
function withValue(base: unknown, path: string, value: unknown): Body {
  const body = clone(base);
  const keys = path.split('.');
  let node = body;
  for (const key of keys.slice(0, -1)) node = node[key] as Body;
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return body;
}

function run(rule: Form484Rule, body: unknown): { code: string; field: string }[] {
  return rule(body, context).map(({ code, field }) => ({ code, field }));
}

const ALL_EXAMPLES = [
  registeredOfficeChange,
  bothAddressesChange,
  officeHolderAppointment,
  shareIssue,
  shareCancellation,
  holdingCompanyFeesAndAnnexure,
];

describe('checkDatesNotInFuture', () => {
  it('accepts today and earlier', () => {
    expect(run(checkDatesNotInFuture, withValue(registeredOfficeChange, 'registeredOffice.dateOfChange', today))).toEqual([]);
  });

  it('covers every date spec 2.5 marks "not in the future"', () => {
    const dates = [
      ...notInFutureDates(shareIssue),
      ...notInFutureDates(officeHolderAppointment),
      ...notInFutureDates(bothAddressesChange),
      ...notInFutureDates(holdingCompanyFeesAndAnnexure),
      ...notInFutureDates(shareCancellation),
    ];
    expect(new Set(dates.map((d) => d.field.replace(/\.\d+\./g, '.N.')))).toEqual(
      new Set([
        'registeredOffice.dateOfChange',
        'principalPlaceOfBusiness.dateOfChange',
        'ultimateHoldingCompany.dateOfChange',
        'concessionalFees.dateOfChange',
        'officeHolders.N.dateOfChange',
        'officeHolders.N.offices.N.appointmentDate',
        'officeHolders.N.offices.N.cessationDate',
        'shareStructure.N.earliestDateOfChange',
        'shareIssue.earliestDateOfIssue',
        'shareCancellation.earliestDateOfRegistrationOfCancellation',
        'members.N.dateOfChangeToRegister',
        'members.N.dateMemberNameAddedToRegister',
      ]),
    );
  });

  it.each([
    [registeredOfficeChange, 'registeredOffice.dateOfChange'],
    [bothAddressesChange, 'principalPlaceOfBusiness.dateOfChange'],
    [holdingCompanyFeesAndAnnexure, 'ultimateHoldingCompany.dateOfChange'],
    [holdingCompanyFeesAndAnnexure, 'concessionalFees.dateOfChange'],
    [officeHolderAppointment, 'officeHolders.1.dateOfChange'],
    [officeHolderAppointment, 'officeHolders.0.offices.0.appointmentDate'],
    [officeHolderAppointment, 'officeHolders.2.offices.0.cessationDate'],
    [shareIssue, 'shareStructure.0.earliestDateOfChange'],
    [shareIssue, 'shareIssue.earliestDateOfIssue'],
    [shareCancellation, 'shareCancellation.earliestDateOfRegistrationOfCancellation'],
    [shareIssue, 'members.1.dateOfChangeToRegister'],
    [shareIssue, 'members.1.dateMemberNameAddedToRegister'],
  ])('reports tomorrow in %#: %s', (base, field) => {
    expect(run(checkDatesNotInFuture, withValue(base, field, '2026-11-23'))).toEqual([{ code: 'date_in_future', field }]);
  });

  it('leaves malformed dates to the structural check', () => {
    expect(run(checkDatesNotInFuture, withValue(registeredOfficeChange, 'registeredOffice.dateOfChange', '2099-13-01'))).toEqual([]);
  });
});

describe('checkSignatureDate', () => {
  it('accepts today and the first day of the six-month window', () => {
    expect(run(checkSignatureDate, withValue(registeredOfficeChange, 'signature.date', today))).toEqual([]);
    expect(run(checkSignatureDate, withValue(registeredOfficeChange, 'signature.date', '2026-05-22'))).toEqual([]);
  });

  it('refuses a date in the future', () => {
    expect(run(checkSignatureDate, withValue(registeredOfficeChange, 'signature.date', '2026-11-23'))).toEqual([
      { code: 'date_out_of_window', field: 'signature.date' },
    ]);
  });

  it('refuses a date more than six months ago', () => {
    expect(run(checkSignatureDate, withValue(registeredOfficeChange, 'signature.date', '2026-05-21'))).toEqual([
      { code: 'date_out_of_window', field: 'signature.date' },
    ]);
  });

  it('is silent when the signature is malformed', () => {
    expect(run(checkSignatureDate, withValue(registeredOfficeChange, 'signature', 'JANE'))).toEqual([]);
  });
});

describe('checkOfficerAge', () => {
  const field = 'officeHolders.0.birthDetails.date';

  it('accepts an officer who turns 18 today', () => {
    expect(run(checkOfficerAge, withValue(officeHolderAppointment, field, '2008-11-22'))).toEqual([]);
  });

  it('refuses an officer who turns 18 tomorrow', () => {
    expect(run(checkOfficerAge, withValue(officeHolderAppointment, field, '2008-11-23'))).toEqual([{ code: 'under_18', field }]);
  });

  it('refuses a birth date in the future', () => {
    expect(run(checkOfficerAge, withValue(officeHolderAppointment, field, '2027-01-01'))).toEqual([{ code: 'under_18', field }]);
  });

  it('checks every office holder', () => {
    const body = withValue(withValue(officeHolderAppointment, field, '2010-01-01'), 'officeHolders.2.birthDetails.date', '2012-01-01');
    expect(run(checkOfficerAge, body)).toEqual([
      { code: 'under_18', field },
      { code: 'under_18', field: 'officeHolders.2.birthDetails.date' },
    ]);
  });
});

describe('checkShareSections', () => {
  it('accepts an issue or a cancellation with both sections', () => {
    expect(run(checkShareSections, shareIssue)).toEqual([]);
    expect(run(checkShareSections, shareCancellation)).toEqual([]);
  });

  it('asks nothing of a form without share changes', () => {
    expect(run(checkShareSections, registeredOfficeChange)).toEqual([]);
  });

  it('reports a missing share structure', () => {
    expect(run(checkShareSections, withValue(shareIssue, 'shareStructure', undefined))).toEqual([
      { code: 'section_required', field: 'shareStructure' },
    ]);
  });

  it('reports missing or empty members, for a cancellation too', () => {
    expect(run(checkShareSections, withValue(shareCancellation, 'members', []))).toEqual([{ code: 'section_required', field: 'members' }]);
  });

  it('reports both when both are missing', () => {
    const body = withValue(withValue(shareIssue, 'members', undefined), 'shareStructure', null);
    expect(run(checkShareSections, body)).toEqual([
      { code: 'section_required', field: 'shareStructure' },
      { code: 'section_required', field: 'members' },
    ]);
  });
});

describe('checkOccupier', () => {
  it('accepts an occupied office without occupier details', () => {
    expect(run(checkOccupier, registeredOfficeChange)).toEqual([]);
  });

  it('accepts an unoccupied office with occupier and consent', () => {
    expect(run(checkOccupier, bothAddressesChange)).toEqual([]);
  });

  it('requires occupierName when occupyIndicator is false', () => {
    expect(run(checkOccupier, withValue(bothAddressesChange, 'registeredOffice.occupierName', undefined))).toEqual([
      { code: 'required', field: 'registeredOffice.occupierName' },
    ]);
    expect(run(checkOccupier, withValue(bothAddressesChange, 'registeredOffice.occupierName', ''))).toEqual([
      { code: 'required', field: 'registeredOffice.occupierName' },
    ]);
  });

  it('requires occupierConsent when occupyIndicator is false', () => {
    expect(run(checkOccupier, withValue(bothAddressesChange, 'registeredOffice.occupierConsent', undefined))).toEqual([
      { code: 'required', field: 'registeredOffice.occupierConsent' },
    ]);
  });
});

describe('addressProblems (office holder and holding owner addresses)', () => {
  const path = 'officeHolders.0.address';

  it('accepts an Australian address with state and postcode, with or without country', () => {
    expect(addressProblems({ street: 'X', locality: 'Y', state: 'QLD', postcode: '4000', country: 'AU' }, path)).toEqual([]);
    expect(addressProblems({ street: 'X', locality: 'Y', state: 'QLD', postcode: '4000' }, path)).toEqual([]);
  });

  it('requires state and postcode when country is AU', () => {
    expect(addressProblems({ street: 'X', locality: 'Y', country: 'AU' }, path).map(({ code, field }) => ({ code, field }))).toEqual([
      { code: 'required', field: `${path}.state` },
      { code: 'required', field: `${path}.postcode` },
    ]);
  });

  it('takes an address without country as Australian', () => {
    expect(addressProblems({ street: 'X', locality: 'Y', state: 'QLD' }, path).map(({ code, field }) => ({ code, field }))).toEqual([
      { code: 'required', field: `${path}.postcode` },
    ]);
  });

  it('requires an Australian state code for an Australian address', () => {
    expect(
      addressProblems({ street: 'X', locality: 'Y', state: 'AUCKLAND', postcode: '4000' }, path).map(({ code, field }) => ({
        code,
        field,
      })),
    ).toEqual([{ code: 'invalid_enum', field: `${path}.state` }]);
  });

  it('accepts an overseas address without state and postcode', () => {
    expect(addressProblems({ street: 'X', locality: 'AUCKLAND', country: 'NZ' }, path)).toEqual([]);
  });

  it('refuses state or postcode on an overseas address', () => {
    expect(
      addressProblems({ street: 'X', locality: 'AUCKLAND', country: 'NZ', state: 'QLD', postcode: '1010' }, path).map(
        ({ code, field }) => ({ code, field }),
      ),
    ).toEqual([
      { code: 'invalid_format', field: `${path}.state` },
      { code: 'invalid_format', field: `${path}.postcode` },
    ]);
  });

  it('leaves an unknown country to the structural check', () => {
    expect(addressProblems({ street: 'X', locality: 'Y', country: 'XX', state: 'QLD' }, path)).toEqual([]);
  });
});

describe('checkAddresses', () => {
  it('accepts the examples', () => {
    for (const body of ALL_EXAMPLES) expect(run(checkAddresses, body)).toEqual([]);
  });

  it('checks office holder addresses', () => {
    expect(run(checkAddresses, withValue(officeHolderAppointment, 'officeHolders.0.address.state', undefined))).toEqual([
      { code: 'required', field: 'officeHolders.0.address.state' },
    ]);
    expect(run(checkAddresses, withValue(officeHolderAppointment, 'officeHolders.1.address.postcode', '1010'))).toEqual([
      { code: 'invalid_format', field: 'officeHolders.1.address.postcode' },
    ]);
  });

  it('checks holding owner addresses', () => {
    expect(run(checkAddresses, withValue(shareIssue, 'members.1.holdingOwners.0.address.postcode', undefined))).toEqual([
      { code: 'required', field: 'members.1.holdingOwners.0.address.postcode' },
    ]);
  });
});

describe('checkV455', () => {
  it('accepts totals equal to the member sums', () => {
    expect(run(checkV455, shareIssue)).toEqual([]);
    expect(run(checkV455, shareCancellation)).toEqual([]);
  });

  it.each([
    ['numberIssued', 1101],
    ['totalAmountPaid', 1000],
    ['totalAmountUnpaid', 5],
  ])('reports %s when it differs from the sum', (total, value) => {
    expect(run(checkV455, withValue(shareIssue, `shareStructure.0.${total}`, value))).toEqual([
      { code: 'sum_mismatch_v455', field: `shareStructure.0.${total}` },
    ]);
  });

  it('reports the class total when a member row changes', () => {
    expect(run(checkV455, withValue(shareIssue, 'members.0.totalUnpaid', 10))).toEqual([
      { code: 'sum_mismatch_v455', field: 'shareStructure.0.totalAmountUnpaid' },
    ]);
  });

  it('sums each class separately', () => {
    const body = clone(shareIssue);
    (body.shareStructure as Body[]).push({
      classCode: 'PREF',
      classTitle: 'PREFERENCE',
      numberIssued: 50,
      totalAmountPaid: 50,
      totalAmountUnpaid: 0,
      status: 'AP',
      earliestDateOfChange: '2026-11-10',
    });
    const pref = { ...clone((body.members as Body[])[0]), shareClass: 'PREF', number: 50, totalPaid: 50, totalUnpaid: 0 };
    (body.members as Body[]).push(pref);
    expect(run(checkV455, body)).toEqual([]);
    (body.shareStructure as Body[])[1]!.numberIssued = 60;
    expect(run(checkV455, body)).toEqual([{ code: 'sum_mismatch_v455', field: 'shareStructure.1.numberIssued' }]);
  });

  it('exempts a class with status NO', () => {
    expect(run(checkV455, withValue(withValue(shareIssue, 'shareStructure.0.numberIssued', 5), 'shareStructure.0.status', 'NO'))).toEqual(
      [],
    );
  });

  it('quotes sums past 2^53 exactly', () => {
    const body = clone(shareIssue);
    const members = body.members as Body[];
    for (let i = 0; i < 10; i += 1) members.push({ ...clone(members[0]), totalPaid: 999_999_999_999_999 });
    members[0]!.totalPaid = 1;
    const problems = checkV455(body, context);
    expect(problems.map(({ code, field }) => ({ code, field }))).toEqual([
      { code: 'sum_mismatch_v455', field: 'shareStructure.0.numberIssued' },
      { code: 'sum_mismatch_v455', field: 'shareStructure.0.totalAmountPaid' },
    ]);
    expect(problems[1]!.message).toContain('(10000000000000091)');
  });

  it('skips a column holding a non-integer (reported structurally)', () => {
    expect(run(checkV455, withValue(shareIssue, 'members.0.number', '1000'))).toEqual([]);
  });
});

describe('checkMemberShareClasses', () => {
  it('accepts members of classes in the share structure', () => {
    expect(run(checkMemberShareClasses, shareIssue)).toEqual([]);
  });

  it('reports a member class missing from the share structure', () => {
    expect(run(checkMemberShareClasses, withValue(shareIssue, 'members.1.shareClass', 'PREF'))).toEqual([
      { code: 'unknown_share_class', field: 'members.1.shareClass' },
    ]);
  });

  it('is silent without a share structure (section_required says so)', () => {
    expect(run(checkMemberShareClasses, withValue(shareIssue, 'shareStructure', undefined))).toEqual([]);
  });
});

describe('checkHoldingOwnerKind', () => {
  it('accepts an individual or an organisation', () => {
    expect(run(checkHoldingOwnerKind, shareIssue)).toEqual([]);
  });

  it('requires one of them', () => {
    expect(run(checkHoldingOwnerKind, withValue(shareIssue, 'members.0.holdingOwners.0.individual', undefined))).toEqual([
      { code: 'required', field: 'members.0.holdingOwners.0' },
    ]);
  });

  it('refuses both', () => {
    const body = withValue(shareIssue, 'members.0.holdingOwners.0.organisation', { name: 'CITIZEN HOLDINGS PTY LTD' });
    expect(run(checkHoldingOwnerKind, body)).toEqual([{ code: 'invalid_format', field: 'members.0.holdingOwners.0' }]);
  });
});

describe('every rule', () => {
  const rules = [
    checkDatesNotInFuture,
    checkSignatureDate,
    checkOfficerAge,
    checkShareSections,
    checkOccupier,
    checkAddresses,
    checkV455,
    checkMemberShareClasses,
    checkHoldingOwnerKind,
  ];

  it('accepts every example', () => {
    for (const rule of rules) for (const body of ALL_EXAMPLES) expect(run(rule, body)).toEqual([]);
  });

  it('survives bodies of any shape', () => {
    const odd = [
      null,
      undefined,
      0,
      'X',
      [],
      {},
      { officeHolders: 'X', members: [null, 1, { holdingOwners: [null, 'X'] }], shareStructure: [null], registeredOffice: [] },
    ];
    for (const rule of rules) for (const body of odd) expect(() => rule(body, context)).not.toThrow();
  });
});
