// Business account application body (spec 2.4), field for field. The payload goes to the banking
// partner unchanged and the partner's own schema is not shown, so nothing beyond the spec's table
// is required here (no invented lengths or formats); objects are strict so a misspelt field is
// reported rather than silently forwarded. Rules JSON Schema cannot carry are in ./rules.ts.
import { z } from '../common/zod.js';
import { IsoDate } from '../common/dates.js';
import { ElevenDigits, NineDigits } from '../common/identifiers.js';
import { ACCOUNT_IDENTIFIER, refineStated } from '../common/stated-rules.js';
import { NAME_NOTE, Postcode, UPPERCASE_PATTERN, nameText } from '../common/names.js';

/** Spec 2.4 `jurisdiction`: the states and territories, with the external territories. */
export const AU_JURISDICTIONS = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA', 'CCK', 'CXR', 'JBT', 'NFK'] as const;

// The address `state` and an Australian birth `localityQualifier` are "state or territory codes";
// the spec's only list of those is the jurisdiction list, so the same twelve codes serve all three.
export const AuStateOrTerritory = z.enum(AU_JURISDICTIONS).openapi({
  description:
    'State or territory code (`CCK` Cocos (Keeling) Islands, `CXR` Christmas Island, `JBT` Jervis Bay Territory, `NFK` Norfolk Island).',
  example: 'QLD',
});

const Uppercase = (example: string) => z.string().min(1).regex(UPPERCASE_PATTERN).openapi({ description: 'Upper case.', example });
/** A name (D-57): no control or invisible formatting characters; upper case where spec 2.4 says so. */
const UppercaseName = (example: string) =>
  nameText({ min: 1, uppercase: true }).openapi({ description: `Upper case. ${NAME_NOTE}`, example });

export const BusinessAccountAddress = z
  .strictObject({
    careOf: z.string().optional().openapi({ example: 'C/- SANDBOX ACCOUNTANTS' }),
    line2: z.string().optional().openapi({ example: 'LEVEL 5' }),
    street: Uppercase('1 EAGLE STREET'),
    locality: Uppercase('BRISBANE CITY'),
    state: AuStateOrTerritory,
    postcode: Postcode,
    country: z.string().optional().openapi({ description: 'May be empty.', example: '' }),
  })
  .openapi('BusinessAccountAddress', {
    description: 'Address (spec 2.4): `street`, `locality` and `state` in upper case, `postcode` 4 digits.',
  });

export const BusinessAccountName = z
  .strictObject({
    familyName: nameText({ min: 1 }).openapi({ example: 'CITIZEN' }),
    givenName1: nameText({ min: 1 }).openapi({ example: 'JANE' }),
    givenName2: nameText().optional().openapi({ example: 'MARIE' }),
    givenName3: nameText().optional(),
  })
  .openapi('BusinessAccountName', { description: `A person's name. ${NAME_NOTE}` });

const OrganisationRef = z
  .strictObject({
    name: nameText().openapi({ description: `May be empty. ${NAME_NOTE}`, example: '' }),
    acn: z.string().openapi({ description: 'May be empty.', example: '' }),
  })
  .openapi('BusinessAccountOrganisation', {
    description: "An organisation; both fields may be empty strings. Further constraints follow the partner's schema.",
  });

export const DirectorContact = z
  .strictObject({
    familyName: UppercaseName('CITIZEN'),
    givenName1: UppercaseName('JANE'),
    givenName2: nameText().optional(),
    givenName3: nameText().optional(),
    email: z
      .email()
      .openapi({ description: "The partner e-mails this address to verify the director's identity.", example: 'jane.citizen@example.com' }),
    mobile: z.string().min(1).openapi({ description: 'The partner sends SMS verification to this number.', example: '0412345678' }),
  })
  .openapi('BusinessAccountDirectorContact');

