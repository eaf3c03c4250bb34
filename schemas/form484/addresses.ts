// The three address shapes of Form 484 (spec 2.5). They differ on purpose: company addresses are
// always Australian; office holder and member addresses may be overseas, so `state` and `postcode`
// are conditional there (checked by `rules.ts`, since JSON Schema here cannot say "required when
// `country` is AU"); only office holder addresses take `careOf` and `line2`.
import { z } from '../common/zod.js';
import { AustralianState, Postcode } from '../common/names.js';
import { Form484CountryCode } from './countries.js';
import { requiredUpperText, upperText } from './fields.js';

const careOf = upperText(50).optional().openapi({ description: 'Care of (c/-) line.' });
const line2 = upperText(50).optional().openapi({ description: 'Second address line (building, level).' });
const street = requiredUpperText(52).openapi({ example: '123 EAGLE STREET' });
const locality = requiredUpperText(30).openapi({ description: 'Suburb, town or city.', example: 'BRISBANE CITY' });

const CONDITIONAL_NOTE =
  'Required when `country` is `AU` or absent (an address without `country` is Australian); omit for an overseas address.';

/** Registered office and principal place of business: Australian addresses only. */
export const Form484AustralianAddress = z
  .strictObject({ careOf, line2, street, locality, state: AustralianState, postcode: Postcode })
  .openapi('Form484AustralianAddress', { description: 'An address in Australia.' });

export const Form484OfficeHolderAddress = z
  .strictObject({
    careOf,
    line2,
    street,
    locality,
    state: AustralianState.optional().openapi({ description: `State or territory code. ${CONDITIONAL_NOTE}` }),
    postcode: Postcode.optional().openapi({ description: `Four digits. ${CONDITIONAL_NOTE}` }),
    country: Form484CountryCode.optional(),
  })
  .openapi('Form484OfficeHolderAddress', { description: 'Residential address of an office holder, in Australia or overseas.' });

export const Form484MemberAddress = z
  .strictObject({
    street,
    locality,
    state: AustralianState.optional().openapi({ description: `State or territory code. ${CONDITIONAL_NOTE}` }),
    postcode: Postcode.optional().openapi({ description: `Four digits. ${CONDITIONAL_NOTE}` }),
    country: Form484CountryCode.optional(),
  })
  .openapi('Form484MemberAddress', { description: 'Address of a holding owner, in Australia or overseas.' });
