// Errors a partner can read, for the generated SDK's results. Shipped inside the SDK: `npm run
// generate` copies this file to generated/client/errors.ts. Self-contained (no import), like
// webhooks.ts.
//
// The generated operations answer `{ data, error, request, response }`. When the service cannot be
// reached, `error` is fetch's own `TypeError: fetch failed`, whose reason (`ECONNREFUSED`, a DNS
// failure) is hidden in its `cause` and which JSON.stringify prints as `{}`. `unwrap` turns every
// outcome that is not a success into an Error whose message names what happened and where:
//
//   const search = unwrap(await createPpsrSearch({ client, body: { vin } }));

/** What every generated operation resolves to (hey-api's `fields` response style). */
export interface SdkResult<T> {
  // `| undefined` spelled out: a failed call's result has `data: undefined`, which a consumer compiling
  // with `exactOptionalPropertyTypes` would otherwise refuse to pass to unwrap.
  data?: T | undefined;
  error?: unknown;
  request: Request;
  response?: Response | undefined;
}

/**
 * The data of a result's success branch. A generated operation resolves to `{ data: D, error: undefined }`
 * or `{ data: undefined, error: E }`: inferring from both would make unwrap's answer `D | undefined`,
 * though it only ever returns the success branch's data.
 */
export type SuccessData<R> = R extends { data: infer D }
  ? R extends { error: infer E }
    ? [E] extends [undefined]
      ? D
      : never
    : D
  : never;

/** The service could not be reached: nothing was sent, or no answer came back. */
export class ServiceUnreachableError extends Error {
  constructor(
    readonly url: string,
    /** The network error code (`ECONNREFUSED`, `ENOTFOUND`, `ETIMEDOUT`, ...), when Node gave one. */
    readonly code: string | undefined,
    options: { cause: unknown },
  ) {
    super(
      `Cannot reach ${url}: ${code ?? 'no answer'}${reasonOf(options.cause)}. Is the service running there, and is the client's baseUrl right?`,
      options,
    );
    this.name = 'ServiceUnreachableError';
  }
}

/** The service answered with an error status; `body` is its error document (one of the three shapes). */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    /** The `X-Request-Id` of the answer: quote it when asking for support. */
    readonly requestId: string | undefined,
    method: string,
    url: string,
  ) {
    super(`${method} ${url} answered ${status}: ${summaryOf(body)}${requestId ? ` (X-Request-Id ${requestId})` : ''}`);
    this.name = 'ServiceError';
  }
}

/** The data of a successful call; otherwise throws ServiceUnreachableError or ServiceError. */
export function unwrap<R extends SdkResult<unknown>>(result: R): SuccessData<R> {
  const { request, response } = result;
  if (!response) throw new ServiceUnreachableError(request.url, networkCode(result.error), { cause: result.error });
  if (!response.ok)
    throw new ServiceError(response.status, result.error, response.headers.get('x-request-id') ?? undefined, request.method, request.url);
  return result.data as SuccessData<R>;
}

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The first `code` on the error's cause chain (undici puts it on `cause`, or on each of an AggregateError's errors). */
function networkCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const e = current as ErrorLike;
    if (typeof e.code === 'string') return e.code;
    const first = Array.isArray(e.errors) ? (e.errors[0] as ErrorLike | undefined) : undefined;
    if (typeof first?.code === 'string') return first.code;
    current = e.cause;
  }
  return undefined;
}

/** The innermost message of the cause chain (`connect ECONNREFUSED 127.0.0.1:4000`), in brackets. */
function reasonOf(error: unknown): string {
  let message: string | undefined;
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const e = current as ErrorLike;
    if (typeof e.message === 'string' && e.message !== '') message = e.message;
    current = e.cause;
  }
  return message ? ` (${message})` : '';
}

/** One line from any of the three error shapes: `code: message`, then the first field problems. */
function summaryOf(body: unknown): string {
  if (body === null || typeof body !== 'object') return body === undefined || body === '' ? 'no body' : String(body);
  const b = body as { error?: unknown; message?: unknown; errors?: unknown };
  const head = [b.error, b.message].filter((part) => typeof part === 'string' && part !== '').join(': ');
  const details = problemsOf(b.errors).slice(0, 3);
  const text = [head, ...details].filter(Boolean).join('; ');
  return text === '' ? JSON.stringify(body).slice(0, 300) : text;
}

function problemsOf(errors: unknown): string[] {
  if (Array.isArray(errors))
    return errors.map((item) => {
      if (typeof item === 'string') return item;
      const { code, field, message } = (item ?? {}) as { code?: unknown; field?: unknown; message?: unknown };
      return `${typeof field === 'string' && field !== '' ? `${field}: ` : ''}${String(code ?? message ?? '')}`;
    });
  if (errors && typeof errors === 'object')
    return Object.entries(errors as Record<string, unknown>).map(
      ([field, list]) =>
        `${field}: ${(Array.isArray(list) ? list : [])
          .map((p: unknown) => String((p as { code?: unknown } | null)?.code ?? ''))
          .join(', ')}`,
    );
  return [];
}
