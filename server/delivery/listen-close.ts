// D-79: the end of an attempt held for a command-line listener: the answer it reported, or a timeout
// when nobody collected it in time or its lease ran out. Either way the attempt is closed once, and
// its outcome recorded exactly as the delivery stream records an HTTP attempt's: a 2xx settles the
// delivery, anything else counts towards disabling and continues the retry schedule.
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { listenAttempts, webhookDeliveries } from '../store/schema/index.js';
import type { ListenAttemptRow } from '../store/schema/listen.js';
import type { JobRow } from '../store/schema/jobs.js';
import { LISTEN_HOLD_SECONDS } from '../../schemas/cli/index.js';
import { recordAttempts } from './attempts.js';
import { recordOutcome } from './delivery.js';
import type { AttemptOutcome } from './post.js';

/** Which open state the attempt must still be in: within its lease (a report), past it (its timeout), or never collected. */
export type ListenAttemptState = 'in-lease' | 'lease-over' | 'held';

/**
 * Closes the attempt if it is still open as expected and records its outcome, in one transaction;
 * false when it was closed already (reported, or timed out) or moved on (collected meanwhile).
 */
export async function closeListenAttempt(
  deps: AppDeps,
  attempt: ListenAttemptRow,
  outcome: AttemptOutcome,
  expect: ListenAttemptState,
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const state =
      expect === 'held'
        ? isNull(listenAttempts.leasedUntil)
        : expect === 'lease-over'
          ? lte(listenAttempts.leasedUntil, now)
          : gt(listenAttempts.leasedUntil, now);
    const [closed] = await tx
      .update(listenAttempts)
      .set({ closedAt: now })
      .where(and(eq(listenAttempts.id, attempt.id), isNull(listenAttempts.closedAt), state))
      .returning({ id: listenAttempts.id });
    if (!closed) return false;
    const [delivery] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, attempt.deliveryId)).limit(1);
    if (!delivery) return true;
    const attemptedAt = attempt.collectedAt ?? attempt.heldAt;
    // A delivery stopped meanwhile (its session disabled) keeps the attempt in its log and nothing else.
    if (delivery.status !== 'pending' && !attempt.manual) {
      await recordAttempts(tx, [{ deliveryId: delivery.id, attemptNumber: attempt.attemptNumber, attemptedAt, outcome }]);
      return true;
    }
    await recordOutcome(
      { ...deps, db: tx },
      {
        delivery,
        attemptNumber: attempt.attemptNumber,
        attemptedAt,
        payload: {
          deliveryId: delivery.id,
          step: attempt.step,
          ...(attempt.dueAt ? { dueAt: attempt.dueAt.toISOString() } : {}),
          manual: attempt.manual,
          reopened: attempt.reopened,
        },
      },
      outcome,
    );
    return true;
  });
}

/** How long a timed-out attempt waited, within the attempt log's integer column. */
function waitedMs(attempt: ListenAttemptRow, now: Date): number {
  const since = (attempt.collectedAt ?? attempt.heldAt).getTime();
  return Math.min(2_147_483_647, Math.max(0, now.getTime() - since));
}

/**
 * The `listen-attempt-expiry` job: queued when an attempt is held (due after LISTEN_HOLD_SECONDS) and
 * when it is leased (due when the lease ends). Whichever finds the attempt still open past its time
 * closes it as a `timeout`; a job that comes early (the attempt was collected meanwhile) does nothing.
 */
export async function expireListenAttempt(deps: AppDeps, job: JobRow): Promise<void> {
  const attemptId = String(job.payload.attemptId);
  const [attempt] = await deps.db.select().from(listenAttempts).where(eq(listenAttempts.id, attemptId)).limit(1);
  if (!attempt || attempt.closedAt) return;
  const now = deps.clock.now();
  const timeout: AttemptOutcome = { statusCode: null, durationMs: waitedMs(attempt, now), errorClass: 'timeout' };
  if (attempt.leasedUntil) {
    if (attempt.leasedUntil.getTime() <= now.getTime()) await closeListenAttempt(deps, attempt, timeout, 'lease-over');
    return;
  }
  if (attempt.heldAt.getTime() + LISTEN_HOLD_SECONDS * 1000 <= now.getTime()) await closeListenAttempt(deps, attempt, timeout, 'held');
}
