// PPSR search request (spec 2.3): one strict object per search type, joined with `oneOf`. Each
// variant requires its own identifier and forbids every other field, so a body with no search
// type, two search types or a stray field matches no variant: "exactly one search type" is
// carried by the JSON Schema itself, not by a hand-written rule.
import { z } from '../common/zod.js';
import { NAME_NOTE, nameText } from '../common/names.js';
import { IsoDate } from '../common/dates.js';
import { Abn, Acn, Arbn, Arsn, Vin } from '../common/identifiers.js';

/** D-30 labels of `data.search.type`, known values of an open string. */
export const PPSR_SEARCH_TYPES = [
  'Serial Number Search (VIN)',
  'Serial Number Search (Chassis Number)',
  'Serial Number Search (HIN)',
  'Serial Number Search (Official Number)',
  'Registration Number Search',
  'Grantor Search (ACN)',
  'Grantor Search (ABN)',
  'Grantor Search (ARBN)',
  'Grantor Search (ARSN)',
  'Grantor Search (Individual)',
  'Grantor Search (Organisation)',
] as const;
export type PpsrSearchType = (typeof PPSR_SEARCH_TYPES)[number];

export const PPSR_SERIAL_NUMBER_TYPES = ['ChassisNumber', 'HIN', 'OfficialNumber'] as const;

export const PpsrGrantorAcnSearch = z.strictObject({ acn: Acn }).openapi('PpsrGrantorAcnSearch', {
  description: 'Grantor search by ACN. A certificate is included per registration found; no vehicle data.',
  example: { acn: '100000011' },
});

export const PpsrGrantorAbnSearch = z.strictObject({ abn: Abn }).openapi('PpsrGrantorAbnSearch', {
  description: 'Grantor search by ABN. A certificate is included per registration found; no vehicle data.',
  example: { abn: '60100000011' },
});

export const PpsrGrantorArbnSearch = z.strictObject({ arbn: Arbn }).openapi('PpsrGrantorArbnSearch', {
  description: 'Grantor search by ARBN (registered foreign company). A certificate is included per registration found; no vehicle data.',
  example: { arbn: '100000075' },
});

export const PpsrGrantorArsnSearch = z.strictObject({ arsn: Arsn }).openapi('PpsrGrantorArsnSearch', {
  description:
    'Grantor search by ARSN (registered managed investment scheme). A certificate is included per registration found; no vehicle data.',
  example: { arsn: '123456780' },
});

// The spec says "max 17 characters, ISO 3779 format"; ISO 3779 fixes the length at 17, so the
// shared Vin schema (exactly 17, no I, O or Q) is the whole rule.
export const PpsrVinSearch = z.strictObject({ vin: Vin }).openapi('PpsrVinSearch', {
  description:
    'Serial number search by VIN. Certificates are included and NEVDIS vehicle data (`data.nevdisData`) is returned. Sandbox: `1HGCM82633A004352` finds 1 registration, `6FPPXXMJ2PCD55635` 2, `KMHCT41BAEU000003` none, `JN1TANS50U0000001` is stolen, `WDD2050422F000002` written off, `MR0FZ22G000000005` unknown to NEVDIS and `ZFA31200000000004` fails.',
  example: { vin: '1HGCM82633A004352' },
});

export const PpsrSerialNumberSearch = z
  .strictObject({
    serialNumber: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,17}$/)
      .openapi({ description: 'Letters, digits and hyphens, at most 17.', example: 'AU-ABC12345D616' }),
    serialNumberType: z.enum(PPSR_SERIAL_NUMBER_TYPES).openapi({
      description: 'Kind of serial number: chassis number, hull identification number (HIN) or official (ship) number.',
      example: 'HIN',
    }),
  })
  .openapi('PpsrSerialNumberSearch', {
    description:
      'Serial number search for a non-VIN serial number. Certificates are included and vehicle data (`data.nevdisData`) is returned.',
    example: { serialNumber: 'AU-ABC12345D616', serialNumberType: 'HIN' },
  });

export const PpsrRegistrationNumberSearch = z
  .strictObject({
    registrationNumber: z
      .string()
      .regex(/^[0-9]{1,20}$/)
      .openapi({ description: 'PPSR registration number: digits only, at most 20.', example: '202403150012345' }),
  })
  .openapi('PpsrRegistrationNumberSearch', {
    description: 'Looks up one registration. No certificate is available (`data.certificates` is absent) and there is no vehicle data.',
    example: { registrationNumber: '202403150012345' },
  });

