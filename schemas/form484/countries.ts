// Country and birthplace codes of Form 484 addresses and birth details (spec 2.5). Held as data so
// the JSON Schema carries the exact list (an enum) instead of a looser two-letter pattern.
import { z } from '../common/zod.js';
import { AU_STATES } from '../common/names.js';

/** ISO 3166-1 alpha-2: the 249 officially assigned codes. */
// prettier-ignore
export const ISO_COUNTRY_CODES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BE',
  'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD',
  'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM',
  'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
  'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN',
  'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME',
  'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM',
  'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI',
  'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK',
  'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;

export type CountryCodeValue = (typeof ISO_COUNTRY_CODES)[number];

export function isCountryCode(value: unknown): value is CountryCodeValue {
  return typeof value === 'string' && (ISO_COUNTRY_CODES as readonly string[]).includes(value);
}

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
