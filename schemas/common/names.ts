import { z } from './zod.js';

/** Upper-case text: no lower-case letter anywhere (Form 484 and business account names). */
export const UPPERCASE_PATTERN = /^[^a-z]*$/;

export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export const AustralianState = z.enum(AU_STATES).openapi({ description: 'Australian state or territory code.', example: 'QLD' });

export const Postcode = z
  .string()
  .regex(/^\d{4}$/)
  .openapi({ description: 'Four digits.', example: '4000' });
