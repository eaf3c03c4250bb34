// The checks that depend on what was sent: invalid data refused, valid data accepted, missing or bad
// credentials refused, undefined methods answered 405. A check with nothing to judge (a 429, or a
// 5xx that not_a_server_error already reports) returns undefined: shown as skipped, never as passed.
import { documentedResponse, NOT_IMPLEMENTED, parseJson, snippet } from './checks.js';
import type { ApiResponse, CheckResult, OperationInfo } from './types.js';
import type { Verdict } from './validator.js';

/** Codes that name a JSON Schema keyword (D-10, D-11): a server reporting one on valid data broke the contract. */
const STRUCTURAL_CODES = new Set([
  'too_long',
  'too_short',
  'too_big',
  'too_small',
  'too_many',
  'too_few',
  'invalid_type',
  'invalid_enum',
  'unknown_field',
]);

/** Field problem codes in any of the three error shapes. */
function problemCodes(body: unknown): { field: string; code: string }[] {
  if (!body || typeof body !== 'object') return [];
  const errors = (body as Record<string, unknown>).errors;
  if (Array.isArray(errors)) {
    return errors.flatMap((e) =>
      e && typeof e === 'object' && typeof (e as Record<string, unknown>).code === 'string'
        ? [{ field: String((e as Record<string, unknown>).field ?? ''), code: String((e as Record<string, unknown>).code) }]
        : [],
    );
  }
  if (errors && typeof errors === 'object') {
    return Object.entries(errors as Record<string, unknown>).flatMap(([field, list]) =>
      Array.isArray(list)
        ? list.flatMap((p) =>
            p && typeof p === 'object' && typeof (p as Record<string, unknown>).code === 'string'
              ? [{ field, code: String((p as Record<string, unknown>).code) }]
              : [],
          )
        : [],
    );
  }
  return [];
}

/** Invalid input must be refused with a 4xx the operation documents. */
export function negativeDataRejection(operation: OperationInfo, verdict: Verdict, response: ApiResponse): CheckResult | undefined {
  const status = response.status;
  if (status === 429 || status >= 500) return undefined; // inconclusive; other checks judge 5xx
  const why = verdict.problems[0] ?? 'invalid';
  if (status < 400) return { check: 'negative_data_rejection', status: 'fail', message: `accepted invalid input with ${status} (${why})` };
  if (!documentedResponse(operation, status))
    return { check: 'negative_data_rejection', status: 'fail', message: `refused invalid input with undocumented ${status} (${why})` };
  return { check: 'negative_data_rejection', status: 'pass' };
}

/**
 * Valid input must not be refused as invalid: 400 and 415 always count; 422 counts when the server
 * names a schema keyword (STRUCTURAL_CODES). Rules JSON Schema cannot express (checksums against a
 * register, date windows, "exactly one search type", unresolvable webhook hosts) may still refuse
 * schema-valid data with their own codes, which is allowed.
 */
export function positiveDataAcceptance(response: ApiResponse): CheckResult | undefined {
  const status = response.status;
  if (status === NOT_IMPLEMENTED) return { check: 'positive_data_acceptance', status: 'pending', message: 'answered 501' };
  if (status === 429 || status >= 500) return undefined;
  if (status === 400 || status === 415)
    return {
      check: 'positive_data_acceptance',
      status: 'fail',
      message: `refused valid input with ${status}: ${snippet(response.bodyText)}`,
    };
  if (status === 422) {
    const parsed = parseJson(response.bodyText);
    const structural = parsed.ok ? problemCodes(parsed.value).filter((p) => STRUCTURAL_CODES.has(p.code)) : [];
    if (structural.length > 0) {
      return {
        check: 'positive_data_acceptance',
        status: 'fail',
        message: `refused valid input with 422 ${structural.map((p) => `${p.field || '(root)'}: ${p.code}`).join(', ')}`,
      };
    }
  }
  return { check: 'positive_data_acceptance', status: 'pass' };
}

/** A request lacking a required header (Authorization, or a required header parameter) must be refused. */
export function missingRequiredHeader(operation: OperationInfo, header: string, response: ApiResponse): CheckResult | undefined {
  const status = response.status;
  if (status === 429) return undefined;
  const isAuth = header.toLowerCase() === 'authorization';
  // D-03: no Authorization is 401; a missing required header parameter is any documented 4xx.
  const ok = isAuth ? status === 401 : status >= 400 && status < 500 && documentedResponse(operation, status) !== undefined;
  return ok
    ? { check: 'missing_required_header', status: 'pass' }
    : {
        check: 'missing_required_header',
        status: 'fail',
        message: `without ${header}: got ${status}, expected ${isAuth ? '401' : 'a documented 4xx'}`,
      };
}

/** Missing, unknown or misused credentials must get 401 or 403; a 501 means the handler was reached. */
export function ignoredAuth(variant: string, response: ApiResponse): CheckResult | undefined {
  const status = response.status;
  if (status === 429) return undefined;
  return status === 401 || status === 403
    ? { check: 'ignored_auth', status: 'pass' }
    : { check: 'ignored_auth', status: 'fail', message: `${variant}: got ${status}, expected 401 or 403` };
}

/** D-13: a method the path does not define gets 405 with an `Allow` naming the ones it does. */
export function unsupportedMethod(method: string, allowed: string[], response: ApiResponse): CheckResult | undefined {
  if (response.status === 429) return undefined;
  if (response.status !== 405)
    return { check: 'unsupported_method', status: 'fail', message: `${method}: got ${response.status}, expected 405` };
  const allow = (response.headers.allow ?? '')
    .split(',')
    .map((m) => m.trim().toUpperCase())
    .filter(Boolean)
    .sort();
  const expected = [...allowed].sort();
  return allow.join(',') === expected.join(',')
    ? { check: 'unsupported_method', status: 'pass' }
    : {
        check: 'unsupported_method',
        status: 'fail',
        message: `${method}: Allow "${response.headers.allow ?? ''}", expected "${expected.join(', ')}"`,
      };
}
