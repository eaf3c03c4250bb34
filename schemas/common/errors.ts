// The three error families of spec section 7 and D-03, D-10, D-11. Every error response in the
// document uses one of these registered shapes, so clients switch on shape once.
//
// The shapes carry no `example` of their own: Prism puts a schema's example before the response's
// named examples and would answer every error of every operation with it (a 422 saying
// `not_found`). Each response carries its own examples instead.
import { z } from './zod.js';

/** Authentication, key checks and the global rate limit (spec 7, D-03). */
export const SharedError = z
  .strictObject({
    errors: z
      .array(z.string())
      .min(1)
      .openapi({ description: 'Human-readable reasons. Text of the request is quoted to at most 100 characters, cut with `…` (D-55).' }),
  })
  .openapi('SharedError', {
    description: 'Shared error shape used by authentication, key checks and the global rate limit.',
  });

export const FieldError = z
  .strictObject({
    code: z.string().openapi({ description: 'Stable snake_case code.', example: 'invalid_acn' }),
    message: z.string().openapi({
      description: 'Human-readable. A value of the request is quoted to at most 100 characters, cut with `…` (D-55).',
      example: 'Not a valid ACN (checksum failed).',
    }),
    entityId: z.int().optional().openapi({ description: 'The existing entity, for `already_monitored`.' }),
  })
  .openapi('FieldError', { description: 'One problem with one field or row.' });

/**
 * Monitoring, webhooks, PPSR and business accounts (spec 7, D-10, D-26). Named `ErrorResponse`, not
 * `ApiError`: openapi-typescript-codegen writes its own `ApiError` class beside the models, and a
 * component of that name stops its output compiling (`Duplicate identifier 'ApiError'`).
 */
export const ErrorResponse = z
  .strictObject({
    error: z.string().openapi({ description: 'Stable snake_case error code.', example: 'validation_failed' }),
    message: z.string().openapi({ example: 'The request is not valid.' }),
    errors: z.record(z.string(), z.array(FieldError)).optional().openapi({
      description:
        'Every problem found, keyed by JSON path of the field (`url`, `acn`) or by row (`entities.0`, `ids.3`); a path longer than 100 characters (an unknown key) is cut with `…`. At most 100 problems are listed (fewer when their text would pass 48 KiB); when more were found, `body` holds a `too_many` problem saying how many were left out (D-55).',
    }),
    limit: z
      .int()
      .optional()
      .openapi({ description: 'The limit that would be passed (`entity_limit`, `test_entity_limit`, `endpoint_limit`).' }),
    active: z.int().optional().openapi({ description: 'Active entities now (`entity_limit`).' }),
    current: z.int().optional().openapi({ description: 'Sandbox entities now (`test_entity_limit`).' }),
  })
  .openapi('ErrorResponse', {
    description: 'Error shape of the monitoring family, also used by webhooks, PPSR searches and business accounts (D-10).',
  });

export const Form484FieldError = z
  .strictObject({
    code: z.string().openapi({
      description:
        'Stable code. Validation (422, D-11): `required`, `too_long`, `not_uppercase`, `invalid_date`, `date_in_future`, `date_out_of_window`, `invalid_acn`, `under_18`, `sum_mismatch_v455`, `unknown_share_class`, `section_required`, `invalid_enum`, `invalid_format`. Otherwise, with an empty `field`: `bad_request`, `invalid_json`, `request_timeout`, `payload_too_large`, `unsupported_media_type`, `not_found`, `idempotency_key_invalid`, `idempotency_key_reused`, `request_in_progress`.',
      example: 'not_uppercase',
    }),
    field: z.string().openapi({
      description:
        'JSON path of the field (`officeHolders.0.birthDetails.date`); empty for the whole body. A path longer than 100 characters (an unknown key) is cut with `…` (D-55).',
      example: 'generalInformation.companyName',
    }),
    message: z.string().openapi({
      description: 'Human-readable. A value of the request is quoted to at most 100 characters, cut with `…` (D-55).',
      example: 'Must be uppercase.',
    }),
  })
  .openapi('Form484FieldError');

/** Form 484 (D-11). */
export const Form484Error = z
  .strictObject({
    response: z.null(),
    errors: z.array(Form484FieldError).min(1).openapi({
      description:
        'Every problem found, at most 100 (fewer when their text would pass 48 KiB). When more were found, a last entry with code `invalid_format` and an empty `field` says how many were left out (D-55).',
    }),
  })
  .openapi('Form484Error', {
    description: 'Form 484 error shape (D-11): `response` is null and `errors` lists every problem found.',
  });

export type ErrorFamily = 'api' | 'form484';

export interface FieldErrorExample {
  code: string;
  message: string;
  entityId?: number;
}

/** A value of the ErrorResponse shape, for examples and for the server's mappers. */
export function apiError(
  code: string,
  message: string,
  extra: { errors?: Record<string, FieldErrorExample[]>; limit?: number; active?: number; current?: number } = {},
): z.infer<typeof ErrorResponse> {
  return { error: code, message, ...extra };
}

/** A value of the Form484Error shape. */
export function form484Error(errors: { code: string; field: string; message: string }[]): z.infer<typeof Form484Error> {
  return { response: null, errors };
}

/** A value in the family's shape for a single top-level problem. */
export function familyError(family: ErrorFamily, code: string, message: string): unknown {
  return family === 'api' ? apiError(code, message) : form484Error([{ code, field: '', message }]);
}

export function familySchema(family: ErrorFamily): typeof ErrorResponse | typeof Form484Error {
  return family === 'api' ? ErrorResponse : Form484Error;
}
