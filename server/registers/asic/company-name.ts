// D-45 identical-name rules: two company names are identical when they differ only in case,
// punctuation, `PTY`/`PROPRIETARY`, `LTD`/`LIMITED`, `&`/`AND`, or runs of spaces. Nothing else is
// ignored (not spacing inside a word, not the legal words themselves), so a near miss stays available.

/** Apostrophes sit inside words (`O'BRIEN`, `JANE'S`): dropping them keeps the word whole. */
const APOSTROPHES = /['‘’`]/g;
/** Every other character that is not a letter or digit separates words (`PTY.LTD.`, `SMITH-JONES`). */
const SEPARATORS = /[^\p{L}\p{N}]+/u;
const EQUIVALENT_WORDS: Readonly<Record<string, string>> = { PROPRIETARY: 'PTY', LIMITED: 'LTD' };

/** The name as compared, in the register's upper case (`Sandbox Trading Proprietary Limited` -> `SANDBOX TRADING PTY LTD`). */
export function normaliseCompanyName(name: string): string {
  return name
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .replace(APOSTROPHES, '')
    .split(SEPARATORS)
    .filter((word) => word !== '')
    .map((word) => EQUIVALENT_WORDS[word] ?? word)
    .join(' ');
}