export const AccountInformation = refineStated(
  z.strictObject({
    acn: NineDigits.optional().openapi({ description: 'Exactly 9 digits. Required unless `abn` is given.' }),
    abn: ElevenDigits.optional().openapi({ description: 'Exactly 11 digits. Required unless `acn` is given.' }),
    directorsContacts: z.array(DirectorContact).min(1),
    primaryDirector: z
      .strictObject({
        familyName: nameText({ min: 1 }).openapi({ example: 'CITIZEN' }),
        givenName1: nameText({ min: 1 }).openapi({ example: 'JANE' }),
      })
      .openapi({ description: 'Must name a director listed in `directorsContacts` (`primary_director_not_listed`).' }),
  }),
  // "acn or abn" is structural: the anyOf goes into the JSON Schema (written out as two complete
  // object alternatives by schemas/common/identifier-alternatives.ts), the refine into Zod parsing
  // (its params.code is what the server reports, as with the identifier checksums).
  ACCOUNT_IDENTIFIER,
  (value) => value.acn !== undefined || value.abn !== undefined,
).openapi('BusinessAccountAccountInformation', {
  description: "The company and its directors' contact details. At least one of `acn` and `abn`.",
  anyOf: [{ required: ['acn'] }, { required: ['abn'] }],
});

export const BirthDetails = z
  .strictObject({
    date: IsoDate.openapi({ example: '1980-01-01' }),
    locality: z.string().optional().openapi({ description: 'Town or city of birth.', example: 'BRISBANE' }),
    localityQualifier: z
      .string()
      .regex(/^[A-Z]{2,3}$/)
      .optional()
      .openapi({
        description:
          'State or territory code for an Australian birth, 2-letter ISO 3166-1 country code for an overseas birth. With `intlIndicator` true it must be a country code; otherwise a state or territory code is read first (`SA` is South Australia), then a country code.',
        example: 'QLD',
      }),
    intlIndicator: z.boolean().optional().openapi({
      description: '`true`: `localityQualifier` is a country code. Omitted or `false`: state and territory codes take priority.',
    }),
  })
  .openapi('BusinessAccountBirthDetails');

export const OfficeHolder = z
  .strictObject({
    name: BusinessAccountName,
    birthDetails: BirthDetails,
    address: BusinessAccountAddress.openapi({ description: 'Residential address.' }),
    roles: z
      .array(z.string().min(1).openapi({ example: 'DIR' }))
      .openapi({ description: 'Role codes: director `DIR`, secretary `SEC`.', example: ['DIR', 'SEC'] }),
  })
  .openapi('BusinessAccountOfficeHolder');

export const ShareAllocation = z
  .strictObject({
    classCode: z.string().min(1).openapi({ description: 'Share class code; ordinary shares are `ORD`.', example: 'ORD' }),
    numberIssued: z
      .string()
      .regex(/^[0-9]+$/)
      .openapi({ description: 'Number of shares issued, as a string of digits.', example: '100' }),
    holdingOwners: z
      .array(
        z.strictObject({
          individual: BusinessAccountName,
          organisation: OrganisationRef.optional(),
          address: BusinessAccountAddress,
        }),
      )
      .min(1),
  })
  .openapi('BusinessAccountShareAllocation');

export const BusinessAccountApplication = z
  .strictObject({
    generalInformation: z.strictObject({
      companyName: nameText({ min: 1, max: 255 }).openapi({ description: NAME_NOTE, example: 'SANDBOX TRADING PTY LTD' }),
      companyType: z.string().min(1).openapi({ description: 'Company type code.', example: 'APTY' }),
      companyClass: z.string().min(1).openapi({ description: 'Company class code.', example: 'LMSH' }),
      companySubClass: z.string().min(1).openapi({ description: 'Company sub-class code.', example: 'PROP' }),
      jurisdiction: z.enum(AU_JURISDICTIONS).openapi({ description: 'Jurisdiction of registration.', example: 'QLD' }),
    }),
    accountInformation: AccountInformation,
    registeredOffice: z.strictObject({ address: BusinessAccountAddress }),
    principalPlaceOfBusiness: z
      .strictObject({ address: BusinessAccountAddress })
      .optional()
      .openapi({ description: 'Only when different from the registered office.' }),
    officeHolders: z.array(OfficeHolder).min(1),
    shareAllocation: z.array(ShareAllocation).min(1),
    applicant: z.strictObject({
      individual: BusinessAccountName,
      organisation: OrganisationRef.optional(),
      organisationSignatoryIndividual: BusinessAccountName.openapi({ description: 'Signs for the organisation; typically the applicant.' }),
    }),
  })
  .openapi('BusinessAccountApplication', {
    description:
      "A business bank account application (spec 2.4). Forwarded to the banking partner unchanged; the partner's own validation applies beyond the rules here.",
  });
export type BusinessAccountApplication = z.infer<typeof BusinessAccountApplication>;
