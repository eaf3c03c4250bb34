// Idempotency-Key (D-18), crash-safe. A request with a key runs as ONE database transaction that
// holds the key, runs the operation and stores its answer:
//
//   1. In this process: a key already running here answers 409 `request_in_progress` at once, without
//      waiting for a connection (on PGlite, which serialises transactions, it would otherwise wait
//      for the first request and replay it).
//   2. BEGIN; `pg_try_advisory_xact_lock(hash of account, environment, key)`: a request with the same
//      key running in another process (several API processes on one PostgreSQL) holds it, so this one
//      answers 409 `request_in_progress` too. The lock is the claim: nothing is written to claim a
//      key, and PostgreSQL drops it with the connection of a process that dies.
//   3. The stored record, read under the lock: a finished answer is replayed (`Idempotent-Replayed:
//      true`); another request under the key (other method, full path with its version prefix, or
//      body: the fingerprint) is 409 `idempotency_key_reused`.
//   4. Otherwise the handler runs with a context whose `db` is this transaction (the domain verbs'
//      own transactions become savepoints inside it), and a final answer is inserted in the same
//      transaction; COMMIT writes the effects and the answer together, then the answer is sent.
//
// So a SIGKILL at any point leaves either nothing (before COMMIT: the retry runs the operation, once)
// or the effects with their answer (after COMMIT: the retry replays it), never an effect without its
// answer. Only final answers are kept (D-18): a transient one (isTransient below: 409
// `*_in_progress`, 423, 429, 5xx, a bug thrown) rolls the whole transaction back, so nothing is
// stored, no effect is kept, and the retry with the same key runs the operation again. Records from
// before this design may be `started` claims; one whose 60 s lock has passed is taken over, as before.
//
// Secrets in answers: a top-level `secret` (the webhook signing secret of POST /webhooks and
// rotate-secret) is stored sealed (server/sealing.ts) for this account, environment, key and API key,
// and opened only to replay it to the same API key within the record's 24 hours.
import { createHash } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { AppDeps } from '../deps.js';
import { SealError, type Sealer } from '../sealing.js';
import type { Database } from '../store/db.js';
import { idempotencyRecords } from '../store/schema/index.js';
import type { Caller } from '../domain/caller.js';
import { refusal } from './error-mappers.js';
import type { HttpResult } from './responses.js';
import type { ErrorFamily } from '../../schemas/common/errors.js';
import type { IdempotencyRecordRow } from '../store/schema/platform.js';

export const MAX_KEY_LENGTH = 255;
const RETENTION_MS = 24 * 3600_000;
/** Answer fields that are secrets: stored sealed, replayed only to the API key that was answered. */
const SECRET_FIELDS = ['secret'] as const;

/**
 * What a key stands for (D-18): the method and the full request path as sent, version prefix included
 * (`/api/v1/...` and `/api/v2/...` are different requests: a V1 live Form 484 may lodge in the test
 * environment, D-40), the operation, and the validated body.
 */
