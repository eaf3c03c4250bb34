// PPSR searches (spec 2.3, 3.2, 4.3; D-17, D-18, D-30 to D-33): create, read the status and
// results, download certificate PDFs. The schemas are in ./search-request.ts and ./search-result.ts.
import { z } from '../common/zod.js';
import { apiError } from '../common/errors.js';
import { HEADER_REFS } from '../common/headers.js';
import { defineOperation } from '../common/operation.js';
import { RequestIdParam } from '../lodgements/index.js';
import { TAGS } from '../tags.js';
import { PpsrSearchRequest } from './search-request.js';
import { PpsrCertificateProcessing, PpsrSearch, PpsrSearchCreated } from './search-result.js';
import { SEARCH_REQUEST_EXAMPLES, SEARCH_STATUS_EXAMPLES } from './examples.js';
import { linksPassing } from '../common/links.js';
import { validationExample } from '../common/validation-example.js';
import { notFoundInScope } from '../common/operation-responses.js';

/** PPSR search fee (spec 1, 8; D-33), in cents. */
export const PPSR_SEARCH_FEE_CENTS = 600;

export const CertificateParams = z.strictObject({
  ...RequestIdParam.shape,
  certificateNumber: z
    .string()
    .min(1)
    .openapi({ description: 'A `certificateNumber` from `data.certificates` of the search.', example: 'CERT-1001-1' }),
});

// The body of a 200 certificate download: the PDF bytes. `format: binary` makes generators type it
// as a Blob; the media type itself is on the response (the metadata type has no contentMediaType).
const CertificatePdf = z.string().openapi({ format: 'binary', description: 'The certificate PDF.' });

const SANDBOX_VALUES =
  'Sandbox (test prefix): VIN `1HGCM82633A004352` finds 1 registration (NEVDIS `Found`), `6FPPXXMJ2PCD55635` 2 registrations, `JN1TANS50U0000001` a stolen vehicle, `WDD2050422F000002` a written-off vehicle, `KMHCT41BAEU000003` no registrations (one `no_registrations` certificate), `MR0FZ22G000000005` NEVDIS `NotFound`, `ZFA31200000000004` a `failed` search; grantor ACN `100000011` finds 3 registrations; `organisationName` `NO REGISTRATIONS PTY LTD` finds none and `REGISTRY FAILURE PTY LTD` fails; the individual CITIZEN / JANE / 1980-01-01 finds 1. A sandbox search is `completed` as soon as the worker takes it; each certificate completes on its own about 2 seconds later.';

const notFoundSearch = notFoundInScope('search', 'PPSR search', 'Unknown request id');

const validationExamples = {
  invalidAcn: validationExample('ACN fails its checksum', {
    acn: [{ code: 'invalid_acn', message: 'Not a valid ACN (checksum failed).' }],
  }),
  invalidVin: validationExample('VIN not in ISO 3779 form', {
    vin: [{ code: 'invalid_format', message: 'Must be 17 letters and digits (ISO 3779), without I, O or Q.' }],
  }),
  individualIncomplete: validationExample('Individual search without date of birth or authorised purpose', {
    dateOfBirth: [{ code: 'required', message: 'Required for a search by individual.' }],
    authorisedPurpose: [{ code: 'required', message: 'Declare an authorised purpose (section 172) with `true`.' }],
  }),
  twoSearchTypes: validationExample('Fields of two search types', {
    acn: [{ code: 'search_type_conflict', message: 'Give the fields of exactly one search type; vin was also given.' }],
    vin: [{ code: 'search_type_conflict', message: 'Give the fields of exactly one search type; acn was also given.' }],
  }),
  noSearchType: validationExample('No search type', {
    '': [
      {
        code: 'search_type_required',
        message:
          'Give one search type: acn, abn, arbn, arsn, vin, serialNumber with serialNumberType, registrationNumber, familyName with givenNames, dateOfBirth and authorisedPurpose, or organisationName.',
      },
    ],
  }),
};