export const PpsrIndividualSearch = z
  .strictObject({
    familyName: nameText({ min: 1, max: 255 }).openapi({ description: NAME_NOTE, example: 'CITIZEN' }),
    givenNames: nameText({ min: 1, max: 255 }).openapi({ description: NAME_NOTE, example: 'JANE' }),
    // The sandbox's individual (sandbox.md): a register looks this date up, so D-61 keeps it as written.
    dateOfBirth: IsoDate.openapi({ example: '1980-01-01', 'x-example-date': 'fixed' }),
    authorisedPurpose: z.literal(true).openapi({
      description:
        'Must be `true`: you declare that the search is for a purpose authorised by section 172 of the Personal Property Securities Act 2009. Searching an individual without an authorised purpose is an offence.',
    }),
  })
  .openapi('PpsrIndividualSearch', {
    description:
      'Grantor search for an individual. Certificates are included; no vehicle data. Sandbox: CITIZEN / JANE / 1980-01-01 finds 1 registration.',
    example: { familyName: 'CITIZEN', givenNames: 'JANE', dateOfBirth: '1980-01-01', authorisedPurpose: true },
  });

export const PpsrOrganisationNameSearch = z
  .strictObject({
    organisationName: nameText({ min: 1, max: 255 }).openapi({ description: NAME_NOTE, example: 'SANDBOX TRADING PTY LTD' }),
  })
  .openapi('PpsrOrganisationNameSearch', {
    description:
      'Grantor search by organisation name. Certificates are included; no vehicle data. Sandbox: `NO REGISTRATIONS PTY LTD` finds nothing, `REGISTRY FAILURE PTY LTD` fails.',
    example: { organisationName: 'SANDBOX TRADING PTY LTD' },
  });

export const PpsrSearchRequest = z
  .union([
    PpsrGrantorAcnSearch,
    PpsrGrantorAbnSearch,
    PpsrGrantorArbnSearch,
    PpsrGrantorArsnSearch,
    PpsrVinSearch,
    PpsrSerialNumberSearch,
    PpsrRegistrationNumberSearch,
    PpsrIndividualSearch,
    PpsrOrganisationNameSearch,
  ])
  // unionPreferredType is an option (third argument); passed as metadata it is ignored and
  // leaks into the document as an unknown keyword.
  .openapi(
    'PpsrSearchRequest',
    {
      description:
        'Exactly one search type: the fields of one variant and nothing else. The search type follows from which identifier is present (spec 2.3).',
    },
    { unionPreferredType: 'oneOf' },
  );
export type PpsrSearchRequest = z.infer<typeof PpsrSearchRequest>;

export interface PpsrSearchClassification {
  /** D-30 label reported as `data.search.type`. */
  type: PpsrSearchType;
  /** Certificates are produced (every search type but the registration number lookup). */
  certificates: boolean;
  /** NEVDIS vehicle data is returned (VIN and other serial number searches). */
  vehicleData: boolean;
}

const SERIAL_LABELS = {
  ChassisNumber: 'Serial Number Search (Chassis Number)',
  HIN: 'Serial Number Search (HIN)',
  OfficialNumber: 'Serial Number Search (Official Number)',
} as const satisfies Record<(typeof PPSR_SERIAL_NUMBER_TYPES)[number], PpsrSearchType>;

/** The search type table of spec 2.3 as data: which label, and whether certificates and vehicle data apply. */
export function classifyPpsrSearch(body: PpsrSearchRequest): PpsrSearchClassification {
  const grantor = (type: PpsrSearchType): PpsrSearchClassification => ({ type, certificates: true, vehicleData: false });
  if ('acn' in body) return grantor('Grantor Search (ACN)');
  if ('abn' in body) return grantor('Grantor Search (ABN)');
  if ('arbn' in body) return grantor('Grantor Search (ARBN)');
  if ('arsn' in body) return grantor('Grantor Search (ARSN)');
  if ('vin' in body) return { type: 'Serial Number Search (VIN)', certificates: true, vehicleData: true };
  if ('serialNumber' in body) return { type: SERIAL_LABELS[body.serialNumberType], certificates: true, vehicleData: true };
  if ('registrationNumber' in body) return { type: 'Registration Number Search', certificates: false, vehicleData: false };
  if ('familyName' in body) return grantor('Grantor Search (Individual)');
  return grantor('Grantor Search (Organisation)');
}