export function requestFingerprint(request: { method: string; fullPath: string; operationId: string; body: unknown }): string {
  return createHash('sha256')
    .update(`${request.method.toUpperCase()}\n${request.fullPath}\n${request.operationId}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/** An answer that asks for a retry: never stored under a key (D-18). */
export function isTransient(result: HttpResult): boolean {
  return result.transient === true || result.status >= 500 || result.status === 423 || result.status === 429;
}

export function checkKeyHeader(family: ErrorFamily, key: string | undefined, required: boolean): HttpResult | null {
  if (key === undefined) {
    return required ? refusal(family, 'idempotency_key_required', 'This request needs an Idempotency-Key header.') : null;
  }
  // An empty key is a client bug (a variable never set), not "no key": refused in the code every
  // idempotent operation documents, also on those without a 422 (rotate-secret has no body).
  if (key === '' || key.length > MAX_KEY_LENGTH)
    return refusal(family, 'idempotency_key_invalid', `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters.`);
  return null;
}

export interface IdempotentRequest {
  caller: Caller;
  family: ErrorFamily;
  key: string;
  operationId: string;
  fingerprint: string;
  /** The final answer now, for an operation that answers 202 until it is done (spec 3.4). */
  refresh?: (deps: AppDeps, answered: unknown) => Promise<HttpResult>;
}

/** The handler, given the dependencies to run with (`db` is the request's transaction). */
export type IdempotentRun = (deps: AppDeps) => Promise<HttpResult>;

const inProgress = (family: ErrorFamily): HttpResult =>
  refusal(family, 'request_in_progress', 'A request with this Idempotency-Key is still being processed.');

/** Keys running in this process, per database (tests run several apps in one process). */
const running = new WeakMap<Database, Set<string>>();

function runningOn(db: Database): Set<string> {
  let keys = running.get(db);
  if (!keys) {
    keys = new Set();
    running.set(db, keys);
  }
  return keys;
}

/** The scope a key lives in: one account, one environment (D-18). */
function scopeText(request: IdempotentRequest): string {
  return `${request.caller.account.id}\n${request.caller.environment}\n${request.key}`;
}

/**
 * A signed 64-bit advisory lock id. The one-argument (bigint) lock space; the other advisory locks
 * of the code base take `hashtext` (32-bit) values, which a 64-bit hash meets with odds of 2^-32.
 */
function lockIdOf(scope: string): string {
  return createHash('sha256').update(`idempotency\n${scope}`).digest().readBigInt64BE(0).toString();
}

/** Who a sealed secret in an answer is for: the API key (or, for V1 tokens, the account's tokens). */
function secretPurpose(request: IdempotentRequest): string {
  const holder = request.caller.key?.id ?? `pat:${request.caller.account.id}`;
  return `idempotency_records.response_body.secret:${scopeText(request)}\n${holder}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body as stored: every secret field sealed. */
function storedBody(sealer: Sealer, request: IdempotentRequest, body: unknown): string | null {
  if (body === undefined) return null;
  if (!isObject(body)) return JSON.stringify(body);
  const sealed: Record<string, unknown> = { ...body };
  for (const field of SECRET_FIELDS) {
    const value = sealed[field];
    if (typeof value === 'string') sealed[field] = sealer.seal(value, secretPurpose(request));
  }
  return JSON.stringify(sealed);
}

/** A finished record as the answer to replay; a sealed secret opens only for the API key it was for. */
function replayOf(deps: AppDeps, request: IdempotentRequest, record: IdempotencyRecordRow): HttpResult {
  let body = record.responseBody === null ? undefined : (JSON.parse(record.responseBody) as unknown);
  if (isObject(body)) {
    const opened: Record<string, unknown> = { ...body };
    for (const field of SECRET_FIELDS) {
      const value = opened[field];
      if (typeof value !== 'string') continue;
      // Only an unexpired record (under 24 hours old) gets here: runIdempotent treats an expired one as absent.
      try {
        opened[field] = deps.sealer.open(value, secretPurpose(request));
      } catch (error) {
        if (error instanceof SealError && error.reason === 'failed')
          return refusal(
            request.family,
            'idempotency_key_reused',
            'This Idempotency-Key was used by another API key; the answer carries a secret and is replayed only to that key.',
          );
        throw error;
      }
    }
    body = opened;
  }
  return {
    status: record.responseStatus ?? 200,
    body,
    headers: { ...(record.responseHeaders ?? {}), 'Idempotent-Replayed': 'true' },
  };
}

/**
 * A stored 202 asked again (spec 3.4: "retry with the same Idempotency-Key for the final answer"): the
 * operation's answer now; a final one (not 202, not an error) replaces the stored answer, so later
 * retries replay it.
 */
async function refreshed(
  deps: AppDeps,
  tx: Database,
  request: IdempotentRequest,
  existing: IdempotencyRecordRow,
  refresh: NonNullable<IdempotentRequest['refresh']>,
): Promise<HttpResult> {
  const result = await refresh(
    Object.assign({}, deps, { db: tx, registers: deps.registersOver(tx) }),
    JSON.parse(existing.responseBody!) as unknown,
  );
  if (result.status >= 200 && result.status < 300 && result.status !== 202)
    await tx
      .update(idempotencyRecords)
      .set({ responseStatus: result.status, responseBody: storedBody(deps.sealer, request, result.body) })
      .where(eq(idempotencyRecords.id, existing.id));
  return { ...result, headers: { ...(result.headers ?? {}), 'Idempotent-Replayed': 'true' } };
}

/** Thrown inside the transaction to roll it back and still answer: a transient answer is neither kept nor stored. */
class NotStored extends Error {
  constructor(readonly result: HttpResult) {
    super('rolled back: the answer is not stored');
  }
}

async function tryLock(db: Database, lockId: string): Promise<boolean> {
  const result = await db.execute(sql`select pg_try_advisory_xact_lock(${lockId}::bigint) as locked`);
  return (result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
}

/** Runs a request that carries an Idempotency-Key: once, its effects and its answer in one transaction. */
export async function runIdempotent(deps: AppDeps, request: IdempotentRequest, run: IdempotentRun): Promise<HttpResult> {
  const scope = scopeText(request);
  const here = runningOn(deps.db);
  if (here.has(scope)) return inProgress(request.family);
  here.add(scope);
  try {
    return await deps.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      if (!(await tryLock(tx, lockIdOf(scope)))) return inProgress(request.family);
      const now = deps.clock.now();
      const [existing] = await tx
        .select()
        .from(idempotencyRecords)
        .where(
          and(
            eq(idempotencyRecords.accountId, request.caller.account.id),
            eq(idempotencyRecords.environment, request.caller.environment),
            eq(idempotencyRecords.key, request.key),
          ),
        )
        .limit(1);
      if (existing) {
        const expired = existing.expiresAt.getTime() <= now.getTime();
        if (!expired && (existing.requestHash !== request.fingerprint || existing.operationId !== request.operationId))
          return refusal(request.family, 'idempotency_key_reused', 'This Idempotency-Key was used with a different request.');
        if (!expired && existing.state === 'finished') {
          if (existing.responseStatus === 202 && request.refresh && existing.responseBody !== null)
            return refreshed(deps, tx, request, existing, request.refresh);
          return replayOf(deps, request, existing);
        }
        // A claim written by the earlier two-step design, whose request may still be running elsewhere.
        if (!expired && existing.lockedUntil.getTime() > now.getTime()) return inProgress(request.family);
        await tx.delete(idempotencyRecords).where(eq(idempotencyRecords.id, existing.id));
      }

      // Object.assign, not a spread: V8 copies a spread of the dependencies on a slow path (public-profile.ts).
      const result = await run(Object.assign({}, deps, { db: tx, registers: deps.registersOver(tx) }));
      // A transient answer (D-18) is not kept, and neither is anything the attempt wrote: the retry
      // with the same key runs the operation again instead of replaying "try again".
      if (isTransient(result)) throw new NotStored(result);
      const headers = Object.fromEntries(Object.entries(result.headers ?? {}).filter(([name]) => name.toLowerCase() === 'location'));
      await tx.insert(idempotencyRecords).values({
        accountId: request.caller.account.id,
        environment: request.caller.environment,
        key: request.key,
        operationId: request.operationId,
        requestHash: request.fingerprint,
        state: 'finished',
        responseStatus: result.status,
        responseHeaders: headers,
        responseBody: storedBody(deps.sealer, request, result.body),
        lockedUntil: now,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RETENTION_MS),
      });
      return result;
    });
  } catch (error) {
    if (error instanceof NotStored) return error.result;
    throw error;
  } finally {
    here.delete(scope);
  }
}

/** Removes records whose 24 hours are over (expired at `expiresAt`, as runIdempotent treats them). */
export async function pruneIdempotencyRecords(deps: AppDeps): Promise<number> {
  const removed = await deps.db
    .delete(idempotencyRecords)
    .where(lte(idempotencyRecords.expiresAt, deps.clock.now()))
    .returning({ id: idempotencyRecords.id });
  return removed.length;
}
