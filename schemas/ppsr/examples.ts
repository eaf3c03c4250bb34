// Examples of PPSR search results, built from the sandbox magic values (sandbox.md) so that what
// the docs and the Prism mock show is what the test environment answers. Typed against the
// schemas so that a shape change fails the compile, not only the example test.
import type { z } from '../common/zod.js';
import type { PpsrSearchRequest } from './search-request.js';
import type { PpsrNevdisData, PpsrRegistration, PpsrSearch } from './search-result.js';
import { NEVDIS_FIXTURES, PPSR_FIXTURE_REGISTRATIONS } from './sandbox.js';

type Search = z.infer<typeof PpsrSearch>;
type Registration = z.infer<typeof PpsrRegistration>;
type Nevdis = z.infer<typeof PpsrNevdisData>;

const TEST_PREFIX = '/api/test/v2';
const certificateUrl = (requestId: number, certificateNumber: string): string =>
  `${TEST_PREFIX}/ppsr/searches/${requestId}/certificates/${certificateNumber}`;

export const SEARCH_REQUEST_EXAMPLES = {
  vin: { summary: 'VIN (sandbox: 1 registration)', value: { vin: '1HGCM82633A004352' } },
  grantorAcn: { summary: 'Grantor by ACN (sandbox: 3 registrations)', value: { acn: '100000011' } },
  grantorAbn: { summary: 'Grantor by ABN', value: { abn: '60100000011' } },
  grantorArbn: { summary: 'Grantor by ARBN', value: { arbn: '100000075' } },
  grantorArsn: { summary: 'Grantor by ARSN', value: { arsn: '123456780' } },
  serialNumber: { summary: 'Hull identification number (HIN)', value: { serialNumber: 'AU-ABC12345D616', serialNumberType: 'HIN' } },
  registrationNumber: { summary: 'Registration number lookup (no certificate)', value: { registrationNumber: '202403150012345' } },
  individual: {
    summary: 'Individual (sandbox: 1 registration)',
    value: { familyName: 'CITIZEN', givenNames: 'JANE', dateOfBirth: '1980-01-01', authorisedPurpose: true },
  },
  organisationName: { summary: 'Organisation name (sandbox: no registrations)', value: { organisationName: 'NO REGISTRATIONS PTY LTD' } },
  failing: { summary: 'VIN (sandbox: search fails)', value: { vin: 'ZFA31200000000004' } },
} satisfies Record<string, { summary: string; value: PpsrSearchRequest }>;

/** A sandbox registration with its fields in the document's order. */
function inDocumentOrder(r: Registration): Registration {
  return {
    registrationNumber: r.registrationNumber,
    changeNumber: r.changeNumber,
    registrationStart: r.registrationStart,
    registrationEnd: r.registrationEnd,
    collateralType: r.collateralType,
    collateralClass: r.collateralClass,
    collateralDescription: r.collateralDescription,
    serialNumber: r.serialNumber,
    serialNumberType: r.serialNumberType,
    grantorName: r.grantorName,
    grantorNumber: r.grantorNumber,
    securedPartyName: r.securedPartyName,
    spgNumber: r.spgNumber,
    isPmsi: r.isPmsi,
    registrationKind: r.registrationKind,
  };
}

/** A sandbox NEVDIS answer with its vehicles' fields in the document's order. */
function nevdisInDocumentOrder(answer: Nevdis): Nevdis {
  return {
    verificationStatus: answer.verificationStatus,
    vehicles: answer.vehicles.map((v) => ({
      vin: v.vin,
      make: v.make,
      model: v.model,
      year: v.year,
      colour: v.colour,
      bodyType: v.bodyType,
      engineNumber: v.engineNumber,
      registrationPlate: v.registrationPlate,
      registrationExpiry: v.registrationExpiry,
      stolen: v.stolen,
      writtenOff: v.writtenOff,
      safetyRecalls: v.safetyRecalls,
    })),
  };
}

/** The sandbox's registrations against grantor ACN 100000011, the second on the magic HONDA VIN. */
const acnRegistrations: Registration[] = PPSR_FIXTURE_REGISTRATIONS.filter((r) => r.grantorNumber === '100000011').map(inDocumentOrder);
const vinRegistration = acnRegistrations.find((r) => r.serialNumber === '1HGCM82633A004352')!;

