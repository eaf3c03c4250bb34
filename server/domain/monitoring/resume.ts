// POST /monitoring/entities/{id}/resume (spec 3.4, 4.5, 7): a stopped entity with paid time left is
// re-checked with the register and becomes active again, free, until the same `expiresAt`. What
// changed while it was stopped becomes the new baseline and is not sent as events.
import { eq } from 'drizzle-orm';
import { monitoredEntities } from '../../store/schema/index.js';
import { scopeOf } from '../caller.js';
import { DomainError } from '../errors.js';
import { assertMayBuy } from './access.js';
import { readRegisters, type MonitoringCtx } from './context.js';
import { daysLeft } from './dates.js';
import { spendLookups } from './lookups.js';
import type { RegisterStatus } from './register-state.js';
import { currentCursors, currentRegisters } from './snapshots.js';
import { findEntity } from './store.js';
import { entityView, type EntityView } from './view.js';
import type { VerbArgs } from '../verb.js';

export async function resumeEntity({ ctx, input }: VerbArgs<MonitoringCtx, { id: number }>): Promise<EntityView> {
  const { caller } = ctx;
  const scope = scopeOf(caller);
  assertMayBuy(caller);
  const now = ctx.clock.now();
  const entity = await findEntity(ctx.db, scope, input.id);
  if (entity.status === 'active') return entityView(entity, now);
  if (entity.status !== 'stopped' || daysLeft(entity.expiresAt, now) === 0)
    throw new DomainError(
      'not_resumable',
      `Only a stopped entity with paid time left can be resumed; entity ${entity.id} is ${entity.status === 'stopped' ? 'stopped with no time left' : entity.status}. Renew it instead.`,
    );

  await spendLookups(ctx, caller.account, scope.environment, entity.acn && entity.abn ? 2 : 1);
  const current = await readRegisters(ctx, async (registers) => {
    const cursors = await currentCursors(registers);
    return (await currentRegisters(registers, [entity], () => cursors)).get(entity.id);
  });
  const snapshot = current?.snapshot ?? null;
  const status: RegisterStatus | null = (entity.simulatedStatus as RegisterStatus | null) ?? snapshot?.status ?? null;
  if (entity.acn && (status === 'deregistered' || status === null))
    throw new DomainError('acn_not_eligible', `ACN ${entity.acn} has been deregistered since monitoring was stopped.`);
  if (!entity.acn && (status === 'cancelled' || status === null))
    throw new DomainError('abn_not_active', `ABN ${entity.abn} has been cancelled since monitoring was stopped.`);

  const row = await ctx.db.transaction(async (tx) => {
    const locked = await findEntity(tx, scope, entity.id, true);
    // Resumed meanwhile by a concurrent request: the same answer, once.
    if (locked.status === 'active') return locked;
    if (locked.status !== 'stopped')
      throw new DomainError('not_resumable', `Entity ${entity.id} is ${locked.status}; it cannot be resumed.`);
    const [resumed] = await tx
      .update(monitoredEntities)
      .set({
        status: 'active',
        monitoringStatus: 'active',
        register: snapshot,
        entityName: snapshot!.name,
        abn: snapshot!.abn ?? locked.abn,
        checkRound: null,
        updatedAt: now,
      })
      .where(eq(monitoredEntities.id, entity.id))
      .returning();
    return resumed!;
  });
  return entityView(row, now);
}
