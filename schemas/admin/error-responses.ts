// The operator API's usual error responses, written once for every operator resource.
import type { AdminErrorResponse } from '../common/operation.js';
import { familyExample } from '../common/operation-responses.js';
import { validationExample } from '../common/validation-example.js';

/** The usual 422 for a body that breaks its schema, with every problem keyed by field (D-10). */
export function validationFailed(
  description: string,
  summary: string,
  errors: Record<string, { code: string; message: string }[]>,
): AdminErrorResponse {
  return {
    description: `\`validation_failed\`: ${description} Every problem is reported, keyed by JSON path.`,
    examples: { invalid: validationExample(summary, errors) },
  };
}

/** The usual 404 for an unknown resource in the path. */
export function notFound(what: string): AdminErrorResponse {
  return {
    description: `\`not_found\`: no such ${what}.`,
    examples: { notFound: familyExample('api', `Unknown ${what}`, 'not_found', `No such ${what}.`) },
  };
}
