// The sandbox's magic PPSR and NEVDIS values (sandbox.md "PPSR"), kept as data so the sandbox guide's table,
// the docs and the simulation read one source. The registrations and the HONDA reuse the numbers of
// the contract's examples (examples.ts builds its registrations from these), so the Prism mock and
// the sandbox agree.
// An identifier named here answers from these records only; any other valid identifier gets a
// generated answer (generated.ts). Registrations the operator adds are found in both cases.
import type { z } from '../common/zod.js';
import type { PpsrNevdisData, PpsrRegistration } from './search-result.js';

type PpsrRegistrationRecord = z.infer<typeof PpsrRegistration>;
type NevdisRecord = z.infer<typeof PpsrNevdisData>;

const SANDBOX_TRADING = { grantorName: 'SANDBOX TRADING PTY LTD', grantorNumber: '100000011' } as const;
const HARBOUR_LIGHTS = { grantorName: 'HARBOUR LIGHTS INVESTMENTS PTY LTD', grantorNumber: '100000084' } as const;
const JANE_CITIZEN = { grantorName: 'JANE CITIZEN', grantorNumber: null } as const;

const base = {
  collateralType: 'Commercial',
  collateralClass: 'Motor Vehicle',
  collateralDescription: null,
  serialNumberType: 'VIN',
  securedPartyName: 'SANDBOX MOTOR FINANCE PTY LTD',
  spgNumber: '1234567',
  isPmsi: false,
  registrationKind: 'standard',
} as const;

export const PPSR_FIXTURE_REGISTRATIONS: readonly PpsrRegistrationRecord[] = [
  // Grantor ACN 100000011: three registrations, one of them on the HONDA below.
  {
    ...base,
    ...SANDBOX_TRADING,
    registrationNumber: '202209010045678',
    changeNumber: '5512034',
    registrationStart: '2022-09-01T09:02:41+10:00',
    registrationEnd: '2029-09-01T23:59:59+10:00',
    serialNumber: 'MR0HA3CD100123456',
    securedPartyName: 'SANDBOX EQUIPMENT LEASING PTY LTD',
    spgNumber: '2345678',
  },
  {
    ...base,
    ...SANDBOX_TRADING,
    registrationNumber: '202403150012345',
    changeNumber: '7654321',
    registrationStart: '2024-03-15T10:21:33+10:00',
    registrationEnd: '2031-03-15T23:59:59+10:00',
    serialNumber: '1HGCM82633A004352',
    isPmsi: true,
  },
  {
    ...base,
    ...SANDBOX_TRADING,
    registrationNumber: '201201300098765',
    changeNumber: '1203987',
    registrationStart: '2012-01-30T08:00:00+10:00',
    registrationEnd: '2032-01-30T23:59:59+10:00',
    collateralClass: 'Watercraft',
    collateralDescription: 'SEARAY 240 SUNDANCER',
    serialNumber: 'AU-ABC12345D616',
    serialNumberType: 'HIN',
    securedPartyName: 'SANDBOX MARINE CREDIT LIMITED',
    spgNumber: '3456789',
    registrationKind: 'migrated',
  },
  // VIN 6FPPXXMJ2PCD55635: two registrations (a PMSI and a later general security interest).
  {
    ...base,
    ...HARBOUR_LIGHTS,
    registrationNumber: '202305020033221',
    changeNumber: '6620145',
    registrationStart: '2023-05-02T11:45:09+10:00',
    registrationEnd: '2030-05-02T23:59:59+10:00',
    serialNumber: '6FPPXXMJ2PCD55635',
    isPmsi: true,
  },
  {
    ...base,
    ...HARBOUR_LIGHTS,
    registrationNumber: '202406180051234',
    changeNumber: '7890123',
    registrationStart: '2024-06-18T14:30:00+10:00',
    registrationEnd: '2031-06-18T23:59:59+10:00',
    serialNumber: '6FPPXXMJ2PCD55635',
    securedPartyName: 'HARBOUR CAPITAL LENDING LIMITED',
    spgNumber: '4567890',
  },
  // VIN JN1TANS50U0000001 (stolen) and WDD2050422F000002 (written off): one registration each; the
  // second is the individual CITIZEN / JANE / 1980-01-01's only registration.
  {
    ...base,
    ...HARBOUR_LIGHTS,
    registrationNumber: '202111080076543',
    changeNumber: '4432110',
    registrationStart: '2021-11-08T16:12:45+10:00',
    registrationEnd: '2028-11-08T23:59:59+10:00',
    serialNumber: 'JN1TANS50U0000001',
  },
  {
    ...base,
    ...JANE_CITIZEN,
    collateralType: 'Consumer',
    registrationNumber: '202501200004321',
    changeNumber: '8011223',
    registrationStart: '2025-01-20T09:00:00+10:00',
    registrationEnd: '2032-01-20T23:59:59+10:00',
    serialNumber: 'WDD2050422F000002',
    isPmsi: true,
  },
];

