// Status moves and their spec 6.1 events. Every move (operator or simulated regulator) goes through
// moveLodgement inside a transaction that holds the row lock, so the new status and its deliveries
// commit together (outbox) and two concurrent moves cannot both announce the same transition.
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../store/db.js';
import { lodgements } from '../../store/schema/index.js';
import { emitEvent } from '../../delivery/events.js';
import type { Environment } from '../../ids.js';
import { EVENT_BY_KIND, INTERACTION_BY_KIND, NOTIFIABLE_STATUSES } from '../../../schemas/lodgements/index.js';
import { lodgementNotFound, lodgementView, type LodgementKindName, type LodgementStatusName, type LodgementView } from './records.js';
import type { LodgementRow } from '../../store/schema/lodgements.js';

export function isNotifiable(kind: LodgementKindName, status: LodgementStatusName): boolean {
  return (NOTIFIABLE_STATUSES[kind] as readonly string[]).includes(status);
}

/**
 * The 6.1 payload without `deliveryId` (emitEvent adds one per endpoint). Entity fields are left
 * out entirely when unset: the spec says omitted, never null.
 */
export function statusEventPayload(row: LodgementRow, at: Date): Record<string, unknown> {
  const kind = row.kind as LodgementKindName;
  return {
    event: EVENT_BY_KIND[kind],
    requestId: row.requestId,
    interaction: INTERACTION_BY_KIND[kind],
    status: row.status,
    timestamp: at.toISOString(),
    ...(row.entityName !== null ? { entityName: row.entityName } : {}),
    ...(row.acn !== null ? { acn: row.acn } : {}),
    ...(row.abn !== null ? { abn: row.abn } : {}),
  };
}

/** Reads a lodgement and locks it until the surrounding transaction ends. */
export async function lockLodgement(db: Database, requestId: number): Promise<LodgementRow | undefined> {
  if (!Number.isSafeInteger(requestId)) return undefined;
  const [row] = await db.select().from(lodgements).where(eq(lodgements.requestId, requestId)).for('update').limit(1);
  return row;
}

/**
 * Moves a locked lodgement. Setting the status it already has is not a transition: nothing changes
 * and nothing is sent. A move into a status notifiable for its kind emits that kind's event.
 */
export async function moveLodgement(db: Database, clock: Clock, row: LodgementRow, status: LodgementStatusName): Promise<LodgementRow> {
  if (row.status === status) return row;
  const now = clock.now();
  const [moved] = await db.update(lodgements).set({ status, updatedAt: now }).where(eq(lodgements.requestId, row.requestId)).returning();
  if (!moved) throw new Error(`lodgement ${row.requestId} vanished while locked`);
  const kind = moved.kind as LodgementKindName;
  if (isNotifiable(kind, status)) {
    await emitEvent(db, clock, {
      accountId: moved.accountId,
      environment: moved.environment as Environment,
      event: EVENT_BY_KIND[kind],
      payload: statusEventPayload(moved, now),
    });
  }
  return moved;
}

/** Operator API: any status, from any status (D-36), so every 6.1 event can be produced on demand. */
export async function setLodgementStatus({
  ctx,
  input,
}: {
  ctx: Pick<AppDeps, 'db' | 'clock'>;
  input: { requestId: number; status: LodgementStatusName };
}): Promise<LodgementView> {
  const moved = await ctx.db.transaction(async (tx) => {
    const row = await lockLodgement(tx, input.requestId);
    if (!row) throw lodgementNotFound();
    return moveLodgement(tx, ctx.clock, row, input.status);
  });
  return lodgementView(moved);
}
