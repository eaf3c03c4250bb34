// Business account applications (spec 2.4, 3.3, 4.4; D-10, D-17, D-18, D-37): forwarded to the
// banking partner, which verifies the applicant's identity directly. The body schema is in
// ./request.ts and the rules JSON Schema cannot carry in ./rules.ts.
import { defineOperation } from '../common/operation.js';
import { RequestIdParam } from '../lodgements/index.js';
import { TAGS } from '../tags.js';
import { BusinessAccountApplication } from './request.js';
import { APPLICATION_EXAMPLE, REJECTED_APPLICATION_EXAMPLE, STATUS_EXAMPLES } from './examples.js';
import { BusinessAccountApplicationCreated, BusinessAccountApplicationExisting, BusinessAccountStatus } from './responses.js';
import { validationExample } from '../common/validation-example.js';
import { notFoundInScope } from '../common/operation-responses.js';
import { BUSINESS_ACCOUNT_RULES, businessAccountRefinementExamples } from './refinement-examples.js';

const validationExamples = {
  schema: validationExample('Fields that break the schema', {
    accountInformation: [{ code: 'acn_or_abn_required', message: "Give the company's ACN, its ABN, or both." }],
    'accountInformation.directorsContacts.0.familyName': [{ code: 'not_uppercase', message: 'Must be upper case.' }],
    'registeredOffice.address.postcode': [{ code: 'invalid_format', message: 'Must be 4 digits.' }],
  }),
  rules: validationExample('Primary director not listed; state code given as a country', {
    'accountInformation.primaryDirector': [
      { code: 'primary_director_not_listed', message: 'PETER BROWN is not in accountInformation.directorsContacts.' },
    ],
    'officeHolders.1.birthDetails.localityQualifier': [
      { code: 'invalid_country_code', message: 'With intlIndicator true, QLD must be a 2-letter ISO 3166-1 country code.' },
    ],
  }),
};

export const createBusinessAccountApplication = defineOperation({
  method: 'post',
  path: '/business-accounts',
  operationId: 'createBusinessAccountApplication',
  summary: 'Apply for a business bank account',
  description: [
    'Submits a business bank account application. It is queued at once and forwarded to the banking partner unchanged (`new` -> `sent`): the partner receives the validated application, every value as sent, serialised as compact JSON (D-56). The partner then **contacts the applicant directly** (each director by e-mail and SMS, at the `email` and `mobile` given) to verify identity; on activation the status becomes `finished`, the real BSB and account number appear, and **your account is credited 50.00**. The partner may instead reject the application (`rejected`). There is no charge per submission.',
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
  // A new application is 201; the same ACN or ABN while one is still pending returns that one, 200.
  successRule: { status: 201, repeat: 200 },
  refinements: {
    rules: BUSINESS_ACCOUNT_RULES,
    // Read when the document is built, not when the server imports its operations (../common/lazily.ts).
    get examples() {
      return businessAccountRefinementExamples();
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
        '`validation_failed` (D-10), listing every problem keyed by JSON path. Codes include `required`, `invalid_format`, `too_long`, `invalid_enum`, `not_uppercase`, `unknown_field`, `acn_or_abn_required` (on `accountInformation`), `primary_director_not_listed` (on `accountInformation.primaryDirector`), `invalid_country_code` and `invalid_locality_qualifier` (on `officeHolders.<i>.birthDetails.localityQualifier`). A member named twice in one object is `invalid_format` at the path of the repeat, reported before the other rules run (D-56).',
      examples: validationExamples,
    },
  },
});

export const getBusinessAccountStatus = defineOperation({
  method: 'get',
  path: '/business-accounts/status/{requestId}',
  operationId: 'getBusinessAccountStatus',
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
    404: notFoundInScope('application', 'business account application', 'Unknown id'),
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
