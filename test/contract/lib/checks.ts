// The checks. Response checks judge any response against what the operation documents for its
// status; the others judge what a particular kind of request must get (invalid data refused, valid
// data accepted, bad credentials refused, wrong methods answered 405). A check that has nothing to
// judge returns undefined, which the report shows as skipped, never as passed.
import type { CheckResult, OperationInfo, ApiResponse, ResponseInfo } from './types.js';
import type { Validators, Verdict } from './validator.js';

export const NOT_IMPLEMENTED = 501;

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

export function snippet(text: string, length = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

export function documentedResponse(operation: OperationInfo, status: number): ResponseInfo | undefined {
  return operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

const isJsonMedia = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

function mediaMatches(documented: string, actual: string): boolean {
  if (documented === '*/*') return true;
  if (documented.endsWith('/*')) return actual.startsWith(documented.slice(0, -1));
  return documented === actual;
}

/** The five checks every response gets. */
export function responseChecks(operation: OperationInfo, response: ApiResponse, validators: Validators): CheckResult[] {
  const out: CheckResult[] = [];
  const status = response.status;
  const documented = documentedResponse(operation, status);
  if (status === NOT_IMPLEMENTED) {
    const note = 'answered 501 not_implemented: the feature has not landed';
    return [
      { check: 'not_a_server_error', status: 'pending', message: note },
      { check: 'status_code_conformance', status: 'pending', message: note },
    ];
  }
  // D-13: the only 5xx allowed is a documented 503 carrying Retry-After.
  const allowedUnavailable = status === 503 && documented !== undefined && response.headers['retry-after'] !== undefined;
  out.push(
    status >= 500 && !allowedUnavailable
      ? { check: 'not_a_server_error', status: 'fail', message: `server error ${status}: ${snippet(response.bodyText)}` }
      : { check: 'not_a_server_error', status: 'pass' },
  );
  const listed = Object.keys(operation.responses).join(', ');
  out.push(
    documented
      ? { check: 'status_code_conformance', status: 'pass' }
      : { check: 'status_code_conformance', status: 'fail', message: `status ${status} is not documented (documented: ${listed})` },
  );
  if (!documented) return out;

  const empty = response.bodyText.length === 0;
  if (documented.content.length === 0) {
    out.push(
      empty
        ? { check: 'content_type_conformance', status: 'pass' }
        : {
            check: 'content_type_conformance',
            status: 'fail',
            message: `status ${status} is documented without a body, got ${response.mediaType ?? 'no type'}: ${snippet(response.bodyText)}`,
          },
    );
  } else if (empty) {
    out.push({
      check: 'content_type_conformance',
      status: 'fail',
      message: `empty body; documented ${documented.content.map((c) => c.mediaType).join(', ')}`,
    });
  } else {
    const actual = response.mediaType ?? '';
    const match = documented.content.some((c) => mediaMatches(c.mediaType, actual));
    out.push(
      match
        ? { check: 'content_type_conformance', status: 'pass' }
        : {
            check: 'content_type_conformance',
            status: 'fail',
            message: `Content-Type ${actual || '(none)'}; documented ${documented.content.map((c) => c.mediaType).join(', ')}`,
          },
    );
  }

  const headerProblems: string[] = [];
  for (const header of documented.headers) {
    const value = response.headers[header.name.toLowerCase()];
    if (value === undefined) {
      if (header.required) headerProblems.push(`${header.name} missing`);
      continue;
    }
    if (header.schemaPointer) headerProblems.push(...validators.checkText(header.schemaPointer, value, header.name).problems);
  }
  out.push(
    headerProblems.length === 0
      ? { check: 'response_headers_conformance', status: 'pass' }
      : { check: 'response_headers_conformance', status: 'fail', message: `status ${status}: ${headerProblems.join('; ')}` },
  );

  const media = documented.content.find((c) => mediaMatches(c.mediaType, response.mediaType ?? ''));
  if (!empty && media?.schemaPointer && isJsonMedia(response.mediaType ?? '')) {
    const parsed = parseJson(response.bodyText);
    if (!parsed.ok)
      out.push({
        check: 'response_schema_conformance',
        status: 'fail',
        message: `status ${status}: body is not JSON: ${snippet(response.bodyText)}`,
      });
    else {
      const verdict = validators.check(media.schemaPointer, parsed.value, 'response');
      out.push(
        verdict.valid
          ? { check: 'response_schema_conformance', status: 'pass' }
          : { check: 'response_schema_conformance', status: 'fail', message: `status ${status}: ${verdict.problems.join('; ')}` },
      );
    }
  }
  return out;
}

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
