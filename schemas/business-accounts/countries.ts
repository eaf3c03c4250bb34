// Business accounts use the shared ISO 3166-1 list (schemas/common/countries.ts).
export { ISO_COUNTRY_CODES, ISO_COUNTRY_CODE_SET } from '../common/countries.js';
