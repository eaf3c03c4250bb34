// The one mapper per error family (spec 7, D-03, D-10, D-11): a DomainError in, the family's body
// out, with the status from ERROR_STATUS. Every error the server sends goes through errorResult, so
// neither a shape nor a status can drift between the pipeline and the handlers.
import type { ErrorFamily } from '../../schemas/common/errors.js';
import { DomainError, TRANSIENT_CODES, type ErrorCode, type FieldProblems } from '../domain/errors.js';
import type { HttpResult } from './responses.js';

/** The two families of spec 7 plus the shared shape of authentication, key checks and limits (D-03). */
export type ErrorShape = ErrorFamily | 'shared';

interface Form484Problem {
  code: string;
  field: string;
  message: string;
}

function flattenProblems(errors: FieldProblems): Form484Problem[] {
  return Object.entries(errors).flatMap(([field, list]) => list.map((p) => ({ code: p.code, field, message: p.message })));
}

const MAPPERS: Record<ErrorShape, (error: DomainError) => unknown> = {
  shared: (error) => ({ errors: [error.message] }),
  api: (error) => {
    const { errors, limit, active, current } = error.details;
    return {
      error: error.code,
      message: error.message,
      ...(errors ? { errors } : {}),
      ...(limit !== undefined ? { limit } : {}),
      ...(active !== undefined ? { active } : {}),
      ...(current !== undefined ? { current } : {}),
    };
  },
  form484: (error) => ({
    response: null,
    errors: error.details.errors ? flattenProblems(error.details.errors) : [{ code: error.code, field: '', message: error.message }],
  }),
};

/**
 * Codes that keep the shared shape whatever the operation's family (spec 7: limits use the shared
 * shape), also when a domain verb raises them: the business account polling limit (D-37).
 */
const ALWAYS_SHARED: ReadonlySet<ErrorCode> = new Set(['rate_limited']);

export function errorResult(shape: ErrorShape, error: DomainError, headers: Record<string, string> = {}): HttpResult {
  const { retryAfter, rateLimit } = error.details;
  const retry: Record<string, string> = retryAfter !== undefined ? { 'Retry-After': String(retryAfter) } : {};
  // A domain 429 names the budget it ran out of; these win over the request budget's headers the
  // pipeline carries on every answer (D-42).
  const budget: Record<string, string> = rateLimit
    ? {
        'RateLimit-Limit': String(rateLimit.limit),
        'RateLimit-Remaining': String(rateLimit.remaining),
        'RateLimit-Reset': String(rateLimit.reset),
      }
    : {};
  const mapper = MAPPERS[ALWAYS_SHARED.has(error.code) ? 'shared' : shape];
  return {
    status: error.status,
    body: mapper(error),
    headers: { ...retry, ...budget, ...headers },
    ...(TRANSIENT_CODES.has(error.code) ? { transient: true } : {}),
  };
}

/** A refusal with no details (not_found, payload_too_large, unauthorized…) in the given shape. */
export function refusal(shape: ErrorShape, code: ErrorCode, message: string, headers: Record<string, string> = {}): HttpResult {
  return errorResult(shape, new DomainError(code, message), headers);
}
