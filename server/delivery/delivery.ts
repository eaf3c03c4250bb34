// The `webhook-delivery` job (spec 6.3, 6.4, 3.6, D-20 to D-23): one attempt of one delivery. Each
// job row is one attempt; a failed automatic attempt queues the next as a new row at its due time, so
// retries survive restarts and the manual clock runs them exactly when due. Workers run these jobs
// as a stream: many attempts in flight, a few statements per group claimed or finished.
import { and, eq, inArray } from 'drizzle-orm';
import { RealClock } from '../clock.js';
import type { AppDeps } from '../deps.js';
import { completeJobs, enqueue, failJob } from '../jobs/queue.js';
import { webhookDeliveries, webhookEndpoints } from '../store/schema/index.js';
import { recordAttempts, reserveAttemptNumbers, settleDeliveries, settleDelivery, type AttemptRecord } from './attempts.js';
import { WEBHOOK_DELIVERY_JOB } from './events.js';
import { countFailure, resetFailures } from './failures.js';
import { postWebhook, type AttemptOutcome } from './post.js';
import { deliverToReceiver } from './receiver.js';
import { holdForListener } from './listen-hold.js';
import { nextAttemptAfter } from './schedule.js';
import { signingSecretOf } from './endpoint-secrets.js';
import { deliveryHeaders } from './signing.js';
import { checkWebhookUrl, urlCheckOptions } from './ssrf.js';
import type { ClaimMore } from '../jobs/runner.js';
import type { JobRow } from '../store/schema/jobs.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../store/schema/webhooks.js';

const REAL_CLOCK = new RealClock();

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

/**
 * The attempt's headers, signed now with the current secret (D-20, D-21). The signed timestamp is the
 * wall-clock time of the attempt on every clock (D-62): receivers compare it with their own clock to
 * refuse replays, and a manual clock moved ahead would make every standard verifier refuse it.
 */
export async function signedHeaders(
  deps: Pick<AppDeps, 'db' | 'sealer' | 'wallClock'>,
  delivery: WebhookDeliveryRow,
  endpoint: WebhookEndpointRow,
): Promise<Record<string, string>> {
  // A retry after a rotation uses the new secret. The secret is opened here, for this signature only, and never kept.
  return deliveryHeaders({
    deliveryId: delivery.id,
    event: delivery.event,
    body: delivery.body,
    secret: await signingSecretOf(deps, endpoint),
    timestamp: Math.floor((deps.wallClock ?? REAL_CLOCK).now().getTime() / 1000),
  });
}

async function attempt(deps: AppDeps, delivery: WebhookDeliveryRow, endpoint: WebhookEndpointRow): Promise<AttemptOutcome> {
  // D-59: the built-in test receiver; only the transport differs from any other attempt.
  if (endpoint.receiver === 'ok' || endpoint.receiver === 'fail')
    return deliverToReceiver(deps, {
      kind: endpoint.receiver,
      headers: await signedHeaders(deps, delivery, endpoint),
      body: delivery.body,
      accountId: delivery.accountId,
      endpointId: endpoint.id,
      deliveryId: delivery.id,
    });
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
  return postWebhook({
    url: checked.url,
    addresses: checked.addresses,
    headers: await signedHeaders(deps, delivery, endpoint),
    body: delivery.body,
    timeoutMs: deps.config.SVC_WEBHOOK_TIMEOUT_MS,
  });
}

interface Work {
  job: JobRow;
  payload: DeliveryJobPayload;
  delivery: WebhookDeliveryRow;
  endpoint: WebhookEndpointRow | null;
  attemptNumber: number;
  attemptedAt: Date;
}

/**
 * What became of one attempt: its outcome, null for an endpoint refused before sending, or what broke;
 * `held` when it waits for a command-line listener, which reports the outcome later (D-79).
 */
interface Sent {
  work: Work;
  outcome: AttemptOutcome | null;
  error?: unknown;
  held?: boolean;
}

/** How long the stream waits after an answer for others before it records them (milliseconds). */
const GATHER_MS = 2;
/** Batches of answers that may wait to be written before the stream stops sending to let them. */
const MAX_QUEUED_RECORDS = 2;

/**
 * The `webhook-delivery` jobs due now, as a stream (D-58): up to SVC_WEBHOOK_CONCURRENCY
 * attempts in flight, at most SVC_WEBHOOK_ENDPOINT_CONCURRENCY to one endpoint; a slot that frees
 * is filled at once, so one slow receiver holds its own slots and no one else's. A job is claimed
 * only when its attempt can start, so it finishes within one timeout, well inside its lease.
 * Reads and writes are shared by what is claimed together and by what finished together: the
 * successes of a round are recorded in one transaction. Returns how many jobs it ran.
 */
