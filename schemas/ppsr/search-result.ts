// PPSR search status resource (spec 2.3, 3.2; D-30 to D-33). The status is a discriminated
// union so that `data` exists exactly when `completed` and `failureReason` exactly when `failed`:
// generated clients narrow on `status` instead of checking optional fields.
import { z } from '../common/zod.js';
import { IsoDateTime } from '../common/dates.js';
import { PPSR_SEARCH_TYPES } from './search-request.js';

const RequestId = z.int().min(1).openapi({ description: 'Request id of the search.', example: 1001 });

// D-31: strings whose sample value was null are "string or null"; their formats are not shown.
const NullableText = z.string().nullable();

export const PpsrEntity = z
  .strictObject({
    name: z.string().openapi({
      description:
        'Name of the searched grantor (company, organisation or individual); for serial and registration number searches, the number searched.',
      example: 'SANDBOX TRADING PTY LTD',
    }),
    abn: NullableText.openapi({ example: '60100000011' }),
    acn: NullableText.openapi({ example: '100000011' }),
    type: NullableText.openapi({ description: 'Entity type as the register gives it.', example: 'Australian Proprietary Company' }),
    status: NullableText.openapi({ description: 'Register status of the entity.', example: 'Registered' }),
    address: NullableText.openapi({ example: 'BRISBANE CITY QLD 4000' }),
  })
  .openapi('PpsrEntity', { description: 'What was searched. Fields other than `name` are null when the register gives nothing (D-31).' });

