// Country and birthplace codes of Form 484 addresses and birth details (spec 2.5). Held as data so
// the JSON Schema carries the exact list (an enum) instead of a looser two-letter pattern.
import { z } from '../common/zod.js';
import { AU_STATES } from '../common/names.js';
import { ISO_COUNTRY_CODES } from '../common/countries.js';

export { ISO_COUNTRY_CODES, isCountryCode, type CountryCodeValue } from '../common/countries.js';

/**
 * An Australian birth is qualified by its state, an overseas birth by its country; `AU` itself is
 * therefore never a valid qualifier (it would not say which state).
 */
export const BIRTH_LOCALITY_QUALIFIERS = [...AU_STATES, ...ISO_COUNTRY_CODES.filter((code) => code !== 'AU')] as [string, ...string[]];

export const Form484CountryCode = z.enum(ISO_COUNTRY_CODES).openapi('Form484CountryCode', {
  description: 'ISO 3166-1 alpha-2 country code.',
  example: 'AU',
});

export const Form484BirthLocalityQualifier = z.enum(BIRTH_LOCALITY_QUALIFIERS).openapi('Form484BirthLocalityQualifier', {
  description:
    'Australian state or territory code (`ACT`, `NSW`, `NT`, `QLD`, `SA`, `TAS`, `VIC`, `WA`) for a birth in Australia; ISO 3166-1 alpha-2 country code for a birth overseas (never `AU`).',
  example: 'QLD',
});