export async function runDeliveryStream(deps: AppDeps, first: JobRow, claimMore: ClaimMore): Promise<number> {
  const limit = deps.config.SVC_WEBHOOK_CONCURRENCY;
  const inFlight = new Map<number, Promise<void>>();
  const busy = new Map<string, number>();
  const deliveriesInFlight = new Set<string>();
  /** Jobs of a delivery already in flight (a resend beside its automatic attempt): they go after it. */
  const held: JobRow[] = [];
  const done: Sent[] = [];
  let ran = 0;
  let lookAgain = true;

  const admit = async (jobs: JobRow[]): Promise<void> => {
    const now: JobRow[] = [];
    const claimedDeliveries = new Set<string>();
    for (const job of jobs) {
      const deliveryId = parseDeliveryJob(job.payload).deliveryId;
      if (deliveriesInFlight.has(deliveryId) || claimedDeliveries.has(deliveryId)) held.push(job);
      else {
        claimedDeliveries.add(deliveryId);
        now.push(job);
      }
    }
    if (now.length === 0) return;
    ran += now.length;
    const { idle, work } = await prepare(deps, now);
    if (idle.length > 0)
      await completeJobs(
        deps.db,
        idle.map((job) => job.id),
        deps.clock.now(),
      );
    for (const item of work) {
      const group = item.delivery.endpointId;
      busy.set(group, (busy.get(group) ?? 0) + 1);
      deliveriesInFlight.add(item.delivery.id);
      const sending = send(deps, item).then((sent) => {
        inFlight.delete(item.job.id);
        done.push(sent);
      });
      inFlight.set(item.job.id, sending);
    }
  };

  // What finished is recorded while the next attempts are claimed and sent (another pooled
  // connection on PostgreSQL); the writes stay in order, one batch after another, so auto-disable
  // counts failures as they happened, and at most MAX_QUEUED_RECORDS wait behind the database.
  let recording: Promise<void> = Promise.resolve();
  let recordsQueued = 0;
  // An object, not a `let`: it is set inside the promise chain, which TypeScript's narrowing cannot see.
  const recordFailure: { failed: boolean; error?: unknown } = { failed: false };
  const recordLater = (finished: Sent[]): void => {
    recordsQueued++;
    recording = recording
      .then(() => record(deps, finished))
      .catch((error: unknown) => {
        if (!recordFailure.failed) Object.assign(recordFailure, { failed: true, error });
      })
      .finally(() => {
        recordsQueued--;
        for (const { work } of finished) deliveriesInFlight.delete(work.delivery.id);
      });
  };

  await admit([first]);
  for (;;) {
    // A batch that could not be written: stop; its jobs stay claimed and run again after their lease.
    if (recordFailure.failed) throw recordFailure.error;
    if (lookAgain && inFlight.size < limit) {
      const more = await claimMore(limit - inFlight.size, busy);
      lookAgain = more.length > 0;
      if (more.length > 0) {
        await admit(more);
        continue;
      }
    }
    if (inFlight.size === 0 && done.length === 0) {
      await recording;
      if (recordFailure.failed) throw recordFailure.error;
      if (held.length === 0) return ran;
      await admit(held.splice(0));
      continue;
    }
    if (done.length === 0) {
      await Promise.race(inFlight.values());
      // Answers tend to come back together: a moment's wait records them in one transaction and
      // refills their slots with one claim, instead of a round of statements per answer.
      await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
    }
    const finished = done.splice(0);
    // The slots are free as soon as the answers are in.
    for (const { work } of finished) {
      const group = work.delivery.endpointId;
      busy.set(group, (busy.get(group) ?? 1) - 1);
      if (busy.get(group) === 0) busy.delete(group);
    }
    recordLater(finished);
    if (recordsQueued > MAX_QUEUED_RECORDS) await recording;
    // Slots freed: more may be due by now (new events, or jobs another worker left).
    lookAgain = true;
    if (held.length > 0) await admit(held.splice(0));
  }
}

/** Reads the claimed jobs' deliveries and endpoints in one statement and numbers their attempts in another. */
async function prepare(deps: AppDeps, jobs: JobRow[]): Promise<{ idle: JobRow[]; work: Work[] }> {
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
  const current: Omit<Work, 'attemptNumber' | 'attemptedAt'>[] = [];
  for (const { job, payload } of payloads) {
    const row = byId.get(payload.deliveryId);
    if (row && isCurrent(payload, row.delivery)) current.push({ job, payload, delivery: row.delivery, endpoint: row.endpoint });
    else idle.push(job);
  }
  const attemptedAt = deps.clock.now();
  const numbers = await reserveAttemptNumbers(
    deps.db,
    current.map((item) => item.delivery.id),
  );
  return { idle, work: current.map((item) => ({ ...item, attemptedAt, attemptNumber: numbers.get(item.delivery.id) ?? 0 })) };
}