const completedVin: Search = {
  requestId: 1001,
  status: 'completed',
  data: {
    entity: { name: '1HGCM82633A004352', abn: null, acn: null, type: null, status: null, address: null },
    search: {
      type: 'Serial Number Search (VIN)',
      number: '1HGCM82633A004352',
      ppsrSearchNumber: '261122000001001',
      resultCount: 1,
      resultSummary: null,
      searchedAt: '2026-11-22T13:05:12+10:00',
    },
    registrations: [vinRegistration],
    nevdisData: nevdisInDocumentOrder(NEVDIS_FIXTURES['1HGCM82633A004352']!),
    certificates: [
      {
        kind: 'registration',
        certificateNumber: 'CERT-1001-1',
        registrationNumber: '202403150012345',
        status: 'completed',
        downloadUrl: certificateUrl(1001, 'CERT-1001-1'),
      },
    ],
  },
};

const completedAcn: Search = {
  requestId: 1002,
  status: 'completed',
  data: {
    entity: {
      name: 'SANDBOX TRADING PTY LTD',
      abn: '60100000011',
      acn: '100000011',
      type: 'Australian Proprietary Company',
      status: 'Registered',
      address: 'BRISBANE CITY QLD 4000',
    },
    search: {
      type: 'Grantor Search (ACN)',
      number: '100000011',
      ppsrSearchNumber: '261122000001002',
      resultCount: 3,
      resultSummary: null,
      searchedAt: '2026-11-22T13:06:40+10:00',
    },
    registrations: acnRegistrations,
    // Certificates complete one by one (D-32): the last is still being generated.
    certificates: acnRegistrations.map((registration, index) => ({
      kind: 'registration' as const,
      certificateNumber: `CERT-1002-${index + 1}`,
      registrationNumber: registration.registrationNumber,
      status: index === 2 ? ('processing' as const) : ('completed' as const),
      downloadUrl: certificateUrl(1002, `CERT-1002-${index + 1}`),
    })),
  },
};

const noRegistrations: Search = {
  requestId: 1003,
  status: 'completed',
  data: {
    entity: { name: 'NO REGISTRATIONS PTY LTD', abn: null, acn: null, type: null, status: null, address: null },
    search: {
      type: 'Grantor Search (Organisation)',
      number: 'NO REGISTRATIONS PTY LTD',
      ppsrSearchNumber: '261122000001003',
      resultCount: 0,
      resultSummary: null,
      searchedAt: '2026-11-22T13:08:03+10:00',
    },
    registrations: [],
    certificates: [
      {
        kind: 'no_registrations',
        certificateNumber: 'CERT-1003-1',
        registrationNumber: null,
        status: 'completed',
        downloadUrl: certificateUrl(1003, 'CERT-1003-1'),
      },
    ],
  },
};

const failed: Search = {
  requestId: 1004,
  status: 'failed',
  failureReason: 'The PPSR could not complete the search.',
};

const registrationLookup: Search = {
  requestId: 1005,
  status: 'completed',
  data: {
    entity: { name: '202403150012345', abn: null, acn: null, type: null, status: null, address: null },
    search: {
      type: 'Registration Number Search',
      number: '202403150012345',
      ppsrSearchNumber: '261122000001005',
      resultCount: 1,
      resultSummary: null,
      searchedAt: '2026-11-22T13:10:27+10:00',
    },
    registrations: [vinRegistration],
  },
};

export const SEARCH_STATUS_EXAMPLES = {
  new: { summary: 'Just created', value: { requestId: 1001, status: 'new' } satisfies Search },
  processing: { summary: 'With the registry', value: { requestId: 1001, status: 'processing' } satisfies Search },
  completedVin: { summary: 'Completed VIN search (1HGCM82633A004352, 1 registration)', value: completedVin },
  completedAcn: {
    summary: 'Completed grantor search by ACN (100000011, 3 registrations; one certificate still processing)',
    value: completedAcn,
  },
  noRegistrations: { summary: 'Completed with no registrations (one no_registrations certificate)', value: noRegistrations },
  registrationNumber: { summary: 'Completed registration number lookup (no certificates)', value: registrationLookup },
  failed: { summary: 'Failed (sandbox VIN ZFA31200000000004); not refunded', value: failed },
};
