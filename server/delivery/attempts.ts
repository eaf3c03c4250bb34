// The delivery log's writes: every attempt gets a row (D-22), numbered in the order it was made.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
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

/** reserveAttemptNumber for many deliveries in one statement: delivery id to its attempt's number. */
export async function reserveAttemptNumbers(db: Database, deliveryIds: readonly string[]): Promise<Map<string, number>> {
  if (deliveryIds.length === 0) return new Map();
  const rows = await db
    .update(webhookDeliveries)
    .set({ attemptCount: sql`${webhookDeliveries.attemptCount} + 1` })
    .where(inArray(webhookDeliveries.id, [...deliveryIds]))
    .returning({ id: webhookDeliveries.id, attemptCount: webhookDeliveries.attemptCount });
  return new Map(rows.map((row) => [row.id, row.attemptCount]));
}

export interface AttemptRecord {
  deliveryId: string;
  attemptNumber: number;
  attemptedAt: Date;
  outcome: AttemptOutcome;
}

/** Many attempts' rows in one statement. */
export async function recordAttempts(db: Database, records: readonly AttemptRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.insert(webhookAttempts).values(
    records.map(({ deliveryId, attemptNumber, attemptedAt, outcome }) => ({
      deliveryId,
      attemptNumber,
      attemptedAt,
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      errorClass: outcome.errorClass,
    })),
  );
}

export async function recordAttempt(
  db: Database,
  deliveryId: string,
  attemptNumber: number,
  attemptedAt: Date,
  outcome: AttemptOutcome,
): Promise<void> {
  await recordAttempts(db, [{ deliveryId, attemptNumber, attemptedAt, outcome }]);
}

export async function settleDelivery(db: Database, deliveryId: string, status: 'succeeded' | 'failed', at: Date): Promise<void> {
  await settleDeliveries(db, [deliveryId], status, at);
}

export async function settleDeliveries(
  db: Database,
  deliveryIds: readonly string[],
  status: 'succeeded' | 'failed',
  at: Date,
): Promise<void> {
  if (deliveryIds.length === 0) return;
  await db
    .update(webhookDeliveries)
    .set({ status, nextAttemptAt: null, finishedAt: at })
    .where(inArray(webhookDeliveries.id, [...deliveryIds]));
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
