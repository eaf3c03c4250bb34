// Rules of spec 2.5 that JSON Schema cannot carry: dates relative to today, conditional fields,
// and sums and references across sections. Each rule is a small function over the raw body that
// returns every violation it finds; `validate.ts` runs them all after the structural check.
import { AU_STATES } from '../common/names.js';
import { isCountryCode } from './countries.js';
import { eighteenthBirthday, isCalendarDate, signatureWindowStart } from './dates.js';
import { problem, type Form484Problem } from './problems.js';
import { asArray, asObject, get, isAbsent, rows } from './raw.js';
import { callerText, callerValue } from '../common/caller-text.js';

export interface RuleContext {
  /** `YYYY-MM-DD`, the Australia/Brisbane date the request is received. */
  today: string;
}

export type Form484Rule = (input: unknown, context: RuleContext) => Form484Problem[];

interface DateField {
  field: string;
  value: unknown;
}

/** Every date of the body that spec 2.5 marks "not in the future", with its JSON path. */
export function notInFutureDates(input: unknown): DateField[] {
  const out: DateField[] = [];
  const add = (field: string, value: unknown) => {
    if (value !== undefined) out.push({ field, value });
  };
  for (const section of ['registeredOffice', 'principalPlaceOfBusiness', 'ultimateHoldingCompany', 'concessionalFees']) {
    add(`${section}.dateOfChange`, get(get(input, section), 'dateOfChange'));
  }
  for (const { index, row } of rows(input, 'officeHolders')) {
    add(`officeHolders.${index}.dateOfChange`, get(row, 'dateOfChange'));
    for (const { index: officeIndex, row: office } of rows(row, 'offices')) {
      add(`officeHolders.${index}.offices.${officeIndex}.appointmentDate`, get(office, 'appointmentDate'));
      add(`officeHolders.${index}.offices.${officeIndex}.cessationDate`, get(office, 'cessationDate'));
    }
  }
  for (const { index, row } of rows(input, 'shareStructure'))
    add(`shareStructure.${index}.earliestDateOfChange`, get(row, 'earliestDateOfChange'));
  add('shareIssue.earliestDateOfIssue', get(get(input, 'shareIssue'), 'earliestDateOfIssue'));
  add(
    'shareCancellation.earliestDateOfRegistrationOfCancellation',
    get(get(input, 'shareCancellation'), 'earliestDateOfRegistrationOfCancellation'),
  );
  for (const { index, row } of rows(input, 'members')) {
    add(`members.${index}.dateOfChangeToRegister`, get(row, 'dateOfChangeToRegister'));
    add(`members.${index}.dateMemberNameAddedToRegister`, get(row, 'dateMemberNameAddedToRegister'));
  }
  return out;
}

/** Change, appointment, cessation, issue, cancellation and register dates: not after today. */
export const checkDatesNotInFuture: Form484Rule = (input, { today }) =>
  notInFutureDates(input)
    .filter(({ value }) => isCalendarDate(value) && value > today)
    .map(({ field }) => problem('date_in_future', field, `Must not be after today (${today}, Australia/Brisbane).`));

/**
 * `signature.date` lies in [today - 6 months, today] (spec 2.5, 8). Both sides of the window
 * give `date_out_of_window`: it is one rule, and the message says which side was missed.
 */
export const checkSignatureDate: Form484Rule = (input, { today }) => {
  const date = get(get(input, 'signature'), 'date');
  if (!isCalendarDate(date)) return [];
  const earliest = signatureWindowStart(today);
  if (date > today) return [problem('date_out_of_window', 'signature.date', `Must not be after today (${today}, Australia/Brisbane).`)];
  if (date < earliest)
    return [problem('date_out_of_window', 'signature.date', `Must not be more than 6 months ago (on or after ${earliest}).`)];
  return [];
};

/** Every office holder is at least 18 today; a birth date in the future fails the same way. */
export const checkOfficerAge: Form484Rule = (input, { today }) =>
  rows(input, 'officeHolders').flatMap(({ index, row }) => {
    const birth = get(get(row, 'birthDetails'), 'date');
    if (!isCalendarDate(birth) || eighteenthBirthday(birth) <= today) return [];
    return [problem('under_18', `officeHolders.${index}.birthDetails.date`, 'The officer must be at least 18 years old.')];
  });

/** A share issue or cancellation needs the share structure and the members it changes. */
export const checkShareSections: Form484Rule = (input) => {
  if (isAbsent(get(input, 'shareIssue')) && isAbsent(get(input, 'shareCancellation'))) return [];
  const missing = (key: string) => {
    const value = get(input, key);
    // A present value of the wrong type is the structural check's to report.
    return isAbsent(value) || asArray(value)?.length === 0;
  };
  return ['shareStructure', 'members']
    .filter(missing)
    .map((key) => problem('section_required', key, `Required when shareIssue or shareCancellation is present.`));
};

/** A company that does not occupy its registered office names the occupier and their consent. */
export const checkOccupier: Form484Rule = (input) => {
  const office = get(input, 'registeredOffice');
  if (get(office, 'occupyIndicator') !== false) return [];
  const out: Form484Problem[] = [];
  const name = get(office, 'occupierName');
  if (isAbsent(name) || name === '')
    out.push(problem('required', 'registeredOffice.occupierName', 'Required when occupyIndicator is false.'));
  if (isAbsent(get(office, 'occupierConsent')))
    out.push(problem('required', 'registeredOffice.occupierConsent', 'Required when occupyIndicator is false.'));
  return out;
};

