// What went wrong, readable: the service's three error shapes (shared `{errors: [...]}`, the ApiError
// `{error, message, errors: {field: [{code, message}]}}` of D-10, Form 484's `{response: null, errors:
// [{code, field, message}]}` of D-11) and the SDK's own Zod check of a request before it is sent, each
// turned into one sentence and "field: message" lines, with the Request-Id the answer carried.
import { patternInWords } from './patterns.js';

export interface FieldProblem {
  field: string;
  code: string;
  message: string;
}

export interface Problem {
  message: string;
  lines: string[];
  fields: FieldProblem[];
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly lines: string[] = [],
    /** The answer's `X-Request-Id`: the Requests page finds the request by it. */
    readonly requestId?: string,
    readonly status?: number,
    /** Seconds, from `Retry-After`. */
    readonly retryAfter?: number,
    /** The problems by field, with their codes (`url_not_https`…). */
    readonly fields: FieldProblem[] = [],
    /** True when the request went to the public API, so the account's request log has it (D-51); operator API requests are not logged. */
    readonly inRequestLog = false,
  ) {
    super(message);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function fieldProblem(field: unknown, code: unknown, message: unknown): FieldProblem {
  return {
    field: typeof field === 'string' ? field : '',
    code: typeof code === 'string' ? code : '',
    message: typeof message === 'string' ? message : 'invalid',
  };
}

const line = (p: FieldProblem): string => (p.field ? `${p.field}: ${p.message}` : p.message);

function withFields(message: string, fields: FieldProblem[]): Problem {
  return { message, lines: fields.map(line), fields };
}

/**
 * A Zod issue path as the service writes fields (`officeHolders.0.name`). The SDK checks
 * `{body, path, query, headers}`: a body field is named without its leading `body`.
 */
function dotted(path: unknown): string {
  if (!Array.isArray(path)) return '';
  return (path[0] === 'body' ? path.slice(1) : path).map(String).join('.');
}

/** The problem in an error body of either API or in a thrown ZodError; undefined when it is none of them. */
export function problemOf(body: unknown): Problem | undefined {
  if (!isRecord(body)) return undefined;
  const errors = body.errors;
  // The SDK's request check (a ZodError): the request was never sent.
  if (Array.isArray(body.issues))
    return withFields(
      'The SDK refused the request before sending it:',
      body.issues.map((issue) =>
        isRecord(issue)
          ? fieldProblem(
              dotted(issue.path),
              issue.code,
              issue.format === 'regex' && typeof issue.pattern === 'string' ? patternInWords(issue.pattern) : issue.message,
            )
          : fieldProblem('', '', String(issue)),
      ),
    );
  if (typeof body.message === 'string') {
    const fields = isRecord(errors)
      ? Object.entries(errors).flatMap(([field, problems]) =>
          Array.isArray(problems)
            ? problems.map((p) => (isRecord(p) ? fieldProblem(field, p.code, p.message) : fieldProblem(field, '', p)))
            : [],
        )
      : [];
    return withFields(body.message, fields);
  }
  if (Array.isArray(errors)) {
    if (errors.every((e) => typeof e === 'string')) return { message: errors[0] ?? 'Refused.', lines: errors.slice(1), fields: [] };
    const fields = errors.map((e) => (isRecord(e) ? fieldProblem(e.field, e.code, e.message) : fieldProblem('', '', String(e))));
    return withFields(fields.length === 1 ? 'The service refused the request:' : `The service found ${fields.length} problems:`, fields);
  }
  return undefined;
}

/** Any thrown value as an ApiError (kept when it already is one). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const problem = problemOf(error);
  if (problem) return new ApiError(problem.message, problem.lines, undefined, undefined, undefined, problem.fields);
  return new ApiError(error instanceof Error ? error.message : 'The request failed.');
}

/** Unwraps an SDK answer: its data, or a thrown ApiError with the service's problem and the Request-Id. */
export async function must<T>(call: Promise<{ data?: T; error?: unknown; response?: Response }>): Promise<T> {
  let answer: { data?: T; error?: unknown; response?: Response };
  try {
    answer = await call;
  } catch (error) {
    throw toApiError(error);
  }
  const { data, error, response } = answer;
  if (error === undefined && (!response || response.ok)) return data as T;
  const problem = problemOf(error) ?? {
    message: response ? `The service answered ${response.status} ${response.statusText}.` : 'The request failed.',
    lines: [],
    fields: [],
  };
  const retryAfter = Number(response?.headers.get('retry-after') ?? Number.NaN);
  throw new ApiError(
    problem.message,
    problem.lines,
    response?.headers.get('x-request-id') ?? undefined,
    response?.status,
    Number.isFinite(retryAfter) ? retryAfter : undefined,
    problem.fields,
    response ? new URL(response.url, window.location.origin).pathname.startsWith('/api/') : false,
  );
}
