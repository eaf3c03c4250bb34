// The two Form 484 operations (spec 4.6): lodge, and read the status.
import { form484Error } from '../common/errors.js';
import { defineOperation } from '../common/operation.js';
import { RequestIdParam } from '../lodgements/index.js';
import { TAGS } from '../tags.js';
import { CREATE_DESCRIPTION, STATUS_DESCRIPTION } from './description.js';
import { form484ValidationExamples } from './error-examples.js';
import { FORM484_ERROR_CODES } from './problems.js';
import { FORM484_REQUEST_EXAMPLES, FORM484_STATUS_EXAMPLES, lodgementCreated } from './examples.js';
import { Form484Request } from './request.js';
import { Form484LodgementResponse, Form484StatusResponse } from './responses.js';
import { FORM484_RULE_NAMES, form484RefinementExamples } from './refinement-examples.js';

/** D-14: annexure and consideration texts may each hold 2,900,000 characters. */
export const FORM484_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

export const createForm484Lodgement = defineOperation({
  method: 'post',
  path: '/asic-484-forms',
  operationId: 'createForm484Lodgement',
  summary: 'Lodge a Form 484',
  description: CREATE_DESCRIPTION,
  tag: TAGS.form484,
  access: 'secret',
  family: 'form484',
  rateLimit: 'lodgements',
  idempotencyKey: 'optional',
  body: {
    schema: Form484Request,
    examples: FORM484_REQUEST_EXAMPLES,
    description: 'The form: `generalInformation`, `signature`, `testTransmissionIndicator` and the sections of the changes.',
    maxBytes: FORM484_BODY_LIMIT_BYTES,
  },
  refinements: {
    rules: FORM484_RULE_NAMES,
    // Read when the document is built, not when the server imports its operations (../common/lazily.ts).
    get examples() {
      return form484RefinementExamples();
    },
  },
  success: {
    201: {
      description: 'Lodged (D-17). `documentNumber` is assigned now; `documentUrl` is empty until the lodgement is `finished`.',
      schema: Form484LodgementResponse,
      examples: { created: { summary: 'Lodged', value: lodgementCreated } },
    },
  },
  errors: {
    422: {
      description: `The form breaks one or more rules. \`errors\` lists every problem, each with its \`code\` and the JSON path of its \`field\` (D-11). The codes: ${FORM484_ERROR_CODES.map((code) => `\`${code}\``).join(', ')}.`,
      get examples() {
        return form484ValidationExamples();
      },
      // Every D-11 code, the list the validator itself answers with, not only those the examples show.
      codes: FORM484_ERROR_CODES,
    },
  },
});

export const getForm484Status = defineOperation({
  method: 'get',
  path: '/asic-484-forms/{requestId}/status',
  operationId: 'getForm484Status',
  summary: 'Get a Form 484 status',
  description: STATUS_DESCRIPTION,
  tag: TAGS.form484,
  access: 'secret',
  family: 'form484',
  rateLimit: 'lodgements',
  params: RequestIdParam,
  success: { 200: { description: "The lodgement's status.", schema: Form484StatusResponse, examples: FORM484_STATUS_EXAMPLES } },
  errors: {
    404: {
      description: '`not_found`: no Form 484 lodgement with this id in this account and environment.',
      examples: {
        notFound: {
          summary: 'Unknown id',
          value: form484Error([{ code: 'not_found', field: '', message: 'No such Form 484 lodgement in this account and environment.' }]),
        },
      },
    },
  },
});
