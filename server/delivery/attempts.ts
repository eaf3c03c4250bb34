// The delivery log's writes: every attempt gets a row (D-22), numbered in the order it was made.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../store/db.js';
import { webhookAttempts, webhookDeliveries } from '../store/schema/index.js';
import type { AttemptOutcome } from './post.js';

/**
 * Takes the next attempt number with one atomic increment, before the request goes out, so two
 * workers that somehow ran the same delivery at once still write distinct, ordered rows.
 */
export async function reserveAttemptNumber(db: Database, deliveryId: string): Promise<number> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ attemptCount: sql`${webhookDeliveries.attemptCount} + 1` })
    .where(eq(webhookDeliveries.id, deliveryId))
    .returning({ attemptCount: webhookDeliveries.attemptCount });
  if (!row) throw new Error(`delivery ${deliveryId} vanished`);
  return row.attemptCount;
}

export async function recordAttempt(
  db: Database,
  deliveryId: string,
  attemptNumber: number,
  attemptedAt: Date,
  outcome: AttemptOutcome,
): Promise<void> {
  await db.insert(webhookAttempts).values({
    deliveryId,
    attemptNumber,
    attemptedAt,
    statusCode: outcome.statusCode,
    durationMs: outcome.durationMs,
    errorClass: outcome.errorClass,
  });
}

export async function settleDelivery(db: Database, deliveryId: string, status: 'succeeded' | 'failed', at: Date): Promise<void> {
  await db.update(webhookDeliveries).set({ status, nextAttemptAt: null, finishedAt: at }).where(eq(webhookDeliveries.id, deliveryId));
}

/**
 * Fails every pending delivery of an endpoint at once, each with an `endpoint_disabled` entry so the
 * log says why (spec 3.6: a disabled endpoint's deliveries stop at once). Their queued jobs then find
 * the delivery settled and do nothing. `exceptId` is the delivery whose own failure disabled it.
 */
export async function stopPendingDeliveries(db: Database, endpointId: string, at: Date, exceptId?: string): Promise<number> {
  const pending = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.status, 'pending'),
        exceptId ? ne(webhookDeliveries.id, exceptId) : sql`true`,
      ),
    );
  for (const { id } of pending) {
    const attemptNumber = await reserveAttemptNumber(db, id);
    await recordAttempt(db, id, attemptNumber, at, { statusCode: null, durationMs: 0, errorClass: 'endpoint_disabled' });
    await settleDelivery(db, id, 'failed', at);
  }
  return pending.length;
}
