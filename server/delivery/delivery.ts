// The `webhook-delivery` job (spec 6.3, 6.4, 3.6, D-20 to D-23): one attempt of one delivery. Each
// job row is one attempt; a failed automatic attempt queues the next as a new row at its due time, so
// retries survive restarts and the manual clock runs them exactly when due. Workers run these jobs
// in batches (issue 17): many attempts in flight, a few statements per batch.
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { completeJobs, enqueue, failJob } from '../jobs/queue.js';
import { webhookDeliveries, webhookEndpoints } from '../store/schema/index.js';
import { recordAttempts, reserveAttemptNumbers, settleDeliveries, settleDelivery, type AttemptRecord } from './attempts.js';
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

interface Work {
  job: JobRow;
  payload: DeliveryJobPayload;
  delivery: WebhookDeliveryRow;
  endpoint: WebhookEndpointRow | null;
}

/**
 * Splits a batch so that no delivery appears twice in one wave (an automatic attempt and a resend
 * of the same delivery, both due): the second waits for the first, as when jobs ran one by one.
 */
function waves(jobs: readonly JobRow[]): JobRow[][] {
  const result: JobRow[][] = [];
  for (const job of jobs) {
    const deliveryId = parseDeliveryJob(job.payload).deliveryId;
    const wave = result.find((candidate) => !candidate.some((other) => parseDeliveryJob(other.payload).deliveryId === deliveryId));
    if (wave) wave.push(job);
    else result.push([job]);
  }
  return result;
}

/**
 * The `webhook-delivery` jobs a worker claimed together (claimGroupedJobs: at most
 * SVC_WEBHOOK_ENDPOINT_CONCURRENCY of one endpoint). Every attempt of the batch is sent at once;
 * the reads before and the writes after are a few statements for the whole batch, not per delivery.
 * Each job is settled here: done, or failed to run again later.
 */
export async function runDeliveryBatch(deps: AppDeps, jobs: JobRow[]): Promise<void> {
  for (const wave of waves(jobs)) await runWave(deps, wave);
}

async function runWave(deps: AppDeps, jobs: JobRow[]): Promise<void> {
  const payloads = jobs.map((job) => ({ job, payload: parseDeliveryJob(job.payload) }));
  const rows = await deps.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .leftJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      inArray(
        webhookDeliveries.id,
        payloads.map(({ payload }) => payload.deliveryId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.delivery.id, row]));
  const idle: JobRow[] = [];
  const work: Work[] = [];
  for (const { job, payload } of payloads) {
    const row = byId.get(payload.deliveryId);
    if (row && isCurrent(payload, row.delivery)) work.push({ job, payload, delivery: row.delivery, endpoint: row.endpoint });
    else idle.push(job);
  }
  const attemptedAt = deps.clock.now();
  const numbers = await reserveAttemptNumbers(
    deps.db,
    work.map((item) => item.delivery.id),
  );
  const outcomes = await Promise.all(work.map((item) => (isOpen(item.endpoint) ? attempt(deps, item.delivery, item.endpoint) : null)));

  const record = (item: Work, outcome: AttemptOutcome): AttemptRecord => ({
    deliveryId: item.delivery.id,
    attemptNumber: numbers.get(item.delivery.id) ?? 0,
    attemptedAt,
    outcome,
  });
  const succeeded = work.filter((_, index) => outcomes[index]?.errorClass === null);
  // One transaction for every success: a worker that dies between recording a success and settling
  // its delivery would otherwise leave it pending with a success logged, and the retry after its
  // lease would log a second one. Now a crash leaves either both or neither (and then one more
  // send: receivers de-duplicate on deliveryId).
  await deps.db.transaction(async (tx) => {
    await recordAttempts(
      tx,
      work.flatMap((item, index) => {
        const outcome = outcomes[index];
        return outcome?.errorClass === null ? [record(item, outcome)] : [];
      }),
    );
    await resetFailures({ db: tx }, [...new Set(succeeded.map((item) => item.delivery.endpointId))]);
    await settleDeliveries(
      tx,
      succeeded.map((item) => item.delivery.id),
      'succeeded',
      deps.clock.now(),
    );
    await completeJobs(
      tx,
      [...idle, ...succeeded.map((item) => item.job)].map((job) => job.id),
      deps.clock.now(),
    );
  });

  // The rest, one at a time: a refused endpoint, a failed attempt (counting towards auto-disable,
  // which must see the failures in order) and its retry.
  for (const [index, item] of work.entries()) {
    const outcome = outcomes[index];
    if (outcome?.errorClass === null) continue;
    try {
      if (outcome === null || outcome === undefined) {
        // Spec 3.6: a disabled or deleted endpoint's deliveries stop; nothing is sent and nothing counted.
        const refused: AttemptOutcome = { statusCode: null, durationMs: 0, errorClass: 'endpoint_disabled' };
        await recordAttempts(deps.db, [record(item, refused)]);
        await settleDelivery(deps.db, item.delivery.id, 'failed', attemptedAt);
      } else {
        await recordAttempts(deps.db, [record(item, outcome)]);
        await afterFailure(deps, item, attemptedAt);
      }
      await completeJobs(deps.db, [item.job.id], deps.clock.now());
    } catch (error) {
      deps.logger.error({ err: error, jobId: item.job.id, deliveryId: item.delivery.id }, 'webhook delivery failed to record');
      await failJob(deps.db, item.job, error, new Date(deps.clock.now().getTime() + 30_000));
    }
  }
}

function isOpen(endpoint: WebhookEndpointRow | null): endpoint is WebhookEndpointRow {
  return endpoint !== null && endpoint.enabled && endpoint.deletedAt === null;
}

/** A failed attempt: counted towards auto-disable, then the next attempt queued or the delivery settled. */
async function afterFailure(deps: AppDeps, { payload, delivery }: Work, attemptedAt: Date): Promise<void> {
  const disabled = await countFailure(deps, delivery.endpointId, delivery.id);
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
  // A delivery another failure of this batch stopped (its endpoint disabled) keeps no schedule.
  await deps.db.transaction(async (tx) => {
    const [scheduled] = await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: next.dueAt })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, 'pending')))
      .returning({ id: webhookDeliveries.id });
    if (!scheduled) return;
    await enqueue(
      tx,
      { name: WEBHOOK_DELIVERY_JOB, payload: { ...retry }, runAt: next.dueAt, groupKey: delivery.endpointId },
      deps.clock.now(),
    );
  });
}
