// Typed domain errors. Domain code throws these with a stable code; one mapper per error family
// (server/http/error-mappers.ts) turns them into HTTP. No domain file knows about Express.

export interface FieldProblem {
  code: string;
  message: string;
  entityId?: number;
}

export type FieldProblems = Record<string, FieldProblem[]>;

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
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface DomainErrorDetails {
  errors?: FieldProblems;
  limit?: number;
  active?: number;
  current?: number;
  /** Seconds, for 429 and 503 (`Retry-After`). */
  retryAfter?: number;
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
