// The monitoring jobs (names as the operator API lists them in JOBS): the daily and weekly register
// checks, expiry warnings and term ends run on the service clock, plus the first check of entities a
// live order or renewal just made (queued by the order itself, retried while the register is down),
// which first activates the entities of a live order that answered 202 `processing` (spec 3.4).
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { enqueue } from '../../jobs/queue.js';
import { readAvailability } from '../../registers/availability.js';
import { RegisterUnavailableError } from '../../registers/errors.js';
import { monitoredEntities, monitoringOrders } from '../../store/schema/index.js';
import { checkBatch, runRegisterCheck } from './checks.js';
import { runExpiryWarnings, runTermEnd } from './lifecycle.js';
import { MONITORING_SETUP_JOB } from './orders.js';
import type { JobRow } from '../../store/schema/jobs.js';

export const MONITORING_JOBS = {
  dailyCheck: 'monitoring-daily-check',
  weeklyCheck: 'monitoring-weekly-check',
  expiryWarnings: 'monitoring-expiry-warnings',
  termEnd: 'monitoring-term-end',
  setup: MONITORING_SETUP_JOB,
} as const;

/**
 * The round a run marks its rows with. A queued run keeps its job id across retries, so a retry after
 * a crash resumes the same round; a run asked for by the operator outside the queue is a round of its own.
 */
function roundOf(job: JobRow): string {
  return job.id > 0 ? `${job.name}:${job.id}` : `${job.name}:now:${randomUUID()}`;
}

export async function dailyCheckJob(deps: AppDeps, job: JobRow): Promise<void> {
  const totals = await runRegisterCheck(deps, 'daily', roundOf(job));
  deps.logger.info({ job: job.name, ...totals }, 'monitoring register check');
}

export async function weeklyCheckJob(deps: AppDeps, job: JobRow): Promise<void> {
  const totals = await runRegisterCheck(deps, 'weekly', roundOf(job));
  deps.logger.info({ job: job.name, ...totals }, 'monitoring register check');
}

export async function expiryWarningsJob(deps: AppDeps): Promise<void> {
  await runExpiryWarnings(deps);
}

export async function termEndJob(deps: AppDeps): Promise<void> {
  await runTermEnd(deps);
}

/** Backoff of a failed first check: 1, 2, 4 … minutes, at most an hour (D-39 "retried"). */
function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 60 * 2 ** Math.max(0, attempts - 1));
}

/** How long a paid order waits before activation is tried again while the sandbox switch is off. */
const ACTIVATION_RETRY_SECONDS = 60;

/**
 * Activates the entities of a paid live order left `processing` (spec 3.4), and completes the order.
 * False while activation is switched off (the operator's `monitoringActivation`).
 */
async function activateProcessing(deps: AppDeps, ids: number[], orderId: number | null): Promise<boolean> {
  const processing = and(inArray(monitoredEntities.id, ids), eq(monitoredEntities.status, 'processing'));
  const waiting = await deps.db.select({ id: monitoredEntities.id }).from(monitoredEntities).where(processing).limit(1);
  if (waiting.length === 0) return true;
  if (!(await readAvailability(deps.db)).monitoringActivation) return false;
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    await tx.update(monitoredEntities).set({ status: 'active', updatedAt: now }).where(processing);
    if (orderId !== null)
      await tx
        .update(monitoringOrders)
        .set({ status: 'completed', finishedAt: now })
        .where(and(eq(monitoringOrders.id, orderId), eq(monitoringOrders.status, 'processing')));
  });
  return true;
}

/** The first register check of new live entities; a register outage makes them `degraded` and retries. */
export async function setupJob(deps: AppDeps, job: JobRow): Promise<void> {
  const payload = job.payload as { entityIds?: unknown; orderId?: unknown };
  const ids = (payload.entityIds as number[] | undefined) ?? [];
  const orderId = typeof payload.orderId === 'number' ? payload.orderId : null;
  if (!(await activateProcessing(deps, ids, orderId))) {
    const now = deps.clock.now();
    await enqueue(
      deps.db,
      { name: MONITORING_SETUP_JOB, payload: job.payload, runAt: new Date(now.getTime() + ACTIVATION_RETRY_SECONDS * 1000) },
      now,
    );
    return;
  }
  try {
    await checkBatch(deps, ids, roundOf(job));
  } catch (error) {
    if (!(error instanceof RegisterUnavailableError)) throw error;
    const now = deps.clock.now();
    const degraded = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: monitoredEntities.id, attempts: monitoredEntities.setupAttempts })
        .from(monitoredEntities)
        .where(and(inArray(monitoredEntities.id, ids), eq(monitoredEntities.status, 'active'), isNull(monitoredEntities.register)))
        .for('update');
      if (rows.length === 0) return 0;
      const attempts = Math.max(...rows.map((row) => row.attempts)) + 1;
      await tx
        .update(monitoredEntities)
        .set({ monitoringStatus: 'degraded', setupAttempts: attempts, updatedAt: now })
        .where(
          inArray(
            monitoredEntities.id,
            rows.map((row) => row.id),
          ),
        );
      await enqueue(
        tx,
        {
          name: MONITORING_SETUP_JOB,
          payload: { entityIds: rows.map((row) => row.id) },
          runAt: new Date(now.getTime() + retryDelaySeconds(attempts) * 1000),
        },
        now,
      );
      return rows.length;
    });
    deps.logger.warn({ job: job.name, degraded, err: error }, 'monitoring setup: register unavailable, retrying');
  }
}
