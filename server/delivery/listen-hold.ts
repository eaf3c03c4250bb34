// D-79: an attempt to a command-line listen session is not sent: it is held as a row until the CLI
// collects it (server/domain/cli/listen.ts) and reports the local answer (listen-close.ts). An
// attempt nobody collects within LISTEN_HOLD_SECONDS counts as a timeout, as an unanswered POST would.
import type { AppDeps } from '../deps.js';
import { enqueue } from '../jobs/queue.js';
import { newId } from '../ids.js';
import { listenAttempts } from '../store/schema/index.js';
import type { JobName } from '../../schemas/admin/clock.js';
import { LISTEN_HOLD_SECONDS } from '../../schemas/cli/index.js';
import type { WebhookDeliveryRow } from '../store/schema/webhooks.js';

export const LISTEN_EXPIRY_JOB = 'listen-attempt-expiry' satisfies JobName;

/** The delivery job's facts an attempt keeps while it waits (the payload of server/delivery/delivery.ts). */
export interface HeldWork {
  delivery: WebhookDeliveryRow;
  payload: { step?: number; dueAt?: string; manual?: boolean; reopened?: boolean };
  attemptNumber: number;
  attemptedAt: Date;
}

/** Holds one attempt for the session's listener, and queues the check that times it out if nobody comes (run it in a transaction). */
export async function holdForListener(deps: Pick<AppDeps, 'db' | 'clock'>, work: HeldWork): Promise<string> {
  const id = newId('la');
  const heldAt = work.attemptedAt;
  await deps.db.insert(listenAttempts).values({
    id,
    sessionId: work.delivery.endpointId,
    deliveryId: work.delivery.id,
    attemptNumber: work.attemptNumber,
    step: work.payload.step ?? 1,
    dueAt: work.payload.dueAt ? new Date(work.payload.dueAt) : null,
    manual: work.payload.manual === true,
    reopened: work.payload.reopened === true,
    heldAt,
  });
  await enqueue(
    deps.db,
    { name: LISTEN_EXPIRY_JOB, payload: { attemptId: id }, runAt: new Date(heldAt.getTime() + LISTEN_HOLD_SECONDS * 1000) },
    deps.clock.now(),
  );
  return id;
}
