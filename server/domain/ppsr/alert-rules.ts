// The rules of a PPSR alert body (D-34) as one function of the body: the number checked against its
// `organisationNumberType` (ARBN and ARSN use the ACN checksum). Runs as the operation's refiner, so
// the structural pass's `oneOf` branch guess never names the wrong field.
import { isValidAbn, isValidAcn } from '../../../schemas/common/identifiers.js';
import { ORGANISATION_NUMBER_TYPES } from '../../../schemas/ppsr/index.js';
import { emptyProblems, type FieldProblems } from '../errors.js';
import { callerValue } from '../../../schemas/common/caller-text.js';

const KNOWN = new Set(['organisationNumberType', 'organisationNumber']);

export function ppsrAlertProblems(body: unknown): FieldProblems {
  // Keyed by the caller's field names: no prototype, so `__proto__` or `constructor` is a plain entry.
  const problems = emptyProblems();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    problems[''] = [{ code: 'invalid_format', message: 'The body must be a JSON object.' }];
    return problems;
  }
  const fields = body as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (!KNOWN.has(key)) problems[key] = [{ code: 'unknown_field', message: 'Unknown field.' }];

  const type = fields.organisationNumberType;
  const known = typeof type === 'string' && (ORGANISATION_NUMBER_TYPES as readonly string[]).includes(type);
  if (!('organisationNumberType' in fields)) problems.organisationNumberType = [{ code: 'required', message: 'Required.' }];
  else if (!known)
    problems.organisationNumberType = [{ code: 'invalid_enum', message: `Must be one of: ${ORGANISATION_NUMBER_TYPES.join(', ')}.` }];

  const number = fields.organisationNumber;
  if (!('organisationNumber' in fields)) {
    problems.organisationNumber = [{ code: 'required', message: 'Required.' }];
  } else if (typeof number !== 'string') {
    problems.organisationNumber = [{ code: 'invalid_format', message: 'Must be a string of digits.' }];
  } else if (!known) {
    if (!/^(\d{9}|\d{11})$/.test(number))
      problems.organisationNumber = [{ code: 'invalid_format', message: 'Must be 9 digits (ACN, ARBN, ARSN) or 11 digits (ABN).' }];
  } else if (type === 'ABN') {
    if (!/^\d{11}$/.test(number)) problems.organisationNumber = [{ code: 'invalid_format', message: 'An ABN is 11 digits.' }];
    else if (!isValidAbn(number)) problems.organisationNumber = [{ code: 'invalid_abn', message: 'Not a valid ABN (checksum failed).' }];
  } else if (!/^\d{9}$/.test(number)) {
    problems.organisationNumber = [{ code: 'invalid_format', message: `An ${callerValue(type)} is 9 digits.` }];
  } else if (!isValidAcn(number)) {
    problems.organisationNumber = [{ code: 'invalid_acn', message: `Not a valid ${callerValue(type)} (checksum failed).` }];
  }
  return problems;
}
