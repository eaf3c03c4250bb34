// The `webhook-delivery` job (spec 6.3, 6.4, 3.6, D-20 to D-23): one attempt of one delivery. Each
// job row is one attempt; a failed automatic attempt queues the next as a new row at its due time, so
// retries survive restarts and the manual clock runs them exactly when due.
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { enqueue } from '../jobs/queue.js';
import { webhookDeliveries, webhookEndpoints } from '../store/schema/index.js';
import { recordAttempt, reserveAttemptNumber, settleDelivery } from './attempts.js';
import { WEBHOOK_DELIVERY_JOB } from './events.js';
import { countFailure, resetFailures } from './failures.js';
import { postWebhook, type AttemptOutcome } from './post.js';
import { nextAttemptAfter } from './schedule.js';
import { signingSecretOf } from './endpoint-secrets.js';
import { deliveryHeaders } from './signing.js';
import { checkWebhookUrl, urlCheckOptions } from './ssrf.js';
import type { JobRow } from '../store/schema/jobs.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../store/schema/webhooks.js';

/**
 * What a job row carries. emitEvent queues `{ deliveryId }` (the first automatic attempt); retries
 * add `step` and `dueAt`; a resend is `manual`, and `reopened` when it moved a settled delivery back
 * to pending (so its failure settles it again instead of leaving a schedule that does not exist).
 */
export interface DeliveryJobPayload {
  deliveryId: string;
  step?: number;
  dueAt?: string;
  manual?: boolean;
  reopened?: boolean;
}

export function parseDeliveryJob(payload: Record<string, unknown>): DeliveryJobPayload {
  return {
    deliveryId: String(payload.deliveryId),
    step: typeof payload.step === 'number' ? payload.step : 1,
    ...(typeof payload.dueAt === 'string' ? { dueAt: payload.dueAt } : {}),
    manual: payload.manual === true,
    reopened: payload.reopened === true,
  };
}

/**
 * An automatic job is current only while the delivery still waits for exactly that attempt; a job
 * superseded by a success, a stop or a resend finds another `nextAttemptAt` and does nothing.
 */
function isCurrent(job: DeliveryJobPayload, delivery: WebhookDeliveryRow): boolean {
  if (job.manual) return true;
  const dueAt = job.dueAt ? new Date(job.dueAt) : delivery.createdAt;
  return delivery.status === 'pending' && delivery.nextAttemptAt?.getTime() === dueAt.getTime();
}

async function attempt(deps: AppDeps, delivery: WebhookDeliveryRow, endpoint: WebhookEndpointRow): Promise<AttemptOutcome> {
  // D-23: checked again before every attempt, and the request goes only to the addresses checked now.
  const checked = await checkWebhookUrl(endpoint.url, urlCheckOptions(deps));
  if (!checked.ok) {
    // A name that does not resolve is the receiver's outage, like a refused connection; anything else is the guard refusing.
    const errorClass = checked.resolutionFailed ? 'connection_error' : 'address_not_public';
    deps.logger.warn(
      { deliveryId: delivery.id, endpointId: endpoint.id, code: checked.code, errorClass },
      'webhook URL refused at delivery',
    );
    return { statusCode: null, durationMs: 0, errorClass };
  }
  // Signed now, with the current secret and the service clock (D-21): a retry after a rotation uses the new secret.
  // The secret is opened here, for this signature only, and never kept.
  const timestamp = Math.floor(deps.clock.now().getTime() / 1000);
  const headers = deliveryHeaders({
    deliveryId: delivery.id,
    event: delivery.event,
    body: delivery.body,
    secret: await signingSecretOf(deps, endpoint),
    timestamp,
  });
  return postWebhook({
    url: checked.url,
    addresses: checked.addresses,
    headers,
    body: delivery.body,
    timeoutMs: deps.config.SVC_WEBHOOK_TIMEOUT_MS,
  });
}

export async function runDeliveryJob(deps: AppDeps, job: JobRow): Promise<void> {
  const payload = parseDeliveryJob(job.payload);
  const [delivery] = await deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, payload.deliveryId)).limit(1);
  if (!delivery || !isCurrent(payload, delivery)) return;
  const [endpoint] = await deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpointId)).limit(1);
  const attemptedAt = deps.clock.now();
  const attemptNumber = await reserveAttemptNumber(deps.db, delivery.id);

  if (!endpoint || !endpoint.enabled || endpoint.deletedAt) {
    // Spec 3.6: a disabled or deleted endpoint's deliveries stop; nothing is sent and nothing counted.
    await recordAttempt(deps.db, delivery.id, attemptNumber, attemptedAt, {
      statusCode: null,
      durationMs: 0,
      errorClass: 'endpoint_disabled',
    });
    await settleDelivery(deps.db, delivery.id, 'failed', attemptedAt);
    return;
  }

  const outcome = await attempt(deps, delivery, endpoint);
  if (outcome.errorClass === null) {
    // One transaction: a worker that dies between recording the success and settling the delivery
    // would otherwise leave it pending with a success logged, and the retry after its lease would
    // log a second one. Now a crash leaves either both or neither (and then one more send: receivers
    // de-duplicate on deliveryId).
    await deps.db.transaction(async (tx) => {
      await recordAttempt(tx, delivery.id, attemptNumber, attemptedAt, outcome);
      await resetFailures({ db: tx }, endpoint.id);
      await settleDelivery(tx, delivery.id, 'succeeded', deps.clock.now());
    });
    return;
  }
  await recordAttempt(deps.db, delivery.id, attemptNumber, attemptedAt, outcome);

  const disabled = await countFailure(deps, endpoint.id, delivery.id);
  if (payload.manual) {
    // A resend is one extra attempt: it ends a delivery it reopened, and leaves an automatic schedule alone.
    if (payload.reopened || disabled) await settleDelivery(deps.db, delivery.id, 'failed', deps.clock.now());
    return;
  }
  const next = disabled ? null : nextAttemptAfter(payload.step ?? 1, attemptedAt);
  if (!next) {
    await settleDelivery(deps.db, delivery.id, 'failed', deps.clock.now());
    return;
  }
  const retry: DeliveryJobPayload = { deliveryId: delivery.id, step: next.step, dueAt: next.dueAt.toISOString() };
  // Together or not at all: a due time without its job would leave the delivery pending forever.
  await deps.db.transaction(async (tx) => {
    await tx.update(webhookDeliveries).set({ nextAttemptAt: next.dueAt }).where(eq(webhookDeliveries.id, delivery.id));
    await enqueue(tx, { name: WEBHOOK_DELIVERY_JOB, payload: { ...retry }, runAt: next.dueAt }, deps.clock.now());
  });
}
