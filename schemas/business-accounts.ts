// Business account applications (spec 2.4, 3.3, 4.4; D-10, D-17, D-18, D-37): forwarded to the
// banking partner, which verifies the applicant's identity directly. The body schema is in
// ./business-accounts/request.ts and the rules JSON Schema cannot carry in ./business-accounts/rules.ts.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from './common/zod.js';
import { apiError } from './common/errors.js';
import { registerOperation } from './common/operation.js';
import { RequestIdParam } from './lodgements.js';
import { BusinessAccountApplication } from './business-accounts/request.js';
import { APPLICATION_EXAMPLE, REJECTED_APPLICATION_EXAMPLE, STATUS_EXAMPLES } from './business-accounts/examples.js';
import { TAGS } from './tags.js';

export {
  AU_JURISDICTIONS,
  AccountInformation,
  AuStateOrTerritory,
  BirthDetails,
  BusinessAccountAddress,
  BusinessAccountApplication,
  BusinessAccountName,
  DirectorContact,
  OfficeHolder,
  ShareAllocation,
} from './business-accounts/request.js';
export {
  BUSINESS_ACCOUNT_RULE_CODES,
  validateBusinessAccountRules,
  type RuleViolation,
  type RuleViolations,
} from './business-accounts/rules.js';
export { ISO_COUNTRY_CODES } from './business-accounts/countries.js';

export const BUSINESS_ACCOUNT_OPERATIONS = {
  createBusinessAccountApplication: 'createBusinessAccountApplication',
  getBusinessAccountStatus: 'getBusinessAccountStatus',
} as const;

/** D-37 statuses; `finished` and `rejected` are terminal. */
export const BUSINESS_ACCOUNT_STATUSES = ['new', 'sent', 'finished', 'rejected'] as const;
export const BUSINESS_ACCOUNT_NON_TERMINAL_STATUSES = ['new', 'sent'] as const;

/** Six asterisks stand in for `bsb` and `accountNumber` until activation (spec 2.4). */
export const ACCOUNT_MASK = '******';
/** Credit to the account when the bank account is activated (spec 1), in cents. */
export const BUSINESS_ACCOUNT_ACTIVATION_CREDIT_CENTS = 5000;
/** Least time between two status reads of one application (spec 4.4, D-37). */
export const BUSINESS_ACCOUNT_POLL_INTERVAL_SECONDS = 15 * 60;

const RequestId = z.int().min(1).openapi({ description: 'Request id of the application.', example: 2001 });

// D-37: Australia/Brisbane local time (UTC+10 all year), in the spec's `YYYY-MM-DD HH:MM:SS` form.
// activatedAt's form is not shown; it takes the same form as submittedAt, its sibling in the record.
const BrisbaneDateTime = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/)
  .openapi({
    description: '`YYYY-MM-DD HH:MM:SS`, Australia/Brisbane local time (UTC+10, no daylight saving).',
    example: '2026-11-22 13:00:00',
  });

export const BusinessAccountApplicationCreated = z
  .strictObject({ requestId: RequestId, status: z.literal('new') })
  .openapi('BusinessAccountApplicationCreated', {
    description: 'A new application, queued for the partner.',
    example: { requestId: 2001, status: 'new' },
  });

export const BusinessAccountApplicationExisting = z
  .strictObject({
    requestId: RequestId,
    status: z.enum(BUSINESS_ACCOUNT_NON_TERMINAL_STATUSES).openapi({ description: 'Current status of the existing application.' }),
  })
  .openapi('BusinessAccountApplicationExisting', {
    description: 'The application already open for this ACN or ABN; no duplicate was created.',
    example: { requestId: 2001, status: 'sent' },
  });

const statusFields = {
  requestId: RequestId,
  entityName: z.string().openapi({ description: 'The company name of the application.', example: 'SANDBOX TRADING PTY LTD' }),
  acn: z.string().nullable().openapi({ example: '100000011' }),
  abn: z.string().nullable().openapi({ example: '60100000011' }),
  submittedAt: BrisbaneDateTime.openapi({
    description: 'When the application was received: `YYYY-MM-DD HH:MM:SS`, Australia/Brisbane time (D-37).',
  }),
};

export const BusinessAccountStatusPending = z
  .strictObject({
    ...statusFields,
    status: z.enum(['new', 'sent', 'rejected']).openapi({
      description: '`new`: queued; `sent`: with the partner, which contacts the directors; `rejected`: refused by the partner.',
    }),
    bsb: z.literal(ACCOUNT_MASK).openapi({ description: 'Masked until activation.' }),
    accountNumber: z.literal(ACCOUNT_MASK).openapi({ description: 'Masked until activation.' }),
    activatedAt: z.null(),
  })
  .openapi('BusinessAccountStatusPending', {
    description: 'An application not (or never) activated: `bsb` and `accountNumber` hold the mask `******`.',
  });

export const BusinessAccountStatusActivated = z
  .strictObject({
    ...statusFields,
    status: z.literal('finished'),
    bsb: z.string().min(1).openapi({ description: 'The real BSB.', example: '062000' }),
    accountNumber: z.string().min(1).openapi({ description: 'The real account number.', example: '12345678' }),
    activatedAt: BrisbaneDateTime.openapi({
      description: 'When the account was activated, Australia/Brisbane time.',
      example: '2026-11-22 13:02:00',
    }),
  })
  .openapi('BusinessAccountStatusActivated', {
    description: 'An activated account: real `bsb` and `accountNumber`; the account has been credited 50.00.',
  });

export const BusinessAccountStatus = z
  .discriminatedUnion('status', [BusinessAccountStatusPending, BusinessAccountStatusActivated])
  .openapi('BusinessAccountStatus', {
    description: 'Status of a business account application: `new` -> `sent` -> `finished` or `rejected` (spec 3.3).',
  });