export const createPpsrSearch = defineOperation({
  method: 'post',
  path: '/ppsr/searches',
  operationId: 'createPpsrSearch',
  summary: 'Start a PPSR search',
  description: [
    'Starts a search of the Personal Property Securities Register. Send the fields of exactly one search type; the type follows from which identifier is present:',
    '',
    '| Fields | Search | Certificates | Vehicle data |',
    '|---|---|---|---|',
    '| `acn`, `abn`, `arbn` or `arsn` | grantor search by that number | included | none |',
    '| `vin` | serial number search (VIN) | included | yes |',
    '| `serialNumber` + `serialNumberType` | serial number search (non-VIN) | included | yes |',
    '| `registrationNumber` | registration number lookup | not available | none |',
    '| `familyName` + `givenNames` + `dateOfBirth` + `authorisedPurpose` | grantor search (individual) | included | none |',
    '| `organisationName` | grantor search (organisation) | included | none |',
    '',
    'The search runs asynchronously: the answer is `201` with `status: new` and a `Location` to poll with `GET /ppsr/searches/{requestId}`.',
    '',
    '**Charge**: 6.00 per search, charged at submission for card-billed accounts on the live prefix and recorded on the account; every certificate of the search is included. A search that ends `failed` is **not refunded** (D-33). Test keys are never charged. Send an `Idempotency-Key` to retry safely: a replay returns the stored answer and is not charged again.',
    '',
    SANDBOX_VALUES,
  ].join('\n'),
  tag: TAGS.ppsrSearches,
  access: 'secret',
  family: 'api',
  rateLimit: 'lodgements',
  idempotencyKey: 'optional',
  charge: { live: { cents: PPSR_SEARCH_FEE_CENTS, per: 'request' }, test: 0 },
  body: { schema: PpsrSearchRequest, examples: SEARCH_REQUEST_EXAMPLES, description: 'The fields of one search type.' },
  success: {
    201: {
      description: 'Search accepted with status `new` (D-17). For a card-billed live account the 6.00 fee has been charged.',
      schema: PpsrSearchCreated,
      headers: { Location: HEADER_REFS.location },
      examples: { created: { summary: 'Created', value: { requestId: 1001, status: 'new' } } },
      links: linksPassing(
        { requestId: '$response.body#/requestId' },
        {
          GetSearch: { operationId: 'getPpsrSearch', description: 'Poll the search just started.' },
        },
      ),
    },
  },
  errors: {
    402: {
      description:
        'Live prefix only, card-billed accounts: `payment_method_required` (no card on the account), `payment_method_expired` (the card has expired) or `payment_failed` (the charge was declined). Nothing was searched or charged.',
      examples: {
        paymentMethodRequired: {
          summary: 'No card',
          value: apiError('payment_method_required', 'Add a card to the account to run live PPSR searches.'),
        },
        paymentMethodExpired: {
          summary: 'Card expired',
          value: apiError('payment_method_expired', 'The card on the account has expired. Update it in the dashboard.'),
        },
        paymentFailed: {
          summary: 'Charge declined',
          value: apiError('payment_failed', 'The 6.00 charge was declined. Nothing was searched or charged.'),
        },
      },
    },
    403: {
      description:
        '`card_billing_required`: a live search from an account with no billing arrangement (neither card nor invoice billing). Set up card billing in the dashboard.',
      examples: {
        cardBillingRequired: {
          summary: 'Account not on card billing',
          value: apiError('card_billing_required', 'Live PPSR searches need a billing arrangement: set up card billing for this account.'),
        },
      },
    },
    422: {
      description:
        '`validation_failed` (D-10), listing every problem keyed by JSON path. Field codes: `required`, `invalid_format`, `too_long`, `invalid_enum`, `invalid_acn`, `invalid_abn` (ARBN and ARSN use `invalid_acn`, their checksum), `unknown_field`; `search_type_conflict` on each field when fields of more than one search type are given; `search_type_required` under the empty path (the whole body) when none is. Nothing is charged.',
      examples: validationExamples,
    },
    503: {
      description:
        '`payment_unavailable` (the payment provider cannot be reached) or `registry_unavailable` (the PPSR cannot be reached). Nothing was searched or charged; retry after `Retry-After` seconds.',
      headers: { 'Retry-After': HEADER_REFS.retryAfter },
      examples: {
        paymentUnavailable: {
          summary: 'Payment provider down',
          value: apiError('payment_unavailable', 'The payment provider is unavailable. Retry later.'),
        },
        registryUnavailable: { summary: 'PPSR down', value: apiError('registry_unavailable', 'The PPSR is unavailable. Retry later.') },
      },
    },
  },
});

