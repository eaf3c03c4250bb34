// Collecting and reporting the attempts held for a listen session (D-79). Collect leases what waits,
// signed now with the session secret and the wall clock (D-62), so a listener that restarts an hour
// later still forwards signatures inside every verifier's tolerance. A lease not reported in time
// is a timeout (server/delivery/listen-close.ts), so a lost connection loses nothing.
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { enqueueAll } from '../../jobs/queue.js';
import { listenAttempts, webhookDeliveries } from '../../store/schema/index.js';
import type { ListenAttemptRow } from '../../store/schema/listen.js';
import { signedHeaders } from '../../delivery/delivery.js';
import { LISTEN_EXPIRY_JOB } from '../../delivery/listen-hold.js';
import { closeListenAttempt } from '../../delivery/listen-close.js';
import { classifyStatus, type AttemptOutcome } from '../../delivery/post.js';
import { DomainError, NotFoundError, ValidationError, addProblem, emptyProblems } from '../errors.js';
import type { VerbArgs } from '../verb.js';
import { LISTEN_LEASE_SECONDS, type ListenAttempt, type ListenAttemptResult } from '../../../schemas/cli/index.js';
import { findOwnedSession, type ListenContext, type OwnedSession } from './sessions.js';

export type ListenAttemptView = z.infer<typeof ListenAttempt>;
export type ListenAttemptResultView = z.infer<typeof ListenAttemptResult>;
type AttemptContext = AppDeps & ListenContext;

/**
 * Between two looks at the table while a long poll waits. Each look is one short statement on a pooled
 * connection, given back at once: a waiting poll holds no connection and no worker, and sees rows
 * written by any process.
 */
const POLL_INTERVAL_MS = 250;

/** Leases up to `limit` waiting attempts of the session, oldest first, in one statement. */
async function leaseWaiting(ctx: AttemptContext, sessionId: string, limit: number): Promise<ListenAttemptRow[]> {
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + LISTEN_LEASE_SECONDS * 1000);
  const waiting = ctx.db
    .select({ id: listenAttempts.id })
    .from(listenAttempts)
    .where(
      and(
        eq(listenAttempts.sessionId, sessionId),
        isNull(listenAttempts.closedAt),
        isNull(listenAttempts.leasedUntil),
        // A delivery stopped meanwhile (its session disabled) is not forwarded; its hold times out.
        or(
          eq(listenAttempts.manual, true),
          sql`exists (select 1 from ${webhookDeliveries} where ${webhookDeliveries.id} = ${listenAttempts.deliveryId} and ${webhookDeliveries.status} = 'pending')`,
        ),
      ),
    )
    .orderBy(asc(listenAttempts.heldAt), asc(listenAttempts.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const leased = await ctx.db
    .update(listenAttempts)
    .set({ leasedUntil: until, collectedAt: now })
    .where(and(inArray(listenAttempts.id, waiting), isNull(listenAttempts.closedAt), isNull(listenAttempts.leasedUntil)))
    .returning();
  if (leased.length === 0) return [];
  await enqueueAll(
    ctx.db,
    leased.map((row) => ({ name: LISTEN_EXPIRY_JOB, payload: { attemptId: row.id }, runAt: until })),
    now,
  );
  return leased.sort((a, b) => a.heldAt.getTime() - b.heldAt.getTime() || a.id.localeCompare(b.id));
}

async function viewsOf(ctx: AttemptContext, owned: OwnedSession, leased: ListenAttemptRow[]): Promise<ListenAttemptView[]> {
  if (leased.length === 0) return [];
  const deliveries = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.id,
        leased.map((row) => row.deliveryId),
      ),
    );
  const byId = new Map(deliveries.map((row) => [row.id, row]));
  const views: ListenAttemptView[] = [];
  for (const row of leased) {
    const delivery = byId.get(row.deliveryId);
    if (!delivery) continue;
    views.push({
      attemptId: row.id,
      deliveryId: delivery.id,
      eventType: delivery.event as ListenAttemptView['eventType'],
      attemptNumber: row.attemptNumber,
      leaseExpiresAt: row.leasedUntil!.toISOString(),
      headers: await signedHeaders(ctx, delivery, owned.endpoint),
      body: delivery.body,
    });
  }
  return views;
}

