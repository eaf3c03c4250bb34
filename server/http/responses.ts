// The three error shapes on the wire (spec 7, D-03, D-10, D-11). Every error the server sends goes
// through one of these functions, so a shape cannot drift between handlers.
import type { ErrorFamily } from '../../schemas/common/errors.js';
import type { DomainError, FieldProblems } from '../domain/errors.js';

export interface HttpResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Raw bytes (PDF downloads). */
  raw?: { contentType: string; data: Buffer };
}

export function sharedError(status: number, message: string, headers: Record<string, string> = {}): HttpResult {
  return { status, body: { errors: [message] }, headers };
}

export function apiErrorBody(code: string, message: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { error: code, message, ...extra };
}

export function form484ErrorBody(problems: { code: string; field: string; message: string }[]): Record<string, unknown> {
  return { response: null, errors: problems };
}

export function flattenProblems(errors: FieldProblems): { code: string; field: string; message: string }[] {
  return Object.entries(errors).flatMap(([field, list]) => list.map((p) => ({ code: p.code, field, message: p.message })));
}

/** A single top-level problem in the family's shape (invalid_json, not_found, payload_too_large…). */
export function familyError(
  family: ErrorFamily,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): HttpResult {
  const body = family === 'form484' ? form484ErrorBody([{ code, field: '', message }]) : apiErrorBody(code, message);
  return { status, body, headers };
}

/** The one mapper from domain errors to HTTP, per family. */
export function domainErrorResult(family: ErrorFamily, error: DomainError): HttpResult {
  const headers: Record<string, string> = {};
  if (error.details.retryAfter !== undefined) headers['Retry-After'] = String(error.details.retryAfter);
  if (family === 'form484') {
    const problems = error.details.errors
      ? flattenProblems(error.details.errors)
      : [{ code: error.code, field: '', message: error.message }];
    return { status: error.status, body: form484ErrorBody(problems), headers };
  }
  const { errors, limit, active, current } = error.details;
  const extra: Record<string, unknown> = {};
  if (errors) extra.errors = errors;
  if (limit !== undefined) extra.limit = limit;
  if (active !== undefined) extra.active = active;
  if (current !== undefined) extra.current = current;
  return { status: error.status, body: apiErrorBody(error.code, error.message, extra), headers };
}