/**
 * State and postcode of an address that may be overseas. An address without `country` is taken
 * as Australian: company addresses in the same form carry no country at all, and an overseas
 * address cannot be recognised without one. Overseas addresses omit state and postcode (spec
 * 2.5). An unrecognised `country` is the structural check's to report, so it is skipped here.
 */
export function addressProblems(address: unknown, path: string): Form484Problem[] {
  if (!asObject(address)) return [];
  const country = get(address, 'country');
  const state = get(address, 'state');
  const postcode = get(address, 'postcode');
  const out: Form484Problem[] = [];
  if (isAbsent(country) || country === 'AU') {
    if (isAbsent(state)) out.push(problem('required', `${path}.state`, 'Required for an Australian address.'));
    else if (typeof state === 'string' && !(AU_STATES as readonly string[]).includes(state)) {
      out.push(problem('invalid_enum', `${path}.state`, `Must be one of: ${AU_STATES.join(', ')}.`));
    }
    if (isAbsent(postcode)) out.push(problem('required', `${path}.postcode`, 'Required for an Australian address.'));
  } else if (isCountryCode(country)) {
    if (!isAbsent(state)) out.push(problem('invalid_format', `${path}.state`, 'Omit state for an overseas address.'));
    if (!isAbsent(postcode)) out.push(problem('invalid_format', `${path}.postcode`, 'Omit postcode for an overseas address.'));
  }
  return out;
}

/** Office holder and holding owner addresses (the company addresses are always Australian). */
export const checkAddresses: Form484Rule = (input) => [
  ...rows(input, 'officeHolders').flatMap(({ index, row }) => addressProblems(get(row, 'address'), `officeHolders.${index}.address`)),
  ...rows(input, 'members').flatMap(({ index, row }) =>
    rows(row, 'holdingOwners').flatMap(({ index: ownerIndex, row: owner }) =>
      addressProblems(get(owner, 'address'), `members.${index}.holdingOwners.${ownerIndex}.address`),
    ),
  ),
];

/** Class totals and the member columns they must equal (regulator rule V455). */
export const V455_COLUMNS = [
  { total: 'numberIssued', member: 'number' },
  { total: 'totalAmountPaid', member: 'totalPaid' },
  { total: 'totalAmountUnpaid', member: 'totalUnpaid' },
] as const;

function isWhole(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/**
 * V455: for each class whose status is not `NO`, each total equals the sum over the member rows
 * of that class. Sums use BigInt: many rows near the 15-digit limit pass 2^53, and the message
 * quotes the sum, which must then be exact. A column
 * with a non-integer anywhere is skipped: the structural check reports that value instead.
 */
export const checkV455: Form484Rule = (input) => {
  const members = asArray(get(input, 'members'));
  if (!members) return [];
  return rows(input, 'shareStructure').flatMap(({ index, row }) => {
    const classCode = get(row, 'classCode');
    if (typeof classCode !== 'string' || get(row, 'status') === 'NO') return [];
    const classRows = members.filter((member) => get(member, 'shareClass') === classCode);
    return V455_COLUMNS.flatMap(({ total, member }) => {
      const expected = get(row, total);
      const values = classRows.map((m) => get(m, member));
      if (!isWhole(expected) || !values.every(isWhole)) return [];
      const sum = values.reduce((acc, value) => acc + BigInt(value), 0n);
      if (sum === BigInt(expected)) return [];
      return [
        problem(
          'sum_mismatch_v455',
          `shareStructure.${index}.${total}`,
          `${total} (${expected}) must equal the sum of members' ${member} for class ${callerText(classCode)} (${sum.toString()}).`,
        ),
      ];
    });
  });
};

/** Each member's `shareClass` is a `classCode` of `shareStructure`. */
export const checkMemberShareClasses: Form484Rule = (input) => {
  const structure = asArray(get(input, 'shareStructure'));
  // Without a share structure there is nothing to match against; `checkShareSections` says so.
  if (!structure) return [];
  const codes = new Set(structure.map((row) => get(row, 'classCode')).filter((code) => typeof code === 'string'));
  return rows(input, 'members')
    .filter(({ row }) => {
      const shareClass = get(row, 'shareClass');
      return typeof shareClass === 'string' && shareClass !== '' && !codes.has(shareClass);
    })
    .map(({ index, row }) =>
      problem('unknown_share_class', `members.${index}.shareClass`, `No class ${callerValue(get(row, 'shareClass'))} in shareStructure.`),
    );
};

/**
 * A holding owner is a person or an organisation: exactly one of `individual` and `organisation`.
 * The fault belongs to the owner row rather than to either field, so the row is the `field`.
 */
export const checkHoldingOwnerKind: Form484Rule = (input) =>
  rows(input, 'members').flatMap(({ index, row }) =>
    rows(row, 'holdingOwners').flatMap(({ index: ownerIndex, row: owner }) => {
      if (!asObject(owner)) return [];
      const field = `members.${index}.holdingOwners.${ownerIndex}`;
      const individual = !isAbsent(get(owner, 'individual'));
      const organisation = !isAbsent(get(owner, 'organisation'));
      if (!individual && !organisation) return [problem('required', field, 'Give individual or organisation.')];
      if (individual && organisation) return [problem('invalid_format', field, 'Give either individual or organisation, not both.')];
      return [];
    }),
  );

/** Every rule, in the order their problems are listed. */
export const FORM484_RULES: readonly Form484Rule[] = [
  checkSignatureDate,
  checkDatesNotInFuture,
  checkOccupier,
  checkOfficerAge,
  checkAddresses,
  checkShareSections,
  checkMemberShareClasses,
  checkV455,
  checkHoldingOwnerKind,
];