export interface CollectInput {
  sessionId: string;
  wait?: number | undefined;
  limit?: number | undefined;
}

/** What waits for the session now, or, with `wait`, as soon as something arrives within that many seconds. */
export async function collectAttempts({ ctx, input }: VerbArgs<AttemptContext, CollectInput>): Promise<ListenAttemptView[]> {
  const owned = await findOwnedSession(ctx, input.sessionId);
  const limit = input.limit ?? 10;
  // Real time, not the service clock: how long a connection stays open is the transport's matter,
  // and a manual clock would never end the wait.
  const deadline = performance.now() + Math.min(input.wait ?? 0, ctx.config.SVC_LONG_POLL_MAX_SECONDS) * 1000;
  for (;;) {
    const leased = await leaseWaiting(ctx, owned.session.id, limit);
    if (leased.length > 0) return viewsOf(ctx, owned, leased);
    const left = deadline - performance.now();
    if (left <= 0) return [];
    await delay(Math.min(POLL_INTERVAL_MS, left));
  }
}

export interface ReportInput {
  sessionId: string;
  attemptId: string;
  status?: number | undefined;
  error?: string | undefined;
  durationMs: number;
}

function outcomeOf(input: ReportInput): AttemptOutcome {
  if (input.status !== undefined)
    return { statusCode: input.status, durationMs: input.durationMs, errorClass: classifyStatus(input.status) };
  return { statusCode: null, durationMs: input.durationMs, errorClass: 'connection_error' };
}

function attemptClosed(why: string): DomainError {
  return new DomainError('attempt_closed', `This attempt is closed: ${why}.`);
}

/** Records the local answer to a leased attempt, as the attempt log of any endpoint records an answer. */
export async function reportAttempt({ ctx, input }: VerbArgs<AttemptContext, ReportInput>): Promise<ListenAttemptResultView> {
  if ((input.status === undefined) === (input.error === undefined)) {
    const problems = emptyProblems();
    addProblem(problems, 'status', { code: 'required', message: 'Send exactly one of status and error.' });
    throw new ValidationError(problems);
  }
  const owned = await findOwnedSession(ctx, input.sessionId);
  const [attempt] = await ctx.db
    .select()
    .from(listenAttempts)
    .where(and(eq(listenAttempts.id, input.attemptId), eq(listenAttempts.sessionId, owned.session.id)))
    .limit(1);
  // Only what this session handed out exists for its caller.
  if (!attempt || !attempt.collectedAt || !attempt.leasedUntil) throw new NotFoundError('attempt of this listen session');
  if (attempt.closedAt) throw attemptClosed('it was reported already, or its lease expired and it counted as a timeout');
  if (attempt.leasedUntil.getTime() <= ctx.clock.now().getTime()) {
    // Its timeout job may not have run yet: the attempt times out now, whatever the report says.
    const waited = ctx.clock.now().getTime() - attempt.collectedAt.getTime();
    await closeListenAttempt(
      ctx,
      attempt,
      { statusCode: null, durationMs: Math.min(2_147_483_647, waited), errorClass: 'timeout' },
      'lease-over',
    );
    throw attemptClosed('its lease expired and it counted as a timeout');
  }
  if (!(await closeListenAttempt(ctx, attempt, outcomeOf(input), 'in-lease'))) throw attemptClosed('it was reported already');
  const [delivery] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, attempt.deliveryId)).limit(1);
  const status = (delivery?.status ?? 'failed') as ListenAttemptResultView['deliveryStatus'];
  return {
    attemptId: attempt.id,
    deliveryId: attempt.deliveryId,
    attemptNumber: attempt.attemptNumber,
    deliveryStatus: status,
    nextAttemptAt: status === 'pending' && delivery?.nextAttemptAt ? delivery.nextAttemptAt.toISOString() : null,
  };
}
