// Success bodies of the two Form 484 operations (spec 2.5, D-35). Both keep the registry's
// `{response, errors}` envelope; on success `errors` is always empty.
import { z } from '../common/zod.js';
import { Acn } from '../common/identifiers.js';
import { Form484FieldError } from '../common/errors.js';

/** D-35, in the order a lodgement normally moves through them. */
export const FORM484_STATUSES = ['new', 'submitted', 'manual review', 'finished', 'rejected', 'error'] as const;
export type Form484StatusValue = (typeof FORM484_STATUSES)[number];

export const Form484Status = z.enum(FORM484_STATUSES).openapi('Form484Status', {
  description:
    '`new` accepted, not yet sent; `submitted` with the regulator; `manual review` held for a regulator officer (then `finished`); `finished` registered (document available); `rejected` refused by the regulator; `error` could not be lodged.',
  example: 'submitted',
});

export const DocumentNumber = z
  .string()
  .regex(/^[0-9A-Z]{9}$/)
  .openapi({ description: 'Regulator document number, 9 characters, assigned at lodgement (D-35).', example: '7EAA12345' });

const RequestId = z.int().min(1).openapi({ description: 'Id of the lodgement; use it with the status endpoint.', example: 1001 });

const NoErrors = z.array(Form484FieldError).max(0).openapi({ description: 'Always empty on success.' });

export const Form484Lodgement = z
  .strictObject({
    requestId: RequestId,
    documentNumber: DocumentNumber,
    documentUrl: z
      .string()
      .openapi({ description: 'URL of the lodged document; empty until the lodgement is `finished` (D-35).', example: '' }),
  })
  .openapi('Form484Lodgement');

export const Form484LodgementResponse = z
  .strictObject({ response: Form484Lodgement, errors: NoErrors })
  .openapi('Form484LodgementResponse', { description: 'The lodgement just created (spec 2.5).' });

export const Form484StatusInfo = z
  .strictObject({
    companyName: z.string().openapi({ example: 'SANDBOX TRADING PTY LTD' }),
    acn: Acn,
  })
  .openapi('Form484StatusInfo', { description: 'The company the form was lodged for.' });

export const Form484StatusRecord = z
  .strictObject({
    requestId: RequestId,
    status: Form484Status,
    documentNumber: DocumentNumber,
    documentUrl: z.string().openapi({
      description:
        "Absolute URL of a PDF of the lodged document: empty until the lodgement is `finished` (D-35). Its origin is the service's configured public URL (`SVC_PUBLIC_URL`, D-54), never a request header. In the sandbox the PDF is a summary of the form, marked as a sandbox document.",
      example: '',
    }),
    info: Form484StatusInfo,
  })
  .openapi('Form484StatusRecord');

export const Form484StatusResponse = z
  .strictObject({ response: Form484StatusRecord, errors: NoErrors })
  .openapi('Form484StatusResponse', { description: 'Current status of a Form 484 lodgement (spec 2.5).' });
