// What a field's pattern asks for, in words: the SDK's own check of a request quotes the regular
// expression ("must match pattern /^\d{9}$/"), which tells a person nothing.

const NO_CONTROL = /\\x00-\\x1F/;

/** `/^\d{9}$/` reads "9 digits"; a pattern the console does not know reads as a plain "not in the form this field takes". */
export function patternInWords(pattern: string): string {
  const source = pattern.replace(/^\/(.*)\/[a-z]*$/s, '$1');
  const digits = /^\^\\d\{(\d+)\}\$$/.exec(source);
  if (digits) return `Must be ${digits[1]} digits.`;
  const range = /^\^\\d\{(\d+),(\d+)\}\$$/.exec(source);
  if (range) return `Must be ${range[1]} to ${range[2]} digits.`;
  if (source === '^\\d+$') return 'Must be digits only.';
  if (source.startsWith('^(\\d{9}|\\d{11})')) return 'Must be an ACN (9 digits) or an ABN (11 digits).';
  if (source.startsWith('^\\d{4}-(0[1-9]|1[0-2])')) return 'Must be a date written YYYY-MM-DD.';
  if (source === '^[A-HJ-NPR-Z0-9]{17}$') return 'Must be a VIN: 17 capital letters and digits, without I, O or Q.';
  if (source === '^[A-Z]{2,3}$') return 'Must be 2 or 3 capital letters.';
  if (source === '^[0-9A-Z]{9}$') return 'Must be 9 capital letters or digits.';
  const id = /^\^([a-z]+)_\[[^\]]+\]\{(\d+)\}\$$/.exec(source);
  if (id) return `Must be an id that starts ${id[1]}_ followed by ${id[2]} letters and digits.`;
  if (source.startsWith('^[^a-z') && NO_CONTROL.test(source)) return 'Must be in capital letters, without control or invisible characters.';
  if (source === '^[^a-z]*$') return 'Must be in capital letters (no lower case).';
  if (source.startsWith('^[^\\x00-\\x1F')) return 'Must not hold control or invisible characters.';
  return 'Not in the form this field takes (see its description in the docs).';
}