/** One attempt; never rejects: what broke is handed to `record`, which lets the job run again. */
async function send(deps: AppDeps, work: Work): Promise<Sent> {
  if (!isOpen(work.endpoint)) return { work, outcome: null };
  try {
    // D-79: nothing is sent to a listen session; `record` holds the attempt for its listener.
    if (work.endpoint.receiver === 'cli') return { work, outcome: null, held: true };
    return { work, outcome: await attempt(deps, work.delivery, work.endpoint) };
  } catch (error) {
    return { work, outcome: null, error };
  }
}

const attemptRecord = (work: Work, outcome: AttemptOutcome): AttemptRecord => ({
  deliveryId: work.delivery.id,
  attemptNumber: work.attemptNumber,
  attemptedAt: work.attemptedAt,
  outcome,
});

/** Writes what finished: every success in one transaction, then each failure on its own. */
async function record(deps: AppDeps, finished: Sent[]): Promise<void> {
  const succeeded = finished.filter((sent) => sent.outcome?.errorClass === null);
  if (succeeded.length > 0) {
    // One transaction: a worker that dies between recording a success and settling its delivery
    // would otherwise leave it pending with a success logged, and the retry after its lease would
    // log a second one. Now a crash leaves either both or neither (and then one more send:
    // receivers de-duplicate on deliveryId).
    await deps.db.transaction(async (tx) => {
      await recordAttempts(
        tx,
        succeeded.map(({ work, outcome }) => attemptRecord(work, outcome!)),
      );
      await resetFailures({ db: tx }, [...new Set(succeeded.map(({ work }) => work.delivery.endpointId))]);
      await settleDeliveries(
        tx,
        succeeded.map(({ work }) => work.delivery.id),
        'succeeded',
        deps.clock.now(),
      );
      await completeJobs(
        tx,
        succeeded.map(({ work }) => work.job.id),
        deps.clock.now(),
      );
    });
  }
  // Held for a listener: the attempt becomes its row and the job is done, together (D-79).
  const held = finished.filter((sent) => sent.held);
  if (held.length > 0)
    await deps.db.transaction(async (tx) => {
      for (const { work } of held) await holdForListener({ db: tx, clock: deps.clock }, work);
      await completeJobs(
        tx,
        held.map(({ work }) => work.job.id),
        deps.clock.now(),
      );
    });
  // The rest, one at a time: auto-disable must count failures in order.
  for (const { work, outcome, error, held: wasHeld } of finished) {
    if (outcome?.errorClass === null || wasHeld) continue;
    try {
      if (error !== undefined) throw error;
      if (outcome === null) {
        // Spec 3.6: a disabled or deleted endpoint's deliveries stop; nothing is sent and nothing counted.
        await recordAttempts(deps.db, [attemptRecord(work, { statusCode: null, durationMs: 0, errorClass: 'endpoint_disabled' })]);
        await settleDelivery(deps.db, work.delivery.id, 'failed', work.attemptedAt);
      } else {
        await recordAttempts(deps.db, [attemptRecord(work, outcome)]);
        await afterFailure(deps, work);
      }
      await completeJobs(deps.db, [work.job.id], deps.clock.now());
    } catch (failure) {
      deps.logger.error({ err: failure, jobId: work.job.id, deliveryId: work.delivery.id }, 'webhook delivery failed');
      await failJob(deps.db, work.job, failure, new Date(deps.clock.now().getTime() + 30_000));
    }
  }
}

function isOpen(endpoint: WebhookEndpointRow | null): endpoint is WebhookEndpointRow {
  return endpoint !== null && endpoint.enabled && endpoint.deletedAt === null;
}

/** The part of an attempt its outcome needs: the job's schedule step, the delivery, its number and time. */
export type AttemptOf = Pick<Work, 'payload' | 'delivery' | 'attemptNumber' | 'attemptedAt'>;

/**
 * One attempt's outcome recorded as the stream records it (one success settles; a failure counts and
 * continues the schedule): for attempts whose answer arrives later, from a command-line listener (D-79).
 */
export async function recordOutcome(deps: AppDeps, work: AttemptOf, outcome: AttemptOutcome): Promise<void> {
  const record: AttemptRecord = { deliveryId: work.delivery.id, attemptNumber: work.attemptNumber, attemptedAt: work.attemptedAt, outcome };
  if (outcome.errorClass === null) {
    await deps.db.transaction(async (tx) => {
      await recordAttempts(tx, [record]);
      await resetFailures({ db: tx }, [work.delivery.endpointId]);
      await settleDeliveries(tx, [work.delivery.id], 'succeeded', deps.clock.now());
    });
    return;
  }
  await recordAttempts(deps.db, [record]);
  await afterFailure(deps, work);
}

/** A failed attempt: counted towards auto-disable, then the next attempt queued or the delivery settled. */
async function afterFailure(deps: AppDeps, { payload, delivery, attemptedAt }: AttemptOf): Promise<void> {
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
