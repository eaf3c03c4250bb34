// Check "retry_schedule": a failing endpoint followed through the whole retry schedule to its
// disabling, by the document's own table (`x-retry-schedule` on a delivery's `attempts`, D-76). With
// the operator token and a manual clock, the runner registers the built-in receiver's `fail` URL
// (D-59: it answers 500), makes deliveries with simulated monitoring events and moves the clock by
// each retry's delay: each attempt comes, none early or late by its own time, the sixth
// leaves the delivery `failed` with no next attempt, and the failure that makes the count reach the
// limit disables the endpoint (`enabled` false, `disabledReason`, the owner mailed), after which no
// event is attempted.
import { atPointer } from '../document.js';
import { receiverUrl, usesReceiver } from '../sandbox-values.js';
import type { Evaluation } from '../session.js';
import type { JsonObject } from '../types.js';
import { admin, advance, call, clockMode, isSuccess, jsonOf, operation, skip, verdict, type PartnerContext } from './context.js';
import { activeEntity, simulateChange } from './monitoring.js';

/** Seconds either side of its due time an attempt may be timestamped (a job runs once its time has come). */
const EARLY_MARGIN = 2;

export interface RetrySchedule {
  delaysSeconds: number[];
  disableEndpointAfterFailures: number;
}

/** The first `x-retry-schedule` among the document's component schemas. */
export function retrySchedule(doc: JsonObject): RetrySchedule | undefined {
  const found: RetrySchedule[] = [];
  const walk = (value: unknown, depth: number) => {
    if (depth > 12 || !value || typeof value !== 'object' || found.length > 0) return;
    const rule = (value as JsonObject)['x-retry-schedule'] as Partial<RetrySchedule> | undefined;
    if (
      rule &&
      Array.isArray(rule.delaysSeconds) &&
      rule.delaysSeconds.every((delay) => typeof delay === 'number') &&
      typeof rule.disableEndpointAfterFailures === 'number'
    )
      found.push(rule as RetrySchedule);
    for (const item of Object.values(value)) walk(item, depth + 1);
  };
  walk(atPointer(doc, '/components/schemas'), 0);
  return found[0];
}

interface Attempt {
  attemptNumber: number;
  attemptedAt: string;
  errorClass: string | null;
}

interface Delivery {
  deliveryId: string;
  status: string;
  attemptCount: number;
  nextAttemptAt: string | null;
  attempts: Attempt[];
}

/** The problems of one delivery's attempts against the schedule (gaps in seconds). */
export function gapProblems(delivery: Delivery, delays: number[]): string[] {
  const problems: string[] = [];
  const times = delivery.attempts.map((attempt) => Date.parse(attempt.attemptedAt));
  for (let i = 1; i < times.length && i < delays.length; i++) {
    const gap = (times[i]! - times[i - 1]!) / 1000;
    if (Math.abs(gap - delays[i]!) > EARLY_MARGIN)
      problems.push(`${delivery.deliveryId}: attempt ${i + 1} came ${gap} s after attempt ${i}; the schedule says ${delays[i]} s`);
  }
  return problems;
}

