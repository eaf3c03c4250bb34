// Status moves of the D-36 lodgements and their spec 6.1 events: the lodgements' flow of the regulator
// (the mechanism, shared with Form 484, is regulator-flow.ts).
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import type { Database } from '../../store/db.js';
import { lodgements } from '../../store/schema/index.js';
import { EVENT_BY_KIND, INTERACTION_BY_KIND, LODGEMENT_STATUSES, NOTIFIABLE_STATUSES } from '../../../schemas/lodgements/index.js';
import { lodgementNotFound, lodgementView, type LodgementKindName, type LodgementStatusName, type LodgementView } from './records.js';
import { setStatus, type RegulatorFlow } from './regulator-flow.js';
import { unannouncedMove } from './unannounced-move.js';
import type { LodgementRow } from '../../store/schema/lodgements.js';
import type { VerbArgs } from '../verb.js';

export function isNotifiable(kind: LodgementKindName, status: LodgementStatusName): boolean {
  return (NOTIFIABLE_STATUSES[kind] as readonly string[]).includes(status);
}

/** Whether a move into `status` announces an event for a lodgement of some kind. */
function notifiableForSomeKind(status: LodgementStatusName): boolean {
  return Object.values(NOTIFIABLE_STATUSES).some((statuses) => (statuses as readonly string[]).includes(status));
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
async function lockLodgement(db: Database, requestId: number): Promise<LodgementRow | undefined> {
  if (!Number.isSafeInteger(requestId)) return undefined;
  const [row] = await db.select().from(lodgements).where(eq(lodgements.requestId, requestId)).for('update').limit(1);
  return row;
}

export const LODGEMENT_FLOW: RegulatorFlow<LodgementRow, LodgementStatusName> = {
  what: 'lodgement',
  statuses: LODGEMENT_STATUSES,
  lock: lockLodgement,
  write: async (db, row, status, now) => {
    const [moved] = await db.update(lodgements).set({ status, updatedAt: now }).where(eq(lodgements.requestId, row.requestId)).returning();
    return moved;
  },
  announcement: (moved, at) => {
    const kind = moved.kind as LodgementKindName;
    return isNotifiable(kind, moved.status as LodgementStatusName)
      ? { event: EVENT_BY_KIND[kind], payload: statusEventPayload(moved, at) }
      : null;
  },
  nameOf: (row) => row.entityName,
  stepMarker: {},
  mayAnnounce: notifiableForSomeKind,
  moveFrom: unannouncedMove('lodgement_move_from', lodgements, lodgements),
};

/** Operator API: any status, from any status (D-36), so every 6.1 event can be produced on demand. */
export async function setLodgementStatus({
  ctx,
  input,
}: VerbArgs<Pick<AppDeps, 'db' | 'clock'>, { requestId: number; status: LodgementStatusName }>): Promise<LodgementView> {
  const moved = await setStatus(LODGEMENT_FLOW, ctx, input.requestId, input.status);
  if (!moved) throw lodgementNotFound();
  return lodgementView(moved);
}