export const getPpsrSearch = defineOperation({
  method: 'get',
  path: '/ppsr/searches/{requestId}',
  operationId: 'getPpsrSearch',
  summary: 'Get a PPSR search',
  description: [
    'Returns the status of a search and, once `completed`, its results: the searched entity, the search details (`search.type` is one of the D-30 labels), every active registration, NEVDIS vehicle data for VIN and serial number searches, and the certificates (absent for registration number lookups).',
    '',
    'Statuses: `new` -> `processing` -> `completed` or `failed`. A `failed` search carries `failureReason` and its fee is not refunded. Certificates move from `processing` to `completed` one by one after the search completes; download each from its `downloadUrl` once `completed`.',
  ].join('\n'),
  tag: TAGS.ppsrSearches,
  access: 'secret',
  family: 'api',
  rateLimit: 'lodgements',
  params: RequestIdParam,
  success: { 200: { description: 'The search.', schema: PpsrSearch, examples: SEARCH_STATUS_EXAMPLES } },
  errors: { 404: notFoundSearch },
});

export const getPpsrCertificate = defineOperation({
  method: 'get',
  path: '/ppsr/searches/{requestId}/certificates/{certificateNumber}',
  operationId: 'getPpsrCertificate',
  summary: 'Download a PPSR certificate',
  description:
    'Downloads a government-issued search certificate as a PDF. While the certificate is still being generated the answer is `202` with its status and `Retry-After`; poll again then. Certificates are included in the search fee. Registration number lookups have no certificates (404). In the test environment the PDF carries the mark "SANDBOX - NOT AN OFFICIAL CERTIFICATE".',
  tag: TAGS.ppsrSearches,
  access: 'secret',
  family: 'api',
  rateLimit: 'lodgements',
  params: CertificateParams,
  successRule: { status: 200, processing: 202 },
  success: {
    200: {
      description:
        'The certificate PDF (`application/pdf`, starting `%PDF-`), naming the PPSR search number, the registration and the time of the search (D-32).',
      schema: CertificatePdf,
      mediaType: 'application/pdf',
    },
    202: {
      description: 'The certificate is still `processing`. Retry after `Retry-After` seconds.',
      schema: PpsrCertificateProcessing,
      headers: { 'Retry-After': HEADER_REFS.retryAfter },
      examples: { processing: { summary: 'Still being generated', value: { certificateNumber: 'CERT-1002-3', status: 'processing' } } },
    },
  },
  errors: {
    404: {
      description:
        '`not_found`: no such search in this account and environment, no certificate with this number on the search (including a search not yet `completed` or `failed`), or a registration number lookup, which has no certificates.',
      examples: {
        unknownSearch: {
          summary: 'Unknown search',
          value: apiError('not_found', 'No such PPSR search in this account and environment.'),
        },
        unknownCertificate: {
          summary: 'Unknown certificate',
          value: apiError('not_found', 'No certificate CERT-1001-9 on PPSR search 1001.'),
        },
        registrationNumberSearch: {
          summary: 'Registration number lookup',
          value: apiError('not_found', 'Registration number searches have no certificates.'),
        },
      },
    },
  },
});
