// POST /monitoring/entities (spec 3.4, 4.5, 7, 8; D-18, D-39, D-41, D-43): every row is looked up and
// validated before anything is created or charged; then, under the account's order lock, the entities
// are created (or an expired one restarted) and the whole order is taken in one card charge, in one
// transaction, so a refused charge leaves nothing behind.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../store/db.js';
import { monitoredEntities, monitoringOrders } from '../../store/schema/index.js';
import { enqueue } from '../../jobs/queue.js';
import { readAvailability } from '../../registers/availability.js';
import { scopeOf, type Scope } from '../caller.js';
import { addProblem, emptyProblems, DomainError, ValidationError, type FieldProblems } from '../errors.js';
import { chargeCard } from '../ledger/charges.js';
import { assertMayBuy } from './access.js';
import { readRegisters, type MonitoringCtx } from './context.js';
import { daysLeft, termEnd, today } from './dates.js';
import { spendLookups } from './lookups.js';
import { unitPrice } from './pricing.js';
import { entityKey, plannedLookups, resolveRows, type OrderRowInput, type ResolvedRow } from './resolve.js';
import { countActive, countCurrent, entitiesByKeys } from './store.js';
import { entityView, type EntityRow, type EntityView } from './view.js';
import { ownedBy } from '../../store/scope.js';
import { callerText } from '../../../schemas/common/caller-text.js';
import type { VerbArgs } from '../verb.js';
import { sqlStateOf } from '../../sql-state.js';

/** Spec 8: sandbox entities per account. */
export const SANDBOX_ENTITY_LIMIT = 1000;
export const MONITORING_SETUP_JOB = 'monitoring-setup';

export interface OrderAnswer {
  unitPrice: number;
  total: number;
  entities: EntityView[];
}

/** A live order paid for whose activation is unfinished (spec 3.4: 202, the final answer on a retry with the same key). */
export interface ProcessingOrderAnswer extends OrderAnswer {
  status: 'processing';
}

function numberOf(row: { acn: string | null; abn: string | null }): string {
  return row.acn ? `ACN ${row.acn}` : `ABN ${row.abn}`;
}

/** Each entity once per request: a later row naming an entity already named is the duplicate. */
function duplicateProblems(rows: (ResolvedRow | null)[]): FieldProblems {
  const problems = emptyProblems();
  const first = new Map<string, number>();
  rows.forEach((row, index) => {
    if (!row) return;
    const key = entityKey(row);
    const seen = first.get(key);
    if (seen === undefined) first.set(key, index);
    else problems[`entities.${index}`] = [{ code: 'duplicate_in_request', message: `Same entity as entities.${seen}.` }];
  });
  return problems;
}

/**
 * Rows naming an entity the account already has: refused unless that entity's term is over, in
 * which case the order starts it again (same id, new term).
 */
function existingProblems(
  rows: (ResolvedRow | null)[],
  existing: EntityRow[],
  now: Date,
): { problems: FieldProblems; restart: Map<number, EntityRow> } {
  const byKey = new Map(existing.map((entity) => [entityKey(entity), entity]));
  const problems = emptyProblems();
  const restart = new Map<number, EntityRow>();
  rows.forEach((row, index) => {
    if (!row) return;
    const entity = byKey.get(entityKey(row));
    if (!entity) return;
    const key = `entities.${index}`;
    const number = callerText(numberOf(row));
    if (entity.simulatedStatus === 'deregistered')
      problems[key] = [{ code: 'acn_not_eligible', message: `${number} is deregistered; only registered companies can be monitored.` }];
    else if (entity.simulatedStatus === 'cancelled') problems[key] = [{ code: 'abn_not_active', message: `${number} is cancelled.` }];
    else if (entity.status === 'processing')
      problems[key] = [
        { code: 'renewal_in_progress', message: `An order or renewal of ${number} (entity ${entity.id}) is still processing.` },
      ];
    else if (entity.status === 'active')
      problems[key] = [
        {
          code: 'already_monitored',
          message: `${number} is already monitored as entity ${entity.id}; renew it instead.`,
          entityId: entity.id,
        },
      ];
    else if (entity.status === 'stopped' && daysLeft(entity.expiresAt, now) > 0)
      problems[key] = [
        {
          code: 'stopped_with_time_remaining',
          message: `${number} is stopped with paid time left (entity ${entity.id}); resume it instead.`,
        },
      ];
    else restart.set(index, entity);
  });
  return { problems, restart };
}

