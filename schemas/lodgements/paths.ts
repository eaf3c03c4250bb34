// Lodgement operations (spec 1, 6.1; D-36): lodge an ABN registration, read any lodgement's status.
import { defineOperation } from '../common/operation.js';
import { TAGS } from '../tags.js';
import { AbnRegistrationRequest, Lodgement, RequestIdParam } from './schemas.js';
import { linksPassing } from '../common/links.js';
import { validationExample } from '../common/validation-example.js';
import { notFoundInScope } from '../common/operation-responses.js';

const lodgementExample = {
  requestId: 1001,
  kind: 'abn_registration',
  interaction: 'abnreg.lodge',
  status: 'new',
  entityName: 'JANE CITIZEN',
  acn: null,
  abn: null,
  createdAt: '2026-11-22T03:00:00Z',
  updatedAt: '2026-11-22T03:00:00Z',
};

const notFound = notFoundInScope('lodgement', 'lodgement', 'Unknown id');

export const createAbnRegistration = defineOperation({
  method: 'post',
  path: '/abn/registrations',
  operationId: 'createAbnRegistration',
  summary: 'Lodge an ABN registration',
  description:
    'Lodges an application for an Australian Business Number. The registry moves it through its statuses; follow it with `GET /lodgements/{requestId}` or the `abn_registration.status_changed` webhook. Fees: none are charged by default.\n\n**Sandbox.** The simulated registry moves the lodgement `new` -> `submitted` about 5 seconds later, then -> `finished` about 60 seconds after that. An `entityName` containing `MANUAL REVIEW` goes `manual review` instead and `finished` 60 seconds later (two webhooks); one containing `REJECT` ends `rejected`.',
  tag: TAGS.lodgements,
  access: 'secret',
  family: 'api',
  rateLimit: 'lodgements',
  idempotencyKey: 'optional',
  provisional: true,
  body: {
    schema: AbnRegistrationRequest,
    examples: {
      soleTrader: {
        summary: 'Sole trader',
        value: {
          entityName: 'JANE CITIZEN',
          entityType: 'individual',
          businessAddress: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
          contactEmail: 'jane@example.com',
        },
      },
    },
  },
  success: {
    201: {
      description: 'The lodgement, status `new`.',
      schema: Lodgement,
      examples: { created: { summary: 'Created', value: lodgementExample } },
      links: linksPassing(
        { requestId: '$response.body#/requestId' },
        {
          GetLodgement: { operationId: 'getLodgement', description: 'Follow the lodgement just made.' },
        },
      ),
    },
  },
  errors: {
    422: {
      description: '`validation_failed` with every problem, keyed by field.',
      examples: {
        invalid: validationExample('Bad e-mail and postcode', {
          contactEmail: [{ code: 'invalid_format', message: 'Must be an e-mail address.' }],
          'businessAddress.postcode': [{ code: 'invalid_format', message: 'Must be 4 digits.' }],
        }),
      },
    },
  },
});

export const getLodgement = defineOperation({
  method: 'get',
  path: '/lodgements/{requestId}',
  operationId: 'getLodgement',
  summary: 'Get a lodgement status',
  description:
    "Returns the current status of a company registration, ABN registration, business name registration or renewal. Statuses `finished`, `rejected`, `validation failed`, `manual review` and `error` also send the kind's status webhook (spec 6.1).",
  tag: TAGS.lodgements,
  access: 'secret',
  family: 'api',
  rateLimit: 'lodgements',
  params: RequestIdParam,
  success: {
    200: {
      description: 'The lodgement.',
      schema: Lodgement,
      examples: {
        finished: { summary: 'Finished', value: { ...lodgementExample, status: 'finished', updatedAt: '2026-11-22T03:05:00Z' } },
      },
    },
  },
  errors: { 404: notFound },
});
