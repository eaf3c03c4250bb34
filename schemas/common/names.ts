import { z } from './zod.js';
import { INVISIBLE_MESSAGE, NO_INVISIBLE_OUTSIDE_BMP, refineStated } from './stated-rules.js';

/** Upper-case text: no lower-case letter anywhere (Form 484 and business account names). */
export const UPPERCASE_PATTERN = /^[^a-z]*$/;

// D-57, D-64: names are compared after one normalisation, refuse characters nobody can see, and are
// also compared by appearance (a small table of Cyrillic and Greek capitals drawn like Latin ones).

/**
 * The invisible characters of the Basic Multilingual Plane: control characters (Unicode Cc:
 * U+0000-U+001F, U+007F-U+009F), format characters (Cf: soft hyphen, Arabic number signs, zero-width
 * space and joiners, directional marks, embeddings and overrides, word joiner and invisible
 * operators, isolates, the byte order mark, interlinear annotations) and, by D-64, every other
 * Default_Ignorable_Code_Point (combining grapheme joiner U+034F, Hangul fillers U+115F, U+1160,
 * U+3164, U+FFA0, Khmer inherent vowels U+17B4-U+17B5, Mongolian variation selectors
 * U+180B-U+180F, variation selectors U+FE00-U+FE0F, U+2065, U+FFF0-U+FFF8) and the blank braille
 * pattern U+2800. Written out as ranges, not `\p{Cf}`: the document's `pattern` is also compiled
 * without the `u` flag (the SDK's Zod validators), where `\p` means the letter p. Those beyond the BMP
 * (tag characters, variation selectors supplement U+E0100-U+E01EF, the rest of U+E0000-U+E0FFF and a
 * few format characters) are refused by `hasInvisibleCharacter`.
 */
const INVISIBLE_BMP =
  '\\x00-\\x1F\\x7F-\\x9F\\xAD\\u034F\\u0600-\\u0605\\u061C\\u06DD\\u070F\\u0890\\u0891\\u08E2\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u2800\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFFB';

// The classes list combining characters (U+034F, variation selectors, Hangul fillers) one by one, on
// purpose: each is refused on its own, not as part of a sequence.
/* eslint-disable no-misleading-character-class */
/** A name: no control, format or other invisible character. */
export const NAME_PATTERN = new RegExp(`^[^${INVISIBLE_BMP}]*$`);
/** An upper-case name: no `a`-`z`, no invisible character (one JSON Schema `pattern` holds both). */
export const UPPERCASE_NAME_PATTERN = new RegExp(`^[^a-z${INVISIBLE_BMP}]*$`);

/**
 * Every invisible character, in any plane: Cc, Cf (D-57), Default_Ignorable_Code_Point, the Hangul
 * fillers and the blank braille pattern (D-64). The fillers are default-ignorable already; they are
 * named so that the rule does not hang on one Unicode version's list.
 */
export const INVISIBLE_CHARACTER = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u115F\u1160\u3164\uFFA0\u2800]/u;
const INVISIBLE_IN_BMP = new RegExp(`[${INVISIBLE_BMP}]`);
/* eslint-enable no-misleading-character-class */

/** True when `text` holds an invisible character (`INVISIBLE_CHARACTER`), in any plane. */
export function hasInvisibleCharacter(text: string): boolean {
  return INVISIBLE_CHARACTER.test(text);
}

export { INVISIBLE_MESSAGE };
export const NAME_NOTE =
  'No control characters or invisible characters (Unicode Cc, Cf and Default_Ignorable_Code_Point, the Hangul fillers and U+2800, such as U+200B, U+202E or U+FE0F; D-57, D-64).';

/** The faults a value that failed a name pattern (which names the BMP characters) has: `not_uppercase`, `invalid_format`, or both. */
export function namePatternFaults(value: unknown, uppercase: boolean): ('not_uppercase' | 'invalid_format')[] {
  if (typeof value !== 'string') return ['invalid_format'];
  const faults: ('not_uppercase' | 'invalid_format')[] = [];
  if (uppercase && /[a-z]/.test(value)) faults.push('not_uppercase');
  if (INVISIBLE_IN_BMP.test(value)) faults.push('invalid_format');
  return faults.length > 0 ? faults : ['invalid_format'];
}

