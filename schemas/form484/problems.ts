// The value type of one Form 484 error (D-11) and the small helpers every check uses to build them.
import type { z } from '../common/zod.js';
import type { Form484FieldError } from '../common/errors.js';

/** One element of the `errors` array of a Form 484 error response (D-11). */
export type Form484Problem = z.infer<typeof Form484FieldError>;

/**
 * Exactly the D-11 codes: stable, so clients may switch on them. Faults D-11 has no word of its own
 * for (a wrong JSON type, a number out of range, an unknown field) are `invalid_format`, and the
 * message says which.
 */
export const FORM484_ERROR_CODES = [
  'required',
  'too_long',
  'not_uppercase',
  'invalid_date',
  'date_in_future',
  'date_out_of_window',
  'invalid_acn',
  'under_18',
  'sum_mismatch_v455',
  'unknown_share_class',
  'section_required',
  'invalid_enum',
  'invalid_format',
] as const;
export type Form484ErrorCode = (typeof FORM484_ERROR_CODES)[number];

export function problem(code: Form484ErrorCode, field: string, message: string): Form484Problem {
  return { code, field, message };
}

/** `['officeHolders', 0, 'birthDetails', 'date']` -> `officeHolders.0.birthDetails.date` (D-11). */
export function fieldPath(segments: readonly PropertyKey[]): string {
  return segments.map(String).join('.');
}

/** Keeps the first of each (code, field) pair: two checks may notice the same fault. */
export function dedupeProblems(problems: readonly Form484Problem[]): Form484Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.code}\u0000${p.field}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
