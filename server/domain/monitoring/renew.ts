// POST /monitoring/entities/renew (spec 3.4, 4.5, 7; D-18, D-39, D-41, D-43): another 12-month term
// for up to 25 entities in one charge. An active entity's new term starts when the current one ends
// (at most 2 years ahead); an expired one restarts today. Any id not of this account and environment
// refuses the whole request (404); every other problem is listed per id; nothing is charged on error.
import { eq, inArray, and } from 'drizzle-orm';
import { enqueue } from '../../jobs/queue.js';
import { monitoredEntities, monitoringOrders } from '../../store/schema/index.js';
import { scopeOf } from '../caller.js';
import { emptyProblems, DomainError, ValidationError } from '../errors.js';
import { chargeCard } from '../ledger/charges.js';
import { assertMayBuy } from './access.js';
import { readRegisters, type MonitoringCtx } from './context.js';
import { addMonths, daysLeft, latestExpiry, termEnd, today, TERM_MONTHS } from './dates.js';
import { spendLookups } from './lookups.js';
import { assertWithinLimits, MONITORING_SETUP_JOB, takeOrderLock, type OrderAnswer } from './orders.js';
import { unitPrice } from './pricing.js';
import type { RegisterStatus } from './register-state.js';
import { currentCursors, currentRegisters, type CurrentRegister } from './snapshots.js';
import { inScope } from './store.js';
import { entityView, type EntityRow } from './view.js';
import type { VerbArgs } from '../verb.js';

function numberOf(entity: EntityRow): string {
  return entity.acn ? `ACN ${entity.acn}` : `ABN ${entity.abn}`;
}

/** Why an entity cannot have another term now, if it cannot. */
function renewalProblem(entity: EntityRow, register: CurrentRegister | undefined, now: Date) {
  if (entity.status === 'processing')
    return { code: 'renewal_in_progress', message: `An order or renewal of entity ${entity.id} is still processing.` };
  if (entity.status === 'stopped' && daysLeft(entity.expiresAt, now) > 0)
    return { code: 'stopped_with_time_remaining', message: `Entity ${entity.id} is stopped with paid time left; resume it instead.` };
  const status: RegisterStatus | null = (entity.simulatedStatus as RegisterStatus | null) ?? register?.snapshot?.status ?? null;
  if (entity.acn && (status === 'deregistered' || status === null))
    return { code: 'acn_not_eligible', message: `${numberOf(entity)} (entity ${entity.id}) has been deregistered since its last term.` };
  if (!entity.acn && (status === 'cancelled' || status === null))
    return { code: 'abn_not_active', message: `${numberOf(entity)} (entity ${entity.id}) has been cancelled since its last term.` };
  if (entity.status === 'active') {
    const latest = latestExpiry(now);
    if (addMonths(entity.expiresAt, TERM_MONTHS) > latest)
      return {
        code: 'renewal_too_far_ahead',
        message: `Renewing entity ${entity.id} would put its expiry past ${latest}, 2 years from today.`,
      };
  }
  return null;
}