const validationExamples = {
  schema: {
    summary: 'Fields that break the schema',
    value: apiError('validation_failed', 'The request is not valid.', {
      errors: {
        accountInformation: [{ code: 'acn_or_abn_required', message: "Give the company's ACN, its ABN, or both." }],
        'accountInformation.directorsContacts.0.familyName': [{ code: 'not_uppercase', message: 'Must be upper case.' }],
        'registeredOffice.address.postcode': [{ code: 'invalid_format', message: 'Must be 4 digits.' }],
      },
    }),
  },
  rules: {
    summary: 'Primary director not listed; state code given as a country',
    value: apiError('validation_failed', 'The request is not valid.', {
      errors: {
        'accountInformation.primaryDirector': [
          { code: 'primary_director_not_listed', message: 'PETER BROWN is not in accountInformation.directorsContacts.' },
        ],
        'officeHolders.1.birthDetails.localityQualifier': [
          { code: 'invalid_country_code', message: 'With intlIndicator true, QLD must be a 2-letter ISO 3166-1 country code.' },
        ],
      },
    }),
  },
};

export function registerBusinessAccountsPaths(registry: OpenAPIRegistry): void {
  registerOperation(registry, {
    method: 'post',
    path: '/business-accounts',
    operationId: BUSINESS_ACCOUNT_OPERATIONS.createBusinessAccountApplication,
    summary: 'Apply for a business bank account',
    description: [
      'Submits a business bank account application. It is queued at once and forwarded to the banking partner unchanged (`new` -> `sent`). The partner then **contacts the applicant directly** (each director by e-mail and SMS, at the `email` and `mobile` given) to verify identity; on activation the status becomes `finished`, the real BSB and account number appear, and **your account is credited 50.00**. The partner may instead reject the application (`rejected`). There is no charge per submission.',
      '',
      "One open application per company: while an application for the same ACN or ABN is `new` or `sent`, a new submission creates nothing and answers `200` with that application's id and status (D-17).",
      '',
      "Besides the schema, `accountInformation.primaryDirector` must name a director in `directorsContacts` and `birthDetails.localityQualifier` must be a state or territory code or an ISO 3166-1 country code (only a country code when `intlIndicator` is true). Further validation follows the partner's own rules.",
      '',
      'Sandbox (test prefix): an application with a director e-mail whose local part contains `+reject` (`jane.citizen+reject@example.com`) is rejected once sent; any other is activated about 60 seconds after it is sent, with a deterministic BSB and account number.',
    ].join('\n'),
    tag: TAGS.businessAccounts,
    access: 'secret',
    family: 'api',
    rateLimit: 'lodgements',
    idempotencyKey: 'optional',
    body: {
      schema: BusinessAccountApplication,
      examples: {
        company: { summary: 'Company with two directors (sandbox: activated)', value: APPLICATION_EXAMPLE },
        rejected: { summary: 'ABN only, +reject e-mail (sandbox: rejected)', value: REJECTED_APPLICATION_EXAMPLE },
      },
    },
    success: {
      201: {
        description: 'A new application, status `new` (D-17).',
        schema: BusinessAccountApplicationCreated,
        examples: { created: { summary: 'Created', value: { requestId: 2001, status: 'new' } } },
      },
      200: {
        description:
          'An application for the same ACN or ABN is still `new` or `sent`: its id and current status are returned and nothing is created (spec 3.3, D-17).',
        schema: BusinessAccountApplicationExisting,
        examples: { existing: { summary: 'Existing application with the partner', value: { requestId: 2001, status: 'sent' } } },
      },
    },
    errors: {
      422: {
        description:
          '`validation_failed` (D-10), listing every problem keyed by JSON path. Codes include `required`, `invalid_format`, `too_long`, `invalid_enum`, `not_uppercase`, `unknown_field`, `acn_or_abn_required` (on `accountInformation`), `primary_director_not_listed` (on `accountInformation.primaryDirector`), `invalid_country_code` and `invalid_locality_qualifier` (on `officeHolders.<i>.birthDetails.localityQualifier`).',
        examples: validationExamples,
      },
    },
  });

  registerOperation(registry, {
    method: 'get',
    path: '/business-accounts/status/{requestId}',
    operationId: BUSINESS_ACCOUNT_OPERATIONS.getBusinessAccountStatus,
    summary: 'Get a business account application status',
    description:
      'Returns the status of an application. `bsb` and `accountNumber` hold the mask `******` until the account is activated (`finished`), then the real values; `activatedAt` is set then and the account is credited 50.00. `submittedAt` and `activatedAt` are Australia/Brisbane local time, `YYYY-MM-DD HH:MM:SS` (D-37).\n\n**Poll no more than once every 15 minutes per application**: a sooner read answers 429 with `Retry-After`.',
    tag: TAGS.businessAccounts,
    access: 'secret',
    family: 'api',
    rateLimit: 'lodgements',
    params: RequestIdParam,
    success: { 200: { description: 'The application status.', schema: BusinessAccountStatus, examples: STATUS_EXAMPLES } },
    errors: {
      404: {
        description: '`not_found`: no application with this id in this account and environment.',
        examples: {
          notFound: {
            summary: 'Unknown id',
            value: apiError('not_found', 'No such business account application in this account and environment.'),
          },
        },
      },
      429: {
        description: 'This application was read less than 15 minutes ago (spec 4.4, D-37); shared shape, wait `Retry-After` seconds.',
        examples: {
          pollingTooOften: {
            summary: 'Polled within 15 minutes',
            value: {
              errors: [
                'Business account application 2001 can be polled once every 15 minutes. Retry after the number of seconds in Retry-After.',
              ],
            },
          },
        },
      },
    },
  });
}
