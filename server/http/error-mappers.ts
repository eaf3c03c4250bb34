// The one mapper per error family (spec 7, D-03, D-10, D-11): a DomainError in, the family's body
// out, with the status from ERROR_STATUS. Every error the server sends goes through errorResult, so
// neither a shape nor a status can drift between the pipeline and the handlers.
import { callerText } from '../../schemas/common/caller-text.js';
import type { ErrorFamily } from '../../schemas/common/errors.js';
import { DomainError, TRANSIENT_CODES, type ErrorCode, type FieldProblem, type FieldProblems } from '../domain/errors.js';
import type { HttpResult } from './responses.js';

/** The two families of spec 7 plus the shared shape of authentication, key checks and limits (D-03). */
export type ErrorShape = ErrorFamily | 'shared';

/** One problem with the path it is filed under. */
interface ListedProblem extends FieldProblem {
  field: string;
}

/** Problems one answer lists at most (D-55); the rest are counted in a last entry. */
export const MAX_LISTED_PROBLEMS = 100;
/** Bytes of listed problems at most, so that an answer stays under 64 KiB whatever came in (D-55). */
const LISTED_PROBLEM_BYTES = 48 * 1024;
/**
 * A last bound on any one message. Messages quote caller text through `callerText` where they are
 * written; the longest of our own (an enum listed in full) is about 1,000 characters.
 */
const MESSAGE_MAX = 2_000;

/** A message as an answer carries it. */
const bounded = (message: string): string => callerText(message, MESSAGE_MAX);

/**
 * The problems an answer lists (D-55): in the order found, each field (a path the caller's keys
 * chose) cut by `callerText`, at most MAX_LISTED_PROBLEMS of them and LISTED_PROBLEM_BYTES in all.
 */
function listedProblems(errors: FieldProblems): { listed: ListedProblem[]; omitted: number } {
  const listed: ListedProblem[] = [];
  let found = 0;
  let bytes = 0;
  let full = false;
  for (const [path, list] of Object.entries(errors))
    for (const p of list) {
      found += 1;
      if (full) continue;
      const row = {
        code: p.code,
        field: callerText(path),
        message: bounded(p.message),
        ...(p.entityId !== undefined ? { entityId: p.entityId } : {}),
      };
      const size = Buffer.byteLength(JSON.stringify(row));
      // Once one problem does not fit, the list ends there: it stays in the order found.
      full = bytes + size > LISTED_PROBLEM_BYTES;
      if (full) continue;
      bytes += size;
      listed.push(row);
      full = listed.length === MAX_LISTED_PROBLEMS;
    }
  return { listed, omitted: found - listed.length };
}

function omittedMessage(listed: number, omitted: number): string {
  return `Only the first ${listed} problems are listed; ${omitted} more were found. Fix these and send the request again.`;
}

/** The Form 484 list; the count of problems left out is an `invalid_format` of the whole body (D-11, D-55). */
function form484Problems(errors: FieldProblems): { code: string; field: string; message: string }[] {
  const { listed, omitted } = listedProblems(errors);
  const rows = listed.map(({ code, field, message }) => ({ code, field, message }));
  return omitted > 0 ? [...rows, { code: 'invalid_format', field: '', message: omittedMessage(listed.length, omitted) }] : rows;
}

/** The ErrorResponse record; the count of problems left out is a `too_many` at `body` (D-10, D-55). */
function apiProblems(errors: FieldProblems): FieldProblems {
  const { listed, omitted } = listedProblems(errors);
  // No prototype: a path named `__proto__` is a plain entry (D-48).
  const out = Object.create(null) as FieldProblems;
  for (const { field, ...problem } of listed) {
    const list = Object.hasOwn(out, field) ? out[field]! : (out[field] = []);
    // Two long paths cut to the same text share one entry; a code is listed there once.
    if (!list.some((p) => p.code === problem.code)) list.push(problem);
  }
  if (omitted > 0)
    (Object.hasOwn(out, 'body') ? out.body! : (out.body = [])).push({ code: 'too_many', message: omittedMessage(listed.length, omitted) });
  return out;
}

const MAPPERS: Record<ErrorShape, (error: DomainError) => unknown> = {
  shared: (error) => ({ errors: [bounded(error.message)] }),
  api: (error) => {
    const { errors, limit, active, current } = error.details;
    return {
      error: error.code,
      message: bounded(error.message),
      ...(errors ? { errors: apiProblems(errors) } : {}),
      ...(limit !== undefined ? { limit } : {}),
      ...(active !== undefined ? { active } : {}),
      ...(current !== undefined ? { current } : {}),
    };
  },
  form484: (error) => ({
    response: null,
    errors: error.details.errors
      ? form484Problems(error.details.errors)
      : [{ code: error.code, field: '', message: bounded(error.message) }],
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
