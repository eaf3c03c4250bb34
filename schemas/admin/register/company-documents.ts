// Documents lodged for a company on the simulated ASIC register; a new one is a `document_lodged`
// monitoring event.
import { z } from '../../common/zod.js';
import { IsoDateTime } from '../../common/dates.js';
import { Acn } from '../../common/identifiers.js';
import { defineOperation } from '../../common/operation.js';
import { validationFailed } from '../error-responses.js';
import { ADMIN_TAGS } from '../tags.js';
import { AcnParam, companyNotFound } from './companies.js';
import { CHECK_NOTE } from './shared.js';

const DocumentType = z
  .string()
  .regex(/^[0-9A-Z]{1,6}$/)
  .openapi({ description: 'ASIC form code.', example: '484' });
const DocumentNumber = z
  .string()
  .regex(/^[0-9A-Z]{9}$/)
  .openapi({ description: 'ASIC document number: 9 letters and digits (as D-35).', example: '7EAA12345' });

export const CompanyDocument = z
  .strictObject({
    acn: Acn,
    documentType: DocumentType,
    documentNumber: DocumentNumber,
    description: z.string(),
    lodgedAt: IsoDateTime,
  })
  .openapi('RegisterCompanyDocument', {
    description: 'A document lodged with ASIC for a company; a new one is a `document_lodged` event.',
  });

export const CreateCompanyDocumentRequest = z
  .strictObject({
    documentType: DocumentType,
    documentNumber: DocumentNumber.optional().openapi({ description: 'Generated when left out; must not already exist.' }),
    description: z.string().min(1).max(200).openapi({ example: 'Change to company details' }),
    lodgedAt: IsoDateTime.optional().openapi({ description: "Defaults to the clock's `now`." }),
  })
  .openapi('CreateCompanyDocumentRequest');

export const createCompanyDocument = defineOperation({
  method: 'post',
  path: '/admin/register/companies/{acn}/documents',
  operationId: 'createCompanyDocument',
  summary: 'Lodge a company document',
  description: `Adds a document to the company's ASIC record, as if it had been lodged. ${CHECK_NOTE} The event carries \`documentType\`, \`documentNumber\` and the description (spec 2.7).`,
  tag: ADMIN_TAGS.register,
  access: 'admin',
  params: AcnParam,
  body: {
    schema: CreateCompanyDocumentRequest,
    examples: {
      form484: {
        summary: 'A Form 484',
        value: {
          documentType: '484',
          documentNumber: '7EAA12345',
          description: 'Change to company details',
          lodgedAt: '2026-11-22T03:00:00Z',
        },
      },
      generated: { summary: 'Number and time generated', value: { documentType: '492', description: 'Request for correction' } },
    },
  },
  success: {
    201: {
      description: 'The stored document.',
      schema: CompanyDocument,
      examples: {
        created: {
          summary: 'Created',
          value: {
            acn: '100000011',
            documentType: '484',
            documentNumber: '7EAA12345',
            description: 'Change to company details',
            lodgedAt: '2026-11-22T03:00:00Z',
          },
        },
      },
    },
  },
  errors: {
    404: companyNotFound,
    409: {
      description: '`duplicate_document`: a document with this `documentNumber` already exists.',
      examples: {
        duplicate: { summary: 'Number taken', value: { error: 'duplicate_document', message: 'Document 7EAA12345 already exists.' } },
      },
    },
    422: validationFailed('a form code or document number in the wrong format, or a missing description.', 'Bad document number', {
      documentNumber: [{ code: 'invalid_format', message: 'Must be 9 upper-case letters and digits.' }],
    }),
  },
});
