// Tests run the server with every handler answer checked against the document (validateResponses).
// A mismatch is a bug of the server or of the document, and whoever runs the tests must see which
// one at once: the answer becomes a 500 whose message names the operation, the status, the error
// code sent and what failed, and the same line goes to stderr, instead of an exception that left
// the test with only a reset socket or a bare `internal_error` to go on.
import type { OpenAPIBackend, Operation } from 'openapi-backend';
import type { Logger } from '../logger.js';
import type { HttpResult } from './responses.js';

/** The code an error body carries (ErrorResponse `error`, Form 484 `errors[].code`), for the message. */
function codesOf(body: unknown): string {
  if (body === null || typeof body !== 'object') return '-';
  const value = body as { error?: unknown; errors?: unknown };
  if (typeof value.error === 'string') return value.error;
  if (Array.isArray(value.errors))
    return (
      value.errors
        .map((item: unknown) => (item !== null && typeof item === 'object' ? (item as { code?: unknown }).code : undefined))
        .filter((code): code is string => typeof code === 'string')
        .join(',') || '-'
    );
  return '-';
}

/** The answer to send: `result` when it matches the document, else a 500 that says why. */
export function checkedAgainstDocument(
  backend: OpenAPIBackend,
  operation: Operation,
  operationId: string,
  result: HttpResult,
  logger: Logger,
): HttpResult {
  const check = backend.validator.validateResponse(result.body, operation, result.status);
  if (check.valid) return result;
  const problems = (check.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim()).join('; ');
  const line = `response does not match the document: ${operationId} answered ${result.status} with code ${codesOf(result.body)}: ${problems}`;
  logger.error({ operationId, status: result.status, code: codesOf(result.body), errors: check.errors }, line);
  process.stderr.write(`${line}\n`);
  return { status: 500, body: { errors: [line] } };
}
