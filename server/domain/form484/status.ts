// Form 484 status moves and their D-46 events: the Form 484 flow of the regulator (the mechanism,
// shared with the other lodgements, is lodgements/regulator-flow.ts). `finished` also makes the
// document available (a capability token for the document URL).
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { newId } from '../../ids.js';
import type { Database } from '../../store/db.js';
import { form484Lodgements } from '../../store/schema/index.js';
import { NotFoundError } from '../errors.js';
import { setStatus, type RegulatorFlow } from '../lodgements/regulator-flow.js';
import { unannouncedMove } from '../lodgements/unannounced-move.js';
import {
  FORM484_EVENT,
  FORM484_INTERACTION,
  FORM484_NOTIFIABLE_STATUSES,
  FORM484_STATUSES,
  type Form484StatusValue,
} from '../../../schemas/form484/index.js';
import type { Form484Row } from '../../store/schema/form484.js';
import type { VerbArgs } from '../verb.js';

/** Marks a regulator step as a Form 484's (the other lodgements' steps carry no `form`). */
export const FORM484_STEP = 'form484';

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

export const FORM484_FLOW: RegulatorFlow<Form484Row, Form484StatusValue> = {
  what: 'Form 484 lodgement',
  statuses: FORM484_STATUSES,
  lock: async (db, requestId) => {
    if (!Number.isSafeInteger(requestId)) return undefined;
    const [row] = await db.select().from(form484Lodgements).where(eq(form484Lodgements.requestId, requestId)).for('update').limit(1);
    return row;
  },
  write: async (db, row, status, now) => {
    const finished = status === 'finished' ? { documentToken: newId('doc'), finishedAt: now } : {};
    const [moved] = await db
      .update(form484Lodgements)
      .set({ status, updatedAt: now, ...finished })
      .where(eq(form484Lodgements.requestId, row.requestId))
      .returning();
    return moved;
  },
  announcement: (moved, at) =>
    isForm484Notifiable(moved.status) ? { event: FORM484_EVENT, payload: form484EventPayload(moved, at) } : null,
  nameOf: (row) => row.companyName,
  stepMarker: { form: FORM484_STEP },
  mayAnnounce: isForm484Notifiable,
  // Only `finished` writes more than the status (its document token), and `finished` announces.
  moveFrom: unannouncedMove('form484_move_from', form484Lodgements, form484Lodgements),
};

/**
 * Operator API: any status, from any status, with its D-46 event. The regulator's queued step names
 * the status it expected, so it moves nothing once the operator has moved the lodgement.
 */
export async function setForm484Status({
  ctx,
  input,
}: VerbArgs<{ db: Database; clock: Clock }, { requestId: number; status: Form484StatusValue }>): Promise<Form484Row> {
  const moved = await setStatus(FORM484_FLOW, ctx, input.requestId, input.status);
  if (!moved) throw new NotFoundError('Form 484 lodgement');
  return moved;
}
