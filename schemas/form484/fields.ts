// Field builders shared by every Form 484 section, so each rule of spec 2.5 ("all string values
// must be uppercase", the integer range, the long-text alphabet) is written once and reaches the
// JSON Schema as a pattern, a bound or an enum.
import { z } from '../common/zod.js';
import { IsoDate } from '../common/dates.js';
import { NAME_NOTE, UPPERCASE_PATTERN, nameText } from '../common/names.js';

/** Upper limit of share counts and amounts (spec 2.5: 0 to 999,999,999,999,999). */
export const REGISTER_INTEGER_MAX = 999_999_999_999_999;

/** `descriptionOfConsideration` and annexure `text` (spec 2.5; D-14 sizes the body limit for them). */
export const LONG_TEXT_MAX = 2_900_000;

/**
 * Printable ASCII (0x20-0x7E) without `a`-`z`, plus CR and LF. JSON Schema holds one `pattern` per
 * schema, so "printable ASCII plus line breaks" and "uppercase" are folded into one expression;
 * the error mapper splits a failure back into `not_uppercase` and `invalid_format`.
 */
export const UPPERCASE_PRINTABLE_PATTERN = /^[\x20-\x60\x7B-\x7E\r\n]*$/;
export const PRINTABLE_PATTERN = /^[\x20-\x7E\r\n]*$/;

const UPPERCASE_NOTE = 'Uppercase (no `a`-`z`).';

/** Optional upper-case text of at most `max` characters. */
export function upperText(max: number) {
  return z.string().max(max).regex(UPPERCASE_PATTERN);
}

/** Required upper-case text: the empty string counts as missing (reported as `required`). */
export function requiredUpperText(max: number) {
  return z.string().min(1).max(max).regex(UPPERCASE_PATTERN);
}

/** An optional upper-case name (D-57): also without control or invisible formatting characters. */
export function upperName(max: number) {
  return nameText({ max, uppercase: true });
}

/** A required upper-case name (D-57); the empty string counts as missing (reported as `required`). */
export function requiredUpperName(max: number) {
  return nameText({ min: 1, max, uppercase: true });
}

/** Up to 2,900,000 characters of upper-case printable ASCII and line breaks; required text refuses "". */
export function longText(required: boolean) {
  return z
    .string()
    .min(required ? 1 : 0)
    .max(LONG_TEXT_MAX)
    .regex(UPPERCASE_PRINTABLE_PATTERN)
    .openapi({ description: `Up to 2,900,000 characters of printable ASCII and line breaks (CR, LF). ${UPPERCASE_NOTE}` });
}

/** Share counts and amounts. */
export function registerInteger(description: string) {
  return z.int().min(0).max(REGISTER_INTEGER_MAX).openapi({ description });
}

/** A date that must not be after today (Australia/Brisbane); the window is checked by `rules.ts`. */
export function pastDate(description: string, example = '2026-11-16') {
  return IsoDate.openapi({ description: `${description} \`YYYY-MM-DD\`; not in the future (Australia/Brisbane date).`, example });
}

/** Name objects of spec 2.5 (`familyName`, `givenName1`, `givenName2`, `givenName3`). */
export const Form484Name = z
  .strictObject({
    familyName: requiredUpperName(30).openapi({ example: 'CITIZEN' }),
    givenName1: requiredUpperName(20).openapi({ example: 'JANE' }),
    givenName2: upperName(20).optional(),
    givenName3: upperName(20).optional(),
  })
  .openapi('Form484Name', { description: `A person's name. ${UPPERCASE_NOTE} ${NAME_NOTE}` });