function merge(...sets: FieldProblems[]): FieldProblems {
  const merged = emptyProblems();
  for (const set of sets) for (const [key, list] of Object.entries(set)) for (const problem of list) addProblem(merged, key, problem);
  return merged;
}

async function existingFor(db: Database, scope: Scope, rows: (ResolvedRow | null)[], lock: boolean): Promise<EntityRow[]> {
  const present = rows.filter((row): row is ResolvedRow => row !== null);
  return entitiesByKeys(
    db,
    scope,
    present.flatMap((row) => (row.acn ? [row.acn] : [])),
    present.flatMap((row) => (row.acn ? [] : [row.abn!])),
    lock,
  );
}

/** How long an order waits for another order of the account to commit before answering 409. */
const ORDER_LOCK_WAIT = '10s';

/**
 * One order at a time per account and environment. An order that merely overlaps another order's
 * transaction waits for it (a blocking lock on the account, bounded by ORDER_LOCK_WAIT), so concurrent
 * orders all go through, one after the other. 409 `order_in_progress` is what spec 7 means by it: an
 * earlier order of the account is still `processing` (paid for, activation unfinished), or the wait
 * ran out; either way nothing is charged and the answer is transient (D-18: not kept under a key).
 */
export async function takeOrderLock(tx: Database, scope: Scope): Promise<void> {
  const inProgress = () =>
    new DomainError('order_in_progress', 'Another monitoring order on this account is processing. Try again when it has finished.');
  try {
    await tx.execute(sql.raw(`set local lock_timeout = '${ORDER_LOCK_WAIT}'`));
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`monitoring-order:${scope.accountId}:${scope.environment}`}))`);
  } catch (error) {
    if (isLockTimeout(error)) throw inProgress();
    throw error;
  }
  const [processing] = await tx
    .select({ id: monitoringOrders.id })
    .from(monitoringOrders)
    .where(and(ownedBy(monitoringOrders, scope), eq(monitoringOrders.status, 'processing')))
    .limit(1);
  if (processing) throw inProgress();
}

/** PostgreSQL's `lock_not_available` (55P03), raised when `lock_timeout` passes. */
function isLockTimeout(error: unknown): boolean {
  return sqlStateOf(error) === '55P03';
}

/** Spec 8 limits, checked with the new entities counted in. */
export async function assertWithinLimits(db: Database, ctx: MonitoringCtx, adding: number): Promise<void> {
  if (adding === 0) return;
  const scope = scopeOf(ctx.caller);
  if (scope.environment === 'live') {
    const limit = ctx.caller.account.monitoringEntityLimit;
    const active = await countActive(db, scope);
    if (active + adding > limit)
      throw new DomainError(
        'entity_limit',
        `This request would take the account past its limit of ${limit.toLocaleString('en-AU')} active entities.`,
        {
          limit,
          active,
        },
      );
  } else {
    const current = await countCurrent(db, scope);
    if (current + adding > SANDBOX_ENTITY_LIMIT)
      throw new DomainError(
        'test_entity_limit',
        `This order would take the sandbox past ${SANDBOX_ENTITY_LIMIT.toLocaleString('en-AU')} entities.`,
        {
          limit: SANDBOX_ENTITY_LIMIT,
          current,
        },
      );
  }
}

/**
 * The values a new or restarted term starts with (test: checked and active at once; live: pending its
 * first check, D-39, and `processing` while activation is unfinished, spec 3.4).
 */
function termValues(row: ResolvedRow, live: boolean, now: Date, activated: boolean) {
  const startsAt = today(now);
  return {
    acn: row.acn,
    abn: row.abn,
    entityName: row.name,
    status: activated ? 'active' : 'processing',
    monitoringStatus: live ? 'pending' : 'active',
    startsAt,
    expiresAt: termEnd(startsAt),
    register: live ? null : row.snapshot,
    checkRound: null,
    setupAttempts: 0,
    updatedAt: now,
  };
}

export async function orderEntities({
  ctx,
  input,
}: VerbArgs<MonitoringCtx, { entities: OrderRowInput[] }>): Promise<OrderAnswer | ProcessingOrderAnswer> {
  const { caller } = ctx;
  const scope = scopeOf(caller);
  const live = scope.environment === 'live';
  assertMayBuy(caller);

  // D-43: the lookups every row needs are spent (or refused) before any register is asked.
  await spendLookups(ctx, caller.account, scope.environment, plannedLookups(input.entities));
  const resolution = await readRegisters(ctx, (registers) => resolveRows(registers, input.entities));
  await spendLookups(ctx, caller.account, scope.environment, resolution.companyAbnRows);

  const now = ctx.clock.now();
  const checked = existingProblems(resolution.rows, await existingFor(ctx.db, scope, resolution.rows, false), now);
  const problems = merge(resolution.problems, duplicateProblems(resolution.rows), checked.problems);
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  const rows = resolution.rows as ResolvedRow[];

  const price = unitPrice(caller.account, scope.environment);
  const total = price * rows.length;

  const outcome = await ctx.db.transaction(async (tx) => {
    await takeOrderLock(tx, scope);
    // Again under the lock: another order may have taken an entity since the checks above.
    const locked = existingProblems(rows, await existingFor(tx, scope, rows, true), now);
    if (Object.keys(locked.problems).length > 0) throw new ValidationError(locked.problems);
    await assertWithinLimits(tx, ctx, rows.length);

    const [order] = await tx
      .insert(monitoringOrders)
      .values({ ...scope, kind: 'order', status: 'processing', unitPrice: price, total, entityIds: [], createdAt: now })
      .returning();
    const charge =
      live && total > 0
        ? await chargeCard({ db: tx, clock: ctx.clock }, caller.account, {
            amount: total,
            kind: 'monitoring_order',
            reference: `monitoring-order-${order!.id}`,
            environment: 'live',
          })
        : null;
    // The sandbox's switch for the step after the charge (sandbox.md availability): while it is off a
    // live order is paid for and stays `processing` until the setup job activates it.
    const activated = !live || (await readAvailability(tx)).monitoringActivation;

    const entities: EntityRow[] = [];
    for (const [index, row] of rows.entries()) {
      const values = termValues(row, live, now, activated);
      const previous = locked.restart.get(index);
      if (previous) {
        const [restarted] = await tx
          .update(monitoredEntities)
          .set({ ...values, reference: row.reference ?? previous.reference })
          .where(sql`${monitoredEntities.id} = ${previous.id}`)
          .returning();
        entities.push(restarted!);
      } else {
        const [inserted] = await tx
          .insert(monitoredEntities)
          .values({ ...scope, ...values, reference: row.reference, createdAt: now })
          .returning();
        entities.push(inserted!);
      }
    }
    const entityIds = entities.map((entity) => entity.id);
    await tx
      .update(monitoringOrders)
      .set({
        status: activated ? 'completed' : 'processing',
        entityIds,
        chargeId: charge?.id ?? null,
        finishedAt: activated ? now : null,
      })
      .where(sql`${monitoringOrders.id} = ${order!.id}`);
    if (live) await enqueue(tx, { name: MONITORING_SETUP_JOB, payload: { entityIds, orderId: order!.id }, runAt: now }, now);
    return { entities, activated };
  });

  const answer = { unitPrice: price, total, entities: outcome.entities.map((entity) => entityView(entity, now)) };
  return outcome.activated ? answer : { status: 'processing', ...answer };
}

/**
 * The answer now to an order that was answered 202 (spec 3.4): repeated with the same
 * Idempotency-Key, it answers 201 once every entity is activated, else 202 again with the entities
 * as they are.
 */
export async function orderOutcome({
  ctx,
  input,
}: VerbArgs<MonitoringCtx, { answered: ProcessingOrderAnswer }>): Promise<OrderAnswer | ProcessingOrderAnswer> {
  const scope = scopeOf(ctx.caller);
  const ids = input.answered.entities.map((entity) => entity.id);
  const rows = await ctx.db
    .select()
    .from(monitoredEntities)
    .where(and(ownedBy(monitoredEntities, scope), inArray(monitoredEntities.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const now = ctx.clock.now();
  const entities = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [entityView(row, now)] : [];
  });
  const answer = { unitPrice: input.answered.unitPrice, total: input.answered.total, entities };
  return rows.some((row) => row.status === 'processing') ? { status: 'processing', ...answer } : answer;
}
