// Company-level sections of Form 484 (spec 2.5): who lodges, the two company addresses, the
// ultimate holding company, concessional fees and the annexure.
import { z } from '../common/zod.js';
import { zonedDate } from '../common/dates.js';
import { Acn, ElevenDigits, NineDigits } from '../common/identifiers.js';
import { Form484AustralianAddress } from './addresses.js';
import { ifThen } from '../common/conditional.js';
import { Form484Name, longText, pastDate, requiredUpperName, requiredUpperText, upperName, upperText } from './fields.js';

export const SIGNATORY_ROLES = ['DIR', 'SEC', 'ALT'] as const;

export const Form484GeneralInformation = z
  .strictObject({
    companyName: requiredUpperName(200).openapi({
      description:
        'Name of the company the form is about, as registered. In the sandbox a name containing `MANUAL REVIEW` or `REJECT` chooses the outcome.',
      example: 'SANDBOX TRADING PTY LTD',
    }),
    acn: Acn,
    annualStatementResponseIndicator: z.boolean().optional().openapi({ description: 'Set when the form answers an annual statement.' }),
  })
  .openapi('Form484GeneralInformation', { description: 'The company the changes are for.' });

export const Form484Signature = z
  .strictObject({
    name: Form484Name,
    role: z.enum(SIGNATORY_ROLES).openapi({ description: '`DIR` director, `SEC` secretary, `ALT` alternate director.', example: 'DIR' }),
    date: zonedDate(
      {
        description: '`YYYY-MM-DD`; not in the future and not more than 6 months before today (Australia/Brisbane date).',
        example: '2026-11-20',
      },
      'not-after',
    ),
    declaresTrueAndCorrectIndicator: z
      .literal(true)
      .openapi({ description: 'The signatory declares the information true and correct; must be `true`.' }),
  })
  .openapi('Form484Signature', { description: 'The officer signing the form.' });

/**
 * The two company addresses share their fields; each is its own strict object (not `.extend()` of
 * the other) so the document does not render `allOf` over two closed schemas, which would refuse
 * every field of the other.
 */
const companyAddressFields = {
  dateOfChange: pastDate('Date the address took effect.'),
  address: Form484AustralianAddress,
  addressOverriddenIndicator: z
    .boolean()
    .optional()
    .openapi({ description: 'Accept the address as given instead of matching it against the address register.' }),
};

export const Form484RegisteredOffice = z
  .strictObject({
    ...companyAddressFields,
    occupyIndicator: z.boolean().openapi({ description: '`true` when the company occupies the premises.' }),
    occupierName: upperName(200).optional().openapi({ description: 'Name of the occupier. Required when `occupyIndicator` is `false`.' }),
    occupierConsent: z
      .boolean()
      .optional()
      .openapi({ description: 'The occupier has consented to the address being used. Required when `occupyIndicator` is `false`.' }),
  })
  // The occupier rule (`checkOccupier`, schemas/form484/rules.ts) stated in JSON Schema (D-72).
  .openapi('Form484RegisteredOffice', {
    description: 'New registered office address. With `occupyIndicator: false`, `occupierName` and `occupierConsent` are required.',
    ...ifThen({
      if: { properties: { occupyIndicator: { const: false } }, required: ['occupyIndicator'] },
      then: {
        properties: { occupierName: { type: 'string', minLength: 1 }, occupierConsent: {} },
        required: ['occupierName', 'occupierConsent'],
      },
    }),
  });

export const Form484PrincipalPlaceOfBusiness = z
  .strictObject(companyAddressFields)
  .openapi('Form484PrincipalPlaceOfBusiness', { description: 'New principal place of business.' });

export const UHC_STATUSES = ['A', 'C', 'N'] as const;

export const Form484UltimateHoldingCompany = z
  .strictObject({
    dateOfChange: pastDate('Date of the change.'),
    uhcStatus: z.enum(UHC_STATUSES).openapi({ description: '`A` appointing, `C` ceasing, `N` notifying a change.', example: 'A' }),
    name: upperName(200).optional().openapi({ example: 'HARBOUR LIGHTS GROUP LTD' }),
    // Spec 2.5 asks only for "9 digits" / "11 digits" here (the checksum only on generalInformation.acn).
    acn: NineDigits.optional().openapi({ description: '9 digits.' }),
    abn: ElevenDigits.optional().openapi({ description: '11 digits.' }),
    placeIncorporation: upperText(50).optional().openapi({ description: 'Place of incorporation.', example: 'QUEENSLAND' }),
  })
  .openapi('Form484UltimateHoldingCompany', { description: 'Change of ultimate holding company.' });

export const Form484ConcessionalFees = z
  .strictObject({
    dateOfChange: pastDate('Date of the change.'),
    hasCommencedSpecialPurposeCompanyIndicator: z.boolean().optional(),
    hasCeasedToBeSpecialPurposeCompanyIndicator: z.boolean().optional(),
    isHomeUnitCompanyIndicator: z.boolean().optional(),
    isSuperannuationTrusteeCompanyIndicator: z.boolean().optional(),
    isForCharitablePurposesIndicator: z.boolean().optional(),
  })
  .openapi('Form484ConcessionalFees', { description: 'Special purpose company status for concessional fees.' });

export const Form484Annexure = z
  .strictObject({
    mark: requiredUpperText(2).openapi({ description: 'Annexure mark.', example: 'A' }),
    type: z.literal('ALT').openapi({ description: 'Must be `ALT`.' }),
    numberOfPages: z.int().min(1).max(Number.MAX_SAFE_INTEGER).openapi({ description: 'Pages in the annexure, 1 or more.', example: 1 }),
    text: longText(true),
  })
  .openapi('Form484Annexure', { description: 'Annexure to the form (a single object, not an array).' });
