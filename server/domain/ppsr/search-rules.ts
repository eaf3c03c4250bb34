// The rules of a PPSR search body (spec 2.3, D-10) as one function of the body: exactly one search
// type, decided by which identifiers are present, then each field of that type. Every fault is listed
// at once, keyed by JSON path, in the codes the contract documents for createPpsrSearch. It runs as
// the operation's refiner on every request, so the structural pass's `oneOf` noise (`acn: required`
// on a VIN search) never reaches the caller.
import { isValidAbn, isValidAcn, VIN_PATTERN } from '../../../schemas/common/identifiers.js';
import { PPSR_SERIAL_NUMBER_TYPES } from '../../../schemas/ppsr/index.js';
import { addProblem, emptyProblems, type FieldProblem, type FieldProblems } from '../errors.js';

type Check = (value: unknown) => FieldProblem | null;

// D-48: a NUL or a lone surrogate in any string is `invalid_format` at its path.
// eslint-disable-next-line no-control-regex -- finding the NUL is the point
const BAD_CHARACTERS = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function text(value: unknown, label: string): FieldProblem | null {
  if (typeof value !== 'string') return { code: 'invalid_format', message: `${label} must be a string.` };
  if (BAD_CHARACTERS.test(value)) return { code: 'invalid_format', message: `${label} contains a NUL or an unpaired surrogate.` };
  return null;
}

const companyNumber =
  (label: string): Check =>
  (value) => {
    const problem = text(value, label);
    if (problem) return problem;
    if (!/^\d{9}$/.test(value as string)) return { code: 'invalid_format', message: `${label} must be exactly 9 digits.` };
    // ARBN and ARSN are issued from the ACN number range and use its checksum (spec 2.3).
    return isValidAcn(value as string) ? null : { code: 'invalid_acn', message: `Not a valid ${label} (checksum failed).` };
  };

const abn: Check = (value) => {
  const problem = text(value, 'ABN');
  if (problem) return problem;
  if (!/^\d{11}$/.test(value as string)) return { code: 'invalid_format', message: 'ABN must be exactly 11 digits.' };
  return isValidAbn(value as string) ? null : { code: 'invalid_abn', message: 'Not a valid ABN (checksum failed).' };
};

const vin: Check = (value) => {
  const problem = text(value, 'VIN');
  if (problem) return problem;
  const s = value as string;
  if (s.length > 17) return { code: 'too_long', message: 'A VIN has at most 17 characters.' };
  // ISO 3779 fixes the length at 17 and leaves out I, O and Q (the contract's Vin schema).
  return VIN_PATTERN.test(s) ? null : { code: 'invalid_format', message: 'Must be 17 letters and digits (ISO 3779), without I, O or Q.' };
};

const serialNumber: Check = (value) => {
  const problem = text(value, 'serialNumber');
  if (problem) return problem;
  const s = value as string;
  if (s.length > 17) return { code: 'too_long', message: 'Must be at most 17 characters.' };
  return /^[A-Za-z0-9-]+$/.test(s) ? null : { code: 'invalid_format', message: 'Letters, digits and hyphens only (1 to 17).' };
};

const serialNumberType: Check = (value) =>
  typeof value === 'string' && (PPSR_SERIAL_NUMBER_TYPES as readonly string[]).includes(value)
    ? null
    : { code: 'invalid_enum', message: `Must be one of: ${PPSR_SERIAL_NUMBER_TYPES.join(', ')}.` };

const registrationNumber: Check = (value) => {
  const problem = text(value, 'registrationNumber');
  if (problem) return problem;
  const s = value as string;
  if (s.length > 20) return { code: 'too_long', message: 'Must be at most 20 digits.' };
  return /^\d+$/.test(s) ? null : { code: 'invalid_format', message: 'Digits only (1 to 20).' };
};

const name =
  (label: string): Check =>
  (value) => {
    const problem = text(value, label);
    if (problem) return problem;
    const s = value as string;
    if (s.length === 0) return { code: 'required', message: `${label} must not be empty.` };
    return s.length > 255 ? { code: 'too_long', message: 'Must be at most 255 characters.' } : null;
  };

const dateOfBirth: Check = (value) => {
  const problem = text(value, 'dateOfBirth');
  if (problem) return problem;
  const s = value as string;
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
  return valid ? null : { code: 'invalid_format', message: 'Must be a date in YYYY-MM-DD form.' };
};

const authorisedPurpose: Check = (value) =>
  value === true
    ? null
    : { code: 'invalid_format', message: 'Must be true: declare an authorised purpose (section 172) to search an individual.' };

interface SearchType {
  /** Field -> its check; every field of the type is required. */
  fields: Record<string, Check>;
  requiredMessage?: Record<string, string>;
}

const SEARCH_TYPES: readonly SearchType[] = [
  { fields: { acn: companyNumber('ACN') } },
  { fields: { abn } },
  { fields: { arbn: companyNumber('ARBN') } },
  { fields: { arsn: companyNumber('ARSN') } },
  { fields: { vin } },
  { fields: { serialNumber, serialNumberType } },
  { fields: { registrationNumber } },
  {
    fields: {
      familyName: name('familyName'),
      givenNames: name('givenNames'),
      dateOfBirth,
      authorisedPurpose,
    },
    requiredMessage: { authorisedPurpose: 'Declare an authorised purpose (section 172) with `true`.' },
  },
  { fields: { organisationName: name('organisationName') } },
];

const KNOWN_FIELDS = new Set(SEARCH_TYPES.flatMap((t) => Object.keys(t.fields)));

const SEARCH_TYPE_REQUIRED =
  'Give one search type: acn, abn, arbn, arsn, vin, serialNumber with serialNumberType, registrationNumber, familyName with givenNames, dateOfBirth and authorisedPurpose, or organisationName.';

// Problems are keyed by the caller's field names: a null-prototype list (`emptyProblems`), so an
// unknown field named `constructor` is a plain entry, not Object.prototype's.
const add = addProblem;

/** Every problem of a createPpsrSearch body; empty when it is one valid search. */
export function ppsrSearchProblems(body: unknown): FieldProblems {
  const problems = emptyProblems();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    add(problems, '', { code: 'invalid_format', message: 'The body must be a JSON object with the fields of one search type.' });
    return problems;
  }
  const fields = body as Record<string, unknown>;
  for (const key of Object.keys(fields))
    if (!KNOWN_FIELDS.has(key)) add(problems, key, { code: 'unknown_field', message: 'Unknown field.' });

  const present = SEARCH_TYPES.filter((t) => Object.keys(t.fields).some((f) => f in fields));
  if (present.length === 0) {
    add(problems, '', { code: 'search_type_required', message: SEARCH_TYPE_REQUIRED });
    return problems;
  }
  if (present.length > 1) {
    for (const type of present) {
      const others = present
        .filter((t) => t !== type)
        .flatMap((t) => Object.keys(t.fields).filter((f) => f in fields))
        .join(', ');
      for (const field of Object.keys(type.fields).filter((f) => f in fields))
        add(problems, field, {
          code: 'search_type_conflict',
          message: `Give the fields of exactly one search type; ${others} ${others.includes(',') ? 'were' : 'was'} also given.`,
        });
    }
  }
  for (const type of present) {
    for (const [field, check] of Object.entries(type.fields)) {
      if (!(field in fields)) {
        // With two types given, a missing field of one of them is not the fault to report.
        if (present.length === 1)
          add(problems, field, { code: 'required', message: type.requiredMessage?.[field] ?? 'Required for this search type.' });
        continue;
      }
      const problem = check(fields[field]);
      if (problem) add(problems, field, problem);
    }
  }
  return problems;
}
