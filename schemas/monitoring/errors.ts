// Error responses shared by several monitoring operations (spec 7, D-04, D-18, D-43). Each is an
// ErrorResponse for registerOperation, which adds X-Request-Id and merges the shared-shape key
// errors into 403 and the global rate limit into 429.
import { HEADER_REFS } from '../common/headers.js';
import type { ErrorResponse } from '../common/operation.js';
import { errorExamples as ex } from './examples.js';

/** D-04: free accounts on a live key get the monitoring shape on monitoring endpoints. */
export const forbiddenForReads: ErrorResponse = {
  description:
    '`sandbox_only` (monitoring shape, D-04): a free (sandbox) account used a live key. `monitoring_unavailable`: monitoring is not available on the account and it has no entities (an account that has entities can always read and stop them).',
  examples: { sandboxOnly: ex.sandboxOnly, monitoringUnavailable: ex.monitoringUnavailable },
};

export const forbiddenForLiveBilling: ErrorResponse = {
  description:
    '`card_billing_required`: live ordering, renewing and resuming need card billing. `monitoring_unavailable`: monitoring is not yet available on the account. `sandbox_only` (monitoring shape, D-04): a free (sandbox) account used a live key.',
  examples: { cardBillingRequired: ex.cardBillingRequired, monitoringUnavailable: ex.monitoringUnavailable, sandboxOnly: ex.sandboxOnly },
};

export const paymentRequired: ErrorResponse = {
  description:
    'Live key only. `payment_method_required` (no card) or `payment_method_expired` (the card has expired), or `payment_failed` (the charge failed: nothing was created or charged).',
  examples: {
    paymentMethodRequired: ex.paymentMethodRequired,
    paymentMethodExpired: ex.paymentMethodExpired,
    paymentFailed: ex.paymentFailed,
  },
};

export const cardRequired: ErrorResponse = {
  description:
    'Live key only, although resuming is free: `payment_method_required` (no card) or `payment_method_expired` (the card has expired).',
  examples: { paymentMethodRequired: ex.paymentMethodRequired, paymentMethodExpired: ex.paymentMethodExpired },
};

export const chargedConflict: ErrorResponse = {
  description:
    '`order_in_progress`: another monitoring order or renewal on the account is processing. `request_in_progress`: a request with the same `Idempotency-Key` is still running. `idempotency_key_reused`: the key was used with another body (D-18). Nothing is charged.',
  examples: { orderInProgress: ex.orderInProgress, requestInProgress: ex.requestInProgress, idempotencyKeyReused: ex.idempotencyKeyReused },
};

export const lookupRateLimited: ErrorResponse = {
  description:
    '`lookup_rate_limited` (monitoring shape): the request needs more register lookups than are left this minute (D-43). Refused whole, before any charge; wait for `Retry-After`.',
  examples: { lookupRateLimited: ex.lookupRateLimited },
};

export function unavailable(payment: boolean): ErrorResponse {
  return {
    description: payment
      ? '`registry_unavailable` or `payment_unavailable`: a register or the payment provider cannot be reached. Nothing is charged; retry after `Retry-After` seconds with the same `Idempotency-Key`.'
      : '`registry_unavailable`: the register cannot be reached. Retry after `Retry-After` seconds.',
    headers: { 'Retry-After': HEADER_REFS.retryAfter },
    examples: payment
      ? { registryUnavailable: ex.registryUnavailable, paymentUnavailable: ex.paymentUnavailable }
      : { registryUnavailable: ex.registryUnavailable },
  };
}

export const entityNotFound: ErrorResponse = {
  description:
    '`not_found`: no entity with this id in this account and environment (ids of the other environment, of other accounts, and of an ABN entity merged into its company all answer 404).',
  examples: { notFound: ex.notFoundEntity },
};

export const badListQuery: ErrorResponse = {
  description:
    '`validation_failed`: a query parameter is malformed or out of range (`perPage` over 100, `page` below 1, an unknown `status`, a bad date or number). Every problem is listed.',
  examples: { perPage: ex.perPageTooBig },
};