export async function renewEntities({ ctx, input }: VerbArgs<MonitoringCtx, { ids: number[] }>): Promise<OrderAnswer> {
  const { caller } = ctx;
  const scope = scopeOf(caller);
  const live = scope.environment === 'live';
  assertMayBuy(caller);

  const found = await ctx.db
    .select()
    .from(monitoredEntities)
    .where(and(inScope(scope), inArray(monitoredEntities.id, [...new Set(input.ids)].filter(Number.isSafeInteger))));
  const byId = new Map(found.map((entity) => [entity.id, entity]));
  const missing = input.ids.find((id) => !byId.has(id));
  if (missing !== undefined)
    throw new DomainError('not_found', `Entity ${missing} is not an entity of this account in this environment; nothing was renewed.`);

  const unique = [...byId.values()];
  await spendLookups(
    ctx,
    caller.account,
    scope.environment,
    unique.reduce((sum, e) => sum + (e.acn && e.abn ? 2 : 1), 0),
  );
  const { registers, cursors } = await readRegisters(ctx, async (r) => {
    const cursors = await currentCursors(r);
    return { registers: await currentRegisters(r, unique, () => cursors), cursors };
  });

  const now = ctx.clock.now();
  const problems = emptyProblems();
  const firstIndex = new Map<number, number>();
  input.ids.forEach((id, index) => {
    const seen = firstIndex.get(id);
    if (seen !== undefined) {
      problems[`ids.${index}`] = [{ code: 'duplicate_in_request', message: `Same entity as ids.${seen}.` }];
      return;
    }
    firstIndex.set(id, index);
    const problem = renewalProblem(byId.get(id)!, registers.get(id), now);
    if (problem) problems[`ids.${index}`] = [problem];
  });
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);

  const price = unitPrice(caller.account, scope.environment);
  const total = price * unique.length;
  const ordered = [...firstIndex.keys()];

  const renewed = await ctx.db.transaction(async (tx) => {
    await takeOrderLock(tx, scope);
    const locked = await tx.select().from(monitoredEntities).where(inArray(monitoredEntities.id, ordered)).for('update');
    const lockedById = new Map(locked.map((entity) => [entity.id, entity]));
    // Again under the lock: a concurrent stop or renewal may have changed an entity since the checks.
    const changed = emptyProblems();
    ordered.forEach((id) => {
      const entity = lockedById.get(id);
      const problem = entity && entity.mergedInto === null ? renewalProblem(entity, registers.get(id), now) : null;
      if (!entity || entity.mergedInto !== null)
        throw new DomainError('not_found', `Entity ${id} is not an entity of this account in this environment; nothing was renewed.`);
      if (problem) changed[`ids.${firstIndex.get(id)!}`] = [problem];
    });
    if (Object.keys(changed).length > 0) throw new ValidationError(changed);
    const restarting = locked.filter((entity) => entity.status !== 'active');
    await assertWithinLimits(tx, ctx, restarting.length);

    const [order] = await tx
      .insert(monitoringOrders)
      .values({ ...scope, kind: 'renewal', status: 'processing', unitPrice: price, total, entityIds: ordered, createdAt: now })
      .returning();
    const charge =
      live && total > 0
        ? await chargeCard({ db: tx, clock: ctx.clock }, caller.account, {
            amount: total,
            kind: 'monitoring_renewal',
            reference: `monitoring-renewal-${order!.id}`,
            environment: 'live',
          })
        : null;

    const rows: EntityRow[] = [];
    for (const id of ordered) {
      const entity = lockedById.get(id)!;
      const snapshot = registers.get(id)?.snapshot ?? null;
      const startsAt = today(now);
      const values =
        entity.status === 'active'
          ? { expiresAt: addMonths(entity.expiresAt, TERM_MONTHS), updatedAt: now }
          : {
              // An expired term restarts today (spec 3.4); live entities wait for their first check (D-39).
              status: 'active',
              monitoringStatus: live ? 'pending' : 'active',
              startsAt,
              expiresAt: termEnd(startsAt),
              register: live || !snapshot ? null : { ...snapshot, ...cursors },
              entityName: snapshot?.name ?? entity.entityName,
              checkRound: null,
              setupAttempts: 0,
              updatedAt: now,
            };
      const [row] = await tx.update(monitoredEntities).set(values).where(eq(monitoredEntities.id, id)).returning();
      rows.push(row!);
    }
    await tx
      .update(monitoringOrders)
      .set({ status: 'completed', chargeId: charge?.id ?? null, finishedAt: now })
      .where(eq(monitoringOrders.id, order!.id));
    const setup = rows.filter((row) => row.monitoringStatus === 'pending').map((row) => row.id);
    if (setup.length > 0) await enqueue(tx, { name: MONITORING_SETUP_JOB, payload: { entityIds: setup }, runAt: now }, now);
    return rows;
  });

  const byRow = new Map(renewed.map((row) => [row.id, row]));
  return { unitPrice: price, total, entities: ordered.map((id) => entityView(byRow.get(id)!, now)) };
}
