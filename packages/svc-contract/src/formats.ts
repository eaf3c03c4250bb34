// The string formats the document uses, for validation (Ajv) and generation. ACN and ABN checksums
// are written here from their published algorithms rather than imported from schemas/, so a mistake
// on either side shows up as a disagreement instead of being shared.

const digitsOf = (value: string): number[] => [...value].map(Number);

/** ASIC ACN check digit: weights 8..1 over the first 8 digits; check = (10 - sum mod 10) mod 10. */
export function acnCheckDigit(first8: string): number {
  const sum = digitsOf(first8).reduce((acc, digit, i) => acc + digit * (8 - i), 0);
  return (10 - (sum % 10)) % 10;
}

export function isAcn(value: string): boolean {
  return /^\d{9}$/.test(value) && acnCheckDigit(value.slice(0, 8)) === Number(value[8]);
}

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** ABR ABN check: subtract 1 from the first digit, weight, sum; valid when the sum is divisible by 89. */
export function isAbn(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  const digits = digitsOf(value);
  digits[0] = (digits[0] ?? 0) - 1;
  return digits.reduce((acc, digit, i) => acc + digit * (ABN_WEIGHTS[i] ?? 0), 0) % 89 === 0;
}

/** An ACN from any 8 digits. */
export function makeAcn(first8: string): string {
  return `${first8}${acnCheckDigit(first8)}`;
}

/**
 * An ABN from any 9 trailing digits. The first two digits contribute 10*(d1-1) + d2, which takes every
 * value 0..89 as d1 runs 1..9 and d2 0..9, so some choice always makes the weighted sum divisible by 89.
 */
export function makeAbn(last9: string): string {
  const tail = digitsOf(last9).reduce((acc, digit, i) => acc + digit * (ABN_WEIGHTS[i + 2] ?? 0), 0);
  const lead = (89 - (tail % 89)) % 89;
  return `${Math.floor(lead / 10) + 1}${lead % 10}${last9}`;
}

/** A value of the same shape that fails the format (used to break a valid value). */
export function brokenFormat(format: string, valid: string): string | undefined {
  switch (format) {
    case 'acn':
    case 'abn': {
      // Change the last digit: exactly one digit value keeps a checksum valid, so try until it breaks.
      for (let step = 1; step < 10; step++) {
        const candidate = `${valid.slice(0, -1)}${(Number(valid.slice(-1)) + step) % 10}`;
        if (format === 'acn' ? !isAcn(candidate) : !isAbn(candidate)) return candidate;
      }
      return undefined;
    }
    case 'date':
      return '2026-02-30';
    case 'date-time':
      return '2026-11-22T25:61:00Z';
    case 'email':
      return 'not-an-email';
    case 'uri':
      return 'not a uri';
    default:
      return undefined;
  }
}
