// The response checks: any response, judged against what the operation documents for its status
// (status code, media type, required headers, body schema) and against D-13 (no 5xx but a
// documented 503). What particular requests must get is in expectations.ts.
import type { CheckResult, OperationInfo, ApiResponse, ResponseInfo } from './types.js';
import type { Validators } from './validator.js';

export const NOT_IMPLEMENTED = 501;

export function snippet(text: string, length = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

export function documentedResponse(operation: OperationInfo, status: number): ResponseInfo | undefined {
  return operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default;
}

export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
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