const vehicle = {
  stolen: false,
  writtenOff: false,
  safetyRecalls: [] as string[],
};

/** NEVDIS answers for the magic VINs. */
export const NEVDIS_FIXTURES: Readonly<Record<string, NevdisRecord>> = {
  '1HGCM82633A004352': {
    verificationStatus: 'Found',
    vehicles: [
      {
        ...vehicle,
        vin: '1HGCM82633A004352',
        make: 'HONDA',
        model: 'ACCORD',
        year: '2003',
        colour: 'SILVER',
        bodyType: 'SEDAN',
        engineNumber: 'J30A41004352',
        registrationPlate: '123ABC',
        registrationExpiry: '07-Mar-2027',
      },
    ],
  },
  '6FPPXXMJ2PCD55635': {
    verificationStatus: 'Found',
    vehicles: [
      {
        ...vehicle,
        vin: '6FPPXXMJ2PCD55635',
        make: 'FORD',
        model: 'RANGER',
        year: '2023',
        colour: 'WHITE',
        bodyType: 'UTILITY',
        engineNumber: 'YN2XPCD55635',
        registrationPlate: '456DEF',
        registrationExpiry: '18-Jun-2027',
        safetyRecalls: ['PRA 2024/20123: rear axle bolts may loosen'],
      },
    ],
  },
  JN1TANS50U0000001: {
    verificationStatus: 'Found',
    vehicles: [
      {
        ...vehicle,
        vin: 'JN1TANS50U0000001',
        make: 'NISSAN',
        model: 'X-TRAIL',
        year: '2021',
        colour: 'BLACK',
        bodyType: 'WAGON',
        engineNumber: 'QR25U0000001',
        registrationPlate: '789GHI',
        registrationExpiry: '08-Nov-2026',
        stolen: true,
      },
    ],
  },
  WDD2050422F000002: {
    verificationStatus: 'Found',
    vehicles: [
      {
        ...vehicle,
        vin: 'WDD2050422F000002',
        make: 'MERCEDES-BENZ',
        model: 'C200',
        year: '2015',
        colour: 'GREY',
        bodyType: 'SEDAN',
        engineNumber: 'M274F000002',
        registrationPlate: '012JKL',
        registrationExpiry: '20-Jan-2026',
        writtenOff: true,
      },
    ],
  },
  KMHCT41BAEU000003: {
    verificationStatus: 'Found',
    vehicles: [
      {
        ...vehicle,
        vin: 'KMHCT41BAEU000003',
        make: 'HYUNDAI',
        model: 'ACCENT',
        year: '2014',
        colour: 'BLUE',
        bodyType: 'HATCHBACK',
        engineNumber: 'G4FAEU000003',
        registrationPlate: '345MNO',
        registrationExpiry: '03-Sep-2027',
      },
    ],
  },
  MR0FZ22G000000005: { verificationStatus: 'NotFound', vehicles: [] },
};

/** Why a failing magic value fails (D-33 `failureReason`). */
export const PPSR_FAILURE_REASON = 'The PPSR could not complete the search.';

/** Searches the register does not complete. */
export const PPSR_FAILING_VINS: ReadonlySet<string> = new Set(['ZFA31200000000004']);
export const PPSR_FAILING_ORGANISATION_NAMES: ReadonlySet<string> = new Set(['REGISTRY FAILURE PTY LTD']);

/** Organisation names the register knows and finds nothing against. */
export const PPSR_EMPTY_ORGANISATION_NAMES: ReadonlySet<string> = new Set(['NO REGISTRATIONS PTY LTD']);

/** Individuals the register knows, with the grantor name their registrations carry. */
export const PPSR_FIXTURE_INDIVIDUALS: readonly { familyName: string; givenNames: string; dateOfBirth: string; grantorName: string }[] = [
  { familyName: 'CITIZEN', givenNames: 'JANE', dateOfBirth: '1980-01-01', grantorName: 'JANE CITIZEN' },
];
