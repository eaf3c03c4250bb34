// DELETE /monitoring/entities/{id} (spec 3.4): an active entity becomes stopped and its webhooks stop
// at once (checks and warnings only look at active entities); the paid term keeps running. Safe to
// repeat; refused while an order or renewal of the entity is processing.
import { eq } from 'drizzle-orm';
import { monitoredEntities } from '../../store/schema/index.js';
import { scopeOf } from '../caller.js';
import { DomainError } from '../errors.js';
import { assertMayRead } from './access.js';
import type { MonitoringCtx } from './context.js';
import { findEntity } from './store.js';
import { entityView, type EntityView } from './view.js';
import type { VerbArgs } from '../verb.js';

export async function stopEntity({ ctx, input }: VerbArgs<MonitoringCtx, { id: number }>): Promise<EntityView> {
  await assertMayRead(ctx, ctx.caller);
  const scope = scopeOf(ctx.caller);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const entity = await findEntity(tx, scope, input.id, true);
    if (entity.status === 'processing')
      throw new DomainError('order_processing', `Entity ${entity.id} cannot be stopped while its order or renewal is processing.`);
    if (entity.status !== 'active') return entity;
    const [stopped] = await tx
      .update(monitoredEntities)
      .set({ status: 'stopped', monitoringStatus: 'inactive', updatedAt: now })
      .where(eq(monitoredEntities.id, entity.id))
      .returning();
    return stopped!;
  });
  return entityView(row, now);
}
