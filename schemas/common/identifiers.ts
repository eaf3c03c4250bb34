import { z } from './zod.js';
import { ABN_CHECKSUM, ACN_CHECKSUM, refineStated } from './stated-rules.js';

/** ACN checksum (ASIC): weights 8..1 over the first 8 digits, check digit = (10 - sum mod 10) mod 10. */
export function isValidAcn(value: string): boolean {
  if (!/^[0-9]{9}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const sum = digits.slice(0, 8).reduce((acc, digit, index) => acc + digit * (8 - index), 0);
  const check = (10 - (sum % 10)) % 10;
  return check === digits[8];
}

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/** ABN checksum (ABR): subtract 1 from the first digit, weighted sum must be divisible by 89. */
export function isValidAbn(value: string): boolean {
  if (!/^[0-9]{11}$/.test(value)) return false;
  const digits = [...value].map(Number);
  digits[0] = (digits[0] ?? 0) - 1;
  const sum = digits.reduce((acc, digit, index) => acc + digit * (ABN_WEIGHTS[index] ?? 0), 0);
  return sum % 89 === 0;
}

/** ISO 3779 VIN: 17 characters, letters and digits, never I, O or Q. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
export function isValidVin(value: string): boolean {
  return VIN_PATTERN.test(value);
}

/** Nine digits with the ACN checksum; `format: acn` lets the server's Ajv check the checksum too. */
export const Acn = refineStated(z.string().regex(/^[0-9]{9}$/), ACN_CHECKSUM, isValidAcn).openapi({
  format: 'acn',
  description: 'Australian Company Number: 9 digits with the ASIC checksum.',
  example: '100000011',
});

/** Eleven digits with the ABN checksum (`format: abn`). */
export const Abn = refineStated(z.string().regex(/^[0-9]{11}$/), ABN_CHECKSUM, isValidAbn).openapi({
  format: 'abn',
  description: 'Australian Business Number: 11 digits with the ABR checksum.',
  example: '60100000011',
});

/** ARBN and ARSN use the ACN checksum (spec 2.3). */
export const Arbn = Acn.openapi({
  description: 'Australian Registered Body Number: 9 digits with the ACN checksum.',
  example: '100000075',
});
export const Arsn = Acn.openapi({
  description: 'Australian Registered Scheme Number: 9 digits with the ACN checksum.',
  example: '100000011',
});

export const Vin = z.string().regex(VIN_PATTERN).openapi({
  description: 'Vehicle Identification Number (ISO 3779): 17 letters and digits, never I, O or Q.',
  example: '1HGCM82633A004352',
});

/** Plain digit strings where the spec asks for digits but no checksum. */
export const NineDigits = z
  .string()
  .regex(/^[0-9]{9}$/)
  .openapi({ example: '100000011' });
export const ElevenDigits = z
  .string()
  .regex(/^[0-9]{11}$/)
  .openapi({ example: '60100000011' });