export const PpsrSearchSummary = z
  .strictObject({
    type: z.string().openapi({
      description: `Label of the search type (D-30). Known values: ${PPSR_SEARCH_TYPES.map((t) => `\`${t}\``).join(', ')}. Treat it as an open string: tolerate values not listed here.`,
      example: 'Serial Number Search (VIN)',
    }),
    number: z.string().openapi({ description: 'The identifier searched.', example: '1HGCM82633A004352' }),
    ppsrSearchNumber: z
      .string()
      .openapi({ description: 'Search number the PPSR issued; quoted on the certificates.', example: '261122000001001' }),
    resultCount: z.int().min(0).openapi({ description: 'Number of active registrations found.', example: 1 }),
    resultSummary: NullableText.openapi({ description: 'Summary text from the PPSR, when it gives one.' }),
    searchedAt: IsoDateTime.openapi({
      description: 'When the PPSR ran the search (ISO 8601 with UTC offset).',
      example: '2026-11-22T13:05:12+10:00',
    }),
  })
  .openapi('PpsrSearchSummary');

export const PpsrRegistration = z
  .strictObject({
    registrationNumber: z.string().openapi({ example: '202403150012345' }),
    changeNumber: z.string().openapi({ example: '7654321' }),
    registrationStart: IsoDateTime.openapi({ example: '2024-03-15T10:21:33+10:00' }),
    registrationEnd: IsoDateTime.openapi({ example: '2031-03-15T23:59:59+10:00' }),
    collateralType: z.string().openapi({ example: 'Commercial' }),
    collateralClass: z.string().openapi({ example: 'Motor Vehicle' }),
    collateralDescription: NullableText,
    serialNumber: z.string().openapi({ example: '1HGCM82633A004352' }),
    serialNumberType: z.string().openapi({ example: 'VIN' }),
    grantorName: z.string().openapi({ example: 'SANDBOX TRADING PTY LTD' }),
    grantorNumber: NullableText.openapi({
      description: 'ACN, ABN, ARBN or ARSN of an organisation grantor; null when none is shown.',
      example: '100000011',
    }),
    securedPartyName: z.string().openapi({ example: 'SANDBOX MOTOR FINANCE PTY LTD' }),
    spgNumber: z.string().openapi({ description: 'Secured party group number.', example: '1234567' }),
    isPmsi: z.boolean().openapi({ description: 'Purchase-money security interest.' }),
    registrationKind: z
      .enum(['standard', 'migrated'])
      .openapi({ description: 'D-31: `migrated` for registrations carried over from the state registers.', example: 'standard' }),
  })
  .openapi('PpsrRegistration', { description: 'An active registration found by the search.' });

export const PpsrVehicle = z
  .strictObject({
    vin: z.string().openapi({ example: '1HGCM82633A004352' }),
    make: z.string().openapi({ example: 'HONDA' }),
    model: z.string().openapi({ example: 'ACCORD' }),
    year: z.string().openapi({ description: 'Year of manufacture, as text.', example: '2003' }),
    colour: z.string().openapi({ example: 'SILVER' }),
    bodyType: z.string().openapi({ example: 'SEDAN' }),
    engineNumber: z.string().openapi({ example: 'J30A41004352' }),
    registrationPlate: z.string().openapi({ example: '123ABC' }),
    registrationExpiry: z
      .string()
      .regex(/^[0-9]{2}-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-[0-9]{4}$/)
      .openapi({ description: '`DD-Mon-YYYY` (D-31).', example: '07-Mar-2027' }),
    stolen: z.boolean().nullable().openapi({ description: 'Null when NEVDIS does not say.' }),
    writtenOff: z.boolean().nullable().openapi({ description: 'Null when NEVDIS does not say.' }),
    safetyRecalls: z.array(z.string()).nullable().openapi({ description: 'Open safety recalls; null when NEVDIS does not say.' }),
  })
  .openapi('PpsrVehicle', { description: 'A vehicle as recorded by NEVDIS.' });

export const PpsrNevdisData = z
  .strictObject({
    verificationStatus: z.enum(['Found', 'NotFound', 'Unavailable']).openapi({
      description:
        '`Found`: NEVDIS knows the vehicle; `NotFound`: it does not (`vehicles` is empty); `Unavailable`: NEVDIS could not be asked (D-31).',
      example: 'Found',
    }),
    vehicles: z.array(PpsrVehicle),
  })
  .openapi('PpsrNevdisData', { description: 'National vehicle data (NEVDIS) for VIN and serial number searches.' });

const CertificateStatus = z.enum(['processing', 'completed']).openapi({
  description: 'Each certificate moves from `processing` to `completed` on its own; a download while `processing` answers 202.',
  example: 'completed',
});

// A path, not an absolute URL, under the prefix the search was made on (live, test, or a V1 prefix per D-40).
const DownloadUrl = z
  .string()
  .regex(/^\/api\/(test\/)?v[12]\/ppsr\/searches\/[0-9]+\/certificates\/[^/]+$/)
  .openapi({
    description:
      'Path of the certificate download (`GET /ppsr/searches/{requestId}/certificates/{certificateNumber}`) under the prefix of the environment.',
    example: '/api/test/v2/ppsr/searches/1001/certificates/CERT-1001-1',
  });

const CertificateNumber = z.string().min(1).openapi({ example: 'CERT-1001-1' });

export const PpsrRegistrationCertificate = z
  .strictObject({
    kind: z.literal('registration'),
    certificateNumber: CertificateNumber,
    registrationNumber: z.string().openapi({ description: 'The registration this certificate is for.', example: '202403150012345' }),
    status: CertificateStatus,
    downloadUrl: DownloadUrl,
  })
  .openapi('PpsrRegistrationCertificate', { description: 'Search certificate for one registration found (D-32).' });

export const PpsrNoRegistrationsCertificate = z
  .strictObject({
    kind: z.literal('no_registrations'),
    certificateNumber: CertificateNumber.openapi({ example: 'CERT-1003-1' }),
    registrationNumber: z.null().openapi({ description: 'Always null: the certificate states that nothing was found.' }),
    status: CertificateStatus,
    downloadUrl: DownloadUrl.openapi({ example: '/api/test/v2/ppsr/searches/1003/certificates/CERT-1003-1' }),
  })
  .openapi('PpsrNoRegistrationsCertificate', { description: 'The single certificate of a search that found no registrations (D-32).' });

export const PpsrCertificate = z
  .discriminatedUnion('kind', [PpsrRegistrationCertificate, PpsrNoRegistrationsCertificate])
  .openapi('PpsrCertificate', {
    description:
      'Government-issued search certificate (PDF). One per registration found, or a single `no_registrations` certificate when none was found. Included in the search fee.',
  });

export const PpsrSearchResult = z
  .strictObject({
    entity: PpsrEntity,
    search: PpsrSearchSummary,
    registrations: z.array(PpsrRegistration).openapi({ description: 'Every active registration found.' }),
    nevdisData: PpsrNevdisData.optional().openapi({ description: 'Present only for VIN and serial number searches.' }),
    certificates: z.array(PpsrCertificate).min(1).optional().openapi({
      description:
        'Absent for registration number searches (no certificate is available); otherwise one per registration, or one `no_registrations` certificate.',
    }),
  })
  .openapi('PpsrSearchResult', { description: 'Results of a completed search (spec 2.3).' });

export const PpsrSearchCreated = z
  .strictObject({
    requestId: RequestId,
    status: z.literal('new'),
  })
  .openapi('PpsrSearchCreated', { description: 'The search was accepted and queued.', example: { requestId: 1001, status: 'new' } });

export const PpsrSearchPending = z
  .strictObject({
    requestId: RequestId,
    status: z.enum(['new', 'processing']).openapi({ description: '`new` until the registry submission starts, then `processing`.' }),
  })
  .openapi('PpsrSearchPending', { description: 'A search not yet answered by the registry.' });

export const PpsrSearchCompleted = z
  .strictObject({
    requestId: RequestId,
    status: z.literal('completed'),
    data: PpsrSearchResult,
  })
  .openapi('PpsrSearchCompleted', { description: 'A search the registry answered; certificates may still be `processing`.' });

export const PpsrSearchFailed = z
  .strictObject({
    requestId: RequestId,
    status: z.literal('failed'),
    failureReason: z
      .string()
      .openapi({ description: 'Why the registry did not complete the search (D-33).', example: 'The PPSR could not complete the search.' }),
  })
  .openapi('PpsrSearchFailed', { description: 'A search the registry did not complete. The fee is not refunded (D-33).' });

export const PpsrSearch = z
  .discriminatedUnion('status', [PpsrSearchPending, PpsrSearchCompleted, PpsrSearchFailed])
  .openapi('PpsrSearch', { description: 'Status of a PPSR search: `new` -> `processing` -> `completed` or `failed` (spec 3.2).' });

export const PpsrCertificateProcessing = z
  .strictObject({
    certificateNumber: CertificateNumber,
    status: z.literal('processing'),
  })
  .openapi('PpsrCertificateProcessing', {
    description: 'The certificate is still being generated; try again after `Retry-After` seconds (D-32).',
    example: { certificateNumber: 'CERT-1002-3', status: 'processing' },
  });
