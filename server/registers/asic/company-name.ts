// D-45 identical-name rules: two company names are identical when they differ only in case,
// punctuation, `PTY`/`PROPRIETARY`, `LTD`/`LIMITED`, `&`/`AND`, or runs of spaces. Nothing else is
// ignored (not spacing inside a word, not the legal words themselves), so a near miss stays available.
// D-57: the comparison starts from `foldName` (NFKC, invisible characters dropped, case folded), and
// two names whose look-alike skeletons are equal (`АСМЕ` in Cyrillic and `ACME`) look identical.
import { foldName, lookAlikeSkeleton } from '../../../schemas/common/names.js';

/** Apostrophes sit inside words (`O'BRIEN`, `JANE'S`): dropping them keeps the word whole. */
const APOSTROPHES = /['‘’`]/g;
/** Every other character that is not a letter, mark or digit separates words (`PTY.LTD.`, `SMITH-JONES`). */
const SEPARATORS = /[^\p{L}\p{M}\p{N}]+/u;
const EQUIVALENT_WORDS: Readonly<Record<string, string>> = { PROPRIETARY: 'PTY', LIMITED: 'LTD' };

/** The name as compared, in the register's upper case (`Sandbox Trading Proprietary Limited` -> `SANDBOX TRADING PTY LTD`). */
export function normaliseCompanyName(name: string): string {
  return foldName(name)
    .replace(/&/g, ' AND ')
    .replace(APOSTROPHES, '')
    .split(SEPARATORS)
    .filter((word) => word !== '')
    .map((word) => EQUIVALENT_WORDS[word] ?? word)
    .join(' ');
}

/**
 * How a normalised name looks (D-57): names with the same key cannot be told apart by a reader. The
 * D-45 rules run again on the skeleton, so a Cyrillic `LІМІТЕD` is read as `LTD` too.
 */
export function companyNameLookAlikeKey(normalisedName: string): string {
  return normaliseCompanyName(lookAlikeSkeleton(normalisedName));
}