/**
 * Every name field of every request: a string without invisible characters (D-57, D-64), optionally upper case (spec 2.4, 2.5). The pattern carries the rule into the document; the
 * refinement adds the invisible characters outside the BMP, which the pattern cannot name portably
 * (a value the pattern already refuses is not reported twice).
 */
export function nameText(options: { min?: number; max?: number; uppercase?: boolean } = {}) {
  let text = z.string();
  if (options.min !== undefined) text = text.min(options.min);
  if (options.max !== undefined) text = text.max(options.max);
  const patterned = text.regex(options.uppercase ? UPPERCASE_NAME_PATTERN : NAME_PATTERN, { message: INVISIBLE_MESSAGE });
  return refineStated(patterned, NO_INVISIBLE_OUTSIDE_BMP, (value) => INVISIBLE_IN_BMP.test(value) || !hasInvisibleCharacter(value));
}

// ---- Comparing names (D-57, D-64) ----

/** Unicode White_Space (not JS `\s`, which also counts the invisible U+FEFF). */
const WHITESPACE_RUNS = /\p{White_Space}+/gu;
const INVISIBLE_ALL = new RegExp(INVISIBLE_CHARACTER.source, 'gu');

/**
 * The one form in which two names are compared: compatibility-normalised (NFKC: fullwidth `ＡＣＭＥ`
 * is `ACME`, the ligature `ﬁ` is `fi`), white space (tabs and line breaks too) read as a space and
 * other invisible characters (`INVISIBLE_CHARACTER`) dropped, upper case by the full Unicode mapping (`ß` is `SS`, so case
 * is folded), then NFKC again and runs of white space collapsed. A
 * request never holds an invisible character (`nameText`); dropping them here keeps a name stored
 * before that rule from hiding behind one.
 */
export function foldName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(WHITESPACE_RUNS, ' ')
    .replace(INVISIBLE_ALL, '')
    .toUpperCase()
    .normalize('NFKC')
    .replace(WHITESPACE_RUNS, ' ')
    .trim();
}

/**
 * Cyrillic and Greek capital letters drawn like a Latin capital (after `foldName`, so only capitals).
 * A small table on purpose: the letters a reader cannot tell apart in the register's upper case, not
 * Unicode's whole confusables list.
 */
export const LOOK_ALIKE_LETTERS: Readonly<Record<string, string>> = {
  // Cyrillic
  А: 'A',
  В: 'B',
  Е: 'E',
  Ѕ: 'S',
  І: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  Ү: 'Y',
  Ԛ: 'Q',
  Ԝ: 'W',
  // Greek
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};

const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKE_LETTERS).join('')}]`, 'gu');

/** A folded name as it looks: every letter of `LOOK_ALIKE_LETTERS` replaced by its Latin twin (`АСМЕ` -> `ACME`). */
export function lookAlikeSkeleton(folded: string): string {
  return folded.replace(LOOK_ALIKE, (letter) => LOOK_ALIKE_LETTERS[letter] ?? letter);
}

const LATIN = /\p{Script=Latin}/u;
const CYRILLIC_OR_GREEK = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

/**
 * True when one word of the name holds Latin letters and Cyrillic or Greek ones (`SANDBOX TRАDING`
 * with a Cyrillic `А`). A name in one script, or with whole words in each, is not mixed.
 */
export function mixesScriptsInAWord(name: string): boolean {
  return foldName(name)
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .some((word) => LATIN.test(word) && CYRILLIC_OR_GREEK.test(word));
}

export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export const AustralianState = z.enum(AU_STATES).openapi({ description: 'Australian state or territory code.', example: 'QLD' });

export const Postcode = z
  .string()
  .regex(/^[0-9]{4}$/)
  .openapi({ description: 'Four digits.', example: '4000' });
