// Form 484 status moves and their D-46 events. Every move goes through moveForm484 inside a
// transaction holding the row lock, so the new status and its deliveries commit together (outbox)
// and two concurrent moves cannot both announce the same transition.
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import type { Environment } from '../../ids.js';
import { newId } from '../../ids.js';
import type { Database } from '../../store/db.js';
import { form484Lodgements } from '../../store/schema/index.js';
import { emitEvent } from '../../delivery/events.js';
import { NotFoundError } from '../errors.js';
import {
  FORM484_EVENT,
  FORM484_INTERACTION,
  FORM484_NOTIFIABLE_STATUSES,
  type Form484StatusValue,
} from '../../../schemas/form484/index.js';
import type { Form484Row } from '../../store/schema/form484.js';

export function isForm484Notifiable(status: string): boolean {
  return (FORM484_NOTIFIABLE_STATUSES as readonly string[]).includes(status);
}

/** The 6.1 payload (D-46) without `deliveryId`, which emitEvent adds per endpoint. */
export function form484EventPayload(row: Form484Row, at: Date): Record<string, unknown> {
  return {
    event: FORM484_EVENT,
    requestId: row.requestId,
    interaction: FORM484_INTERACTION,
    status: row.status,
    timestamp: at.toISOString(),
    entityName: row.companyName,
    acn: row.acn,
  };
}

/** Reads a lodgement and locks it until the surrounding transaction ends. */
export async function lockForm484(db: Database, requestId: number): Promise<Form484Row | undefined> {
  if (!Number.isSafeInteger(requestId)) return undefined;
  const [row] = await db.select().from(form484Lodgements).where(eq(form484Lodgements.requestId, requestId)).for('update').limit(1);
  return row;
}

/**
 * Moves a locked lodgement. `finished` also makes its document available (a capability token for
 * the document URL). A move into a notifiable status emits `form484.status_changed` to the
 * account's endpoints of the lodgement's environment only.
 */
export async function moveForm484(db: Database, clock: Clock, row: Form484Row, status: Form484StatusValue): Promise<Form484Row> {
  if (row.status === status) return row;
  const now = clock.now();
  const finished = status === 'finished' ? { documentToken: newId('doc'), finishedAt: now } : {};
  const [moved] = await db
    .update(form484Lodgements)
    .set({ status, updatedAt: now, ...finished })
    .where(eq(form484Lodgements.requestId, row.requestId))
    .returning();
  if (!moved) throw new Error(`Form 484 lodgement ${row.requestId} vanished while locked`);
  if (isForm484Notifiable(status)) {
    await emitEvent(db, clock, {
      accountId: moved.accountId,
      environment: moved.environment as Environment,
      event: FORM484_EVENT,
      payload: form484EventPayload(moved, now),
    });
  }
  return moved;
}

/**
 * Operator API (issue 15): any status, from any status, with its D-46 event. The regulator's queued
 * step names the status it expected, so it moves nothing once the operator has moved the lodgement.
 */
export async function setForm484Status({
  ctx,
  input,
}: {
  ctx: { db: Database; clock: Clock };
  input: { requestId: number; status: Form484StatusValue };
}): Promise<Form484Row> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockForm484(tx, input.requestId);
    if (!row) throw new NotFoundError('Form 484 lodgement');
    return moveForm484(tx, ctx.clock, row, input.status);
  });
}
