// Idempotency-Key (D-18), one reusable piece: a "started" record claimed under a unique key scoped to
// account and environment, then the finished response stored and replayed (the Stripe pattern).
import { createHash } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { idempotencyRecords } from '../store/schema.js';
import type { Caller } from './context.js';
import { apiErrorBody, form484ErrorBody, type HttpResult } from './responses.js';
import type { ErrorFamily } from '../../schemas/common/errors.js';

export const MAX_KEY_LENGTH = 255;
const RETENTION_MS = 24 * 3600_000;
/** A started record older than this belongs to a request that died; a retry may take it over. */
const LOCK_MS = 60_000;

export function requestFingerprint(operationId: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${operationId}\n${path}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

function conflict(family: ErrorFamily, status: number, code: string, message: string): HttpResult {
  const body = family === 'form484' ? form484ErrorBody([{ code, field: '', message }]) : apiErrorBody(code, message);
  return { status, body };
}

export function checkKeyHeader(family: ErrorFamily, key: string | undefined, required: boolean): HttpResult | null {
  if (key === undefined || key === '') {
    return required ? conflict(family, 400, 'idempotency_key_required', 'This request needs an Idempotency-Key header.') : null;
  }
  if (key.length > MAX_KEY_LENGTH)
    return conflict(family, 400, 'idempotency_key_invalid', `Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters.`);
  return null;
}

export type Claim = { kind: 'run'; recordId: number } | { kind: 'answer'; result: HttpResult };

export async function claimKey(
  deps: AppDeps,
  caller: Caller,
  family: ErrorFamily,
  key: string,
  operationId: string,
  fingerprint: string,
): Promise<Claim> {
  const now = deps.clock.now();
  const scope = and(
    eq(idempotencyRecords.accountId, caller.account.id),
    eq(idempotencyRecords.environment, caller.environment),
    eq(idempotencyRecords.key, key),
  );
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await deps.db
      .insert(idempotencyRecords)
      .values({
        accountId: caller.account.id,
        environment: caller.environment,
        key,
        operationId,
        requestHash: fingerprint,
        state: 'started',
        lockedUntil: new Date(now.getTime() + LOCK_MS),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RETENTION_MS),
      })
      .onConflictDoNothing()
      .returning({ id: idempotencyRecords.id });
    if (inserted[0]) return { kind: 'run', recordId: inserted[0].id };

    const [existing] = await deps.db.select().from(idempotencyRecords).where(scope).limit(1);
    if (!existing) continue;
    if (existing.expiresAt.getTime() <= now.getTime()) {
      await deps.db.delete(idempotencyRecords).where(eq(idempotencyRecords.id, existing.id));
      continue;
    }
    if (existing.requestHash !== fingerprint || existing.operationId !== operationId) {
      return {
        kind: 'answer',
        result: conflict(family, 409, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request.'),
      };
    }
    if (existing.state === 'finished') {
      return {
        kind: 'answer',
        result: {
          status: existing.responseStatus ?? 200,
          body: existing.responseBody === null ? undefined : (JSON.parse(existing.responseBody) as unknown),
          headers: { ...(existing.responseHeaders ?? {}), 'Idempotent-Replayed': 'true' },
        },
      };
    }
    if (existing.lockedUntil.getTime() > now.getTime()) {
      return {
        kind: 'answer',
        result: conflict(family, 409, 'request_in_progress', 'A request with this Idempotency-Key is still being processed.'),
      };
    }
    // The first request died between start and finish: take its record over, atomically.
    const taken = await deps.db
      .update(idempotencyRecords)
      .set({ lockedUntil: new Date(now.getTime() + LOCK_MS) })
      .where(and(eq(idempotencyRecords.id, existing.id), eq(idempotencyRecords.state, 'started'), lte(idempotencyRecords.lockedUntil, now)))
      .returning({ id: idempotencyRecords.id });
    if (taken[0]) return { kind: 'run', recordId: taken[0].id };
  }
  return {
    kind: 'answer',
    result: conflict(family, 409, 'request_in_progress', 'A request with this Idempotency-Key is still being processed.'),
  };
}

/** Stores the outcome for replay; a 5xx is not stored, so a retry can still succeed. */
export async function finishKey(deps: AppDeps, recordId: number, result: HttpResult): Promise<void> {
  if (result.status >= 500) {
    await deps.db.delete(idempotencyRecords).where(eq(idempotencyRecords.id, recordId));
    return;
  }
  const headers = Object.fromEntries(Object.entries(result.headers ?? {}).filter(([name]) => name.toLowerCase() === 'location'));
  await deps.db
    .update(idempotencyRecords)
    .set({
      state: 'finished',
      responseStatus: result.status,
      responseHeaders: headers,
      responseBody: result.body === undefined ? null : JSON.stringify(result.body),
    })
    .where(eq(idempotencyRecords.id, recordId));
}

/** Removes records whose 24 hours are over (expired at `expiresAt`, as claimKey treats them). */
export async function pruneIdempotencyRecords(deps: AppDeps): Promise<number> {
  const removed = await deps.db
    .delete(idempotencyRecords)
    .where(lte(idempotencyRecords.expiresAt, deps.clock.now()))
    .returning({ id: idempotencyRecords.id });
  return removed.length;
}
