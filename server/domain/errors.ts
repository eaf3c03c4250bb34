// Typed domain errors and the one table of error codes. Domain code throws these with a stable code;
// one mapper per error family (server/http/error-mappers.ts) turns them into HTTP, taking the status
// from ERROR_STATUS, the pipeline's own refusals (401, 413, 415…) included. No domain file knows about
// Express.

export interface FieldProblem {
  code: string;
  message: string;
  entityId?: number;
}

export type FieldProblems = Record<string, FieldProblem[]>;

/**
 * A problem list keyed by request paths, which callers choose: a null prototype, so a key named
 * `constructor` or `__proto__` is a plain entry and not Object.prototype's (D-48). Every list is
 * built with these two, never with `{}` and `list[path] ??= []`.
 */
export function emptyProblems(): FieldProblems {
  return Object.create(null) as FieldProblems;
}

/** Adds a problem at a path (once per code). */
export function addProblem(problems: FieldProblems, path: string, problem: FieldProblem): void {
  const list = Object.hasOwn(problems, path) ? problems[path]! : (problems[path] = []);
  if (!list.some((p) => p.code === problem.code)) list.push(problem);
}

/** Status of every code a domain verb may raise (spec section 7 and the D-nn decisions). */
export const ERROR_STATUS = {
  validation_failed: 422,
  not_found: 404,
  idempotency_key_required: 400,
  idempotency_key_invalid: 400,
  idempotency_key_reused: 409,
  request_in_progress: 409,
  payment_method_required: 402,
  payment_method_expired: 402,
  payment_failed: 402,
  card_billing_required: 403,
  monitoring_unavailable: 403,
  sandbox_only: 403,
  order_in_progress: 409,
  order_processing: 409,
  entity_not_active: 409,
  expiry_warning_not_sent: 409,
  already_expired: 409,
  endpoint_disabled: 409,
  attempt_closed: 409,
  duplicate_document: 409,
  already_subscribed: 409,
  duplicate_registration: 409,
  entity_limit: 422,
  test_entity_limit: 422,
  endpoint_limit: 422,
  not_resumable: 422,
  acn_not_eligible: 422,
  abn_not_active: 422,
  lookup_rate_limited: 429,
  registry_unavailable: 503,
  payment_unavailable: 503,
  not_implemented: 501,
  key_not_active: 409,
  clock_not_manual: 409,
  sandbox_magic_value: 409,
  // Refusals of the pipeline itself (D-03, D-13, D-14, D-42): the same table, so no status is written twice.
  invalid_json: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  method_not_allowed: 405,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Answers that tell the caller to try the same request again later (D-18, "final and transient
 * answers"): the request was not carried out because of something that passes (another request still
 * running, a budget that refills, a dependency that is down). They are never stored under an
 * Idempotency-Key, so the retry with the same key runs the operation instead of replaying the refusal.
 * Every 423, 429 and 5xx is transient as well, whatever its code (idempotency.ts).
 */
export const TRANSIENT_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'request_in_progress',
  'order_in_progress',
  'order_processing',
  'lookup_rate_limited',
  'rate_limited',
  'registry_unavailable',
  'payment_unavailable',
  'service_unavailable',
]);

export interface DomainErrorDetails {
  errors?: FieldProblems;
  limit?: number;
  active?: number;
  current?: number;
  /** Seconds, for 429 and 503 (`Retry-After`). */
  retryAfter?: number;
  /** The budget a 429 ran out of (`RateLimit-Limit`, `-Remaining`, `-Reset`, D-42). */
  rateLimit?: { limit: number; remaining: number; reset: number };
}

export class DomainError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.status = ERROR_STATUS[code];
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string) {
    super('not_found', `No such ${what} in this account and environment.`);
  }
}

export class ValidationError extends DomainError {
  constructor(errors: FieldProblems, message = 'The request is not valid.') {
    super('validation_failed', message, { errors });
  }
}