export async function checkRetrySchedule(ctx: PartnerContext): Promise<void> {
  const schedule = retrySchedule(ctx.doc);
  const create = operation(ctx, 'createWebhookEndpoint');
  const list = operation(ctx, 'listWebhookDeliveries');
  const endpoints = operation(ctx, 'listWebhookEndpoints');
  const remove = operation(ctx, 'deleteWebhookEndpoint');
  if (!schedule || !create || !list || !endpoints) return skip(ctx, 'retry_schedule', 'the document states no x-retry-schedule');
  if (!ctx.session.adminToken || !ctx.accountId) return skip(ctx, 'retry_schedule', 'needs --admin-token (the clock and the owner mails)');
  if (!usesReceiver(ctx.session.baseUrl)) return skip(ctx, 'retry_schedule', 'needs a test prefix (the built-in receiver)');
  const mode = await clockMode(ctx);
  if (mode === 'kept') return skip(ctx, 'retry_schedule', 'this run may not move the service clock (keepClock)');
  if (mode !== 'manual') return skip(ctx, 'retry_schedule', 'needs a manual service clock (SVC_CLOCK=manual)');
  const delays = schedule.delaysSeconds;
  const limit = schedule.disableEndpointAfterFailures;
  const created = await call(ctx, create, { body: { url: receiverUrl(ctx.session.baseUrl, 'fail'), eventTypes: ['*'] } });
  const hookId = jsonOf(created.response).id;
  if (typeof hookId !== 'string') return skip(ctx, 'retry_schedule', `createWebhookEndpoint answered ${created.response.status}`);
  const problems: string[] = [];
  let evidence: Evaluation = created;
  try {
    const entityId = await activeEntity(ctx);
    if (entityId === undefined) return skip(ctx, 'retry_schedule', 'no active test entity to make events with');
    const read = async (): Promise<Delivery[]> => {
      evidence = await call(ctx, list, { path: { id: hookId }, query: { perPage: 100 } });
      const data = jsonOf(evidence.response).data;
      return Array.isArray(data) ? (data as Delivery[]) : [];
    };
    const endpoint = async (): Promise<JsonObject | undefined> => {
      const answer = await call(ctx, endpoints, { query: { perPage: 100 } });
      const data = jsonOf(answer.response).data;
      return Array.isArray(data) ? (data as JsonObject[]).find((row) => row.id === hookId) : undefined;
    };
    const countOf = (deliveries: Delivery[], ids: string[]) =>
      deliveries.filter((d) => ids.includes(d.deliveryId)).map((d) => d.attemptCount);
    /**
     * Moves the clock by each next delay: every delivery must have had that attempt by then. Whether
     * an attempt came early or late is judged by the attempts' own times (gapProblems): another run
     * may move the same clock meanwhile, so the counts can only be said to be at least so many.
     */
    const walk = async (ids: string[], from: number, steps: number) => {
      for (let step = from; step < steps; step++) {
        await advance(ctx, delays[step]!);
        const counts = countOf(await read(), ids);
        if (counts.some((count) => count < step + 1))
          problems.push(
            `${delays[step]} s after attempt ${step}, the deliveries' attempt counts are ${counts.join(', ')}; expected ${step + 1}`,
          );
      }
    };

    // Whole deliveries that stay below the limit, in step with each other.
    const whole = Math.max(1, Math.floor((limit - 1) / delays.length));
    for (let i = 0; i < whole; i++) await simulateChange(ctx, entityId);
    await advance(ctx, 1);
    const first = (await read()).map((delivery) => delivery.deliveryId);
    if (first.length !== whole) problems.push(`${whole} events made ${first.length} deliveries to the endpoint`);
    await walk(first, 1, delays.length);
    await advance(ctx, Math.max(...delays));
    const done = (await read()).filter((delivery) => first.includes(delivery.deliveryId));
    for (const delivery of done) {
      problems.push(...gapProblems(delivery, delays));
      if (delivery.attemptCount !== delays.length || delivery.status !== 'failed' || delivery.nextAttemptAt !== null)
        problems.push(
          `${delivery.deliveryId} after the schedule: ${delivery.attemptCount} attempts, status ${delivery.status}, nextAttemptAt ${delivery.nextAttemptAt}; expected ${delays.length}, failed, null`,
        );
    }
    const failures = whole * delays.length;
    const before = await endpoint();
    if (before?.enabled !== true || before.consecutiveFailures !== failures)
      problems.push(
        `after ${failures} failed attempts the endpoint shows enabled ${String(before?.enabled)}, consecutiveFailures ${String(before?.consecutiveFailures)}`,
      );

    // One more delivery, to the attempt that reaches the limit.
    const remaining = limit - failures;
    await simulateChange(ctx, entityId);
    await advance(ctx, 1);
    const last = (await read()).map((delivery) => delivery.deliveryId).filter((id) => !first.includes(id));
    if (remaining > 1) {
      await walk(last, 1, remaining - 1);
      const still = await endpoint();
      const exactly = countOf(await read(), last).every((count) => count === remaining - 1);
      if (exactly && still?.enabled !== true)
        problems.push(`the endpoint was disabled after ${limit - 1} failed attempts, before the limit of ${limit}`);
      await walk(last, remaining - 1, remaining);
    }
    const after = await endpoint();
    if (after?.enabled !== false || typeof after.disabledReason !== 'string')
      problems.push(
        `after ${limit} failed attempts in a row the endpoint shows enabled ${String(after?.enabled)}, disabledReason ${String(after?.disabledReason)}`,
      );
    const mails = await admin(ctx, 'GET', `/admin/accounts/${ctx.accountId}/mails`);
    const mailed = mails?.status === 200 && JSON.stringify(jsonOf(mails).data ?? []).includes(hookId);
    if (!mailed) problems.push(`no mail to the account owner names the disabled endpoint ${hookId}`);

    // Disabled: the rest of that delivery stops, and a new event is not attempted.
    await simulateChange(ctx, entityId);
    await advance(ctx, Math.max(...delays) + 1);
    const tried = (await read()).flatMap((delivery) =>
      delivery.attempts.slice(delivery.deliveryId === last[0] ? remaining : first.includes(delivery.deliveryId) ? delays.length : 0),
    );
    const sent = tried.filter((attempt) => attempt.errorClass !== 'endpoint_disabled');
    const lastDelivery = (await read()).find((delivery) => delivery.deliveryId === last[0]);
    if (lastDelivery) problems.push(...gapProblems({ ...lastDelivery, attempts: lastDelivery.attempts.slice(0, remaining) }, delays));
    if (sent.length > 0) problems.push(`${sent.length} attempt(s) were made to the endpoint after it was disabled`);
    ctx.session.record(list.id, verdict('retry_schedule', problems), evidence);
  } finally {
    if (remove) {
      const removed = await call(ctx, remove, { path: { id: hookId } });
      if (!isSuccess(removed.response.status))
        ctx.log(`  partner: could not delete webhook endpoint ${hookId}: ${removed.response.status}`);
    }
  }
}
