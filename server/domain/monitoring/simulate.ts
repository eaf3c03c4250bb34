// POST /monitoring/entities/{id}/simulate (spec 3.4, 4.5, 6.2 rule 5): the sandbox makes a test entity
// send what live monitoring would send. Only what live could send is allowed (409 otherwise). Simulated
// events and deliveries carry `simulated: true`; deregistration is permanent for the entity.
import { and, desc, eq } from 'drizzle-orm';
import type { MONITORING_EVENT_TYPES } from '../../../schemas/monitoring/index.js';
import { monitoredEntities, monitoringEvents } from '../../store/schema/index.js';
import { scopeOf } from '../caller.js';
import { DomainError } from '../errors.js';
import type { MonitoringCtx } from './context.js';
import { today } from './dates.js';
import { recordChange, sendExpired, sendExpiring } from './events.js';
import { isClosed, statusWord, type RegisterStatus } from './register-state.js';
import { sampleChange } from './samples.js';
import { findEntity } from './store.js';
import { entityView, eventView, registerStatusOf, snapshotOf, type EntityView, type EventView } from './view.js';
import type { VerbArgs } from '../verb.js';

export type SimulationInput =
  { eventType: (typeof MONITORING_EVENT_TYPES)[number] } | { simulate: 'expiring_30' | 'expiring_7' | 'expired' | 'deregistered' };

export type SimulationAnswer =
  | { status: 201; body: EventView }
  | { status: 200; body: { simulated: 'expiring_30' | 'expiring_7' | 'expired'; entity: EntityView } }
  | { status: 200; body: { simulated: 'deregistered'; entity: EntityView; event: EventView } };

const notActive = (id: number, status: string): DomainError =>
  new DomainError('entity_not_active', `Entity ${id} is ${status}; only an active entity sends change events.`);

export async function simulate({ ctx, input }: VerbArgs<MonitoringCtx, { id: number; body: SimulationInput }>): Promise<SimulationAnswer> {
  if (!ctx.caller.account.monitoringAvailable)
    throw new DomainError('monitoring_unavailable', 'Monitoring is not yet available on this account.');
  const scope = scopeOf(ctx.caller);
  const { body } = input;
  return ctx.db.transaction(async (tx): Promise<SimulationAnswer> => {
    const entity = await findEntity(tx, scope, input.id, true);
    const now = ctx.clock.now();
    if ('eventType' in body) {
      if (entity.status !== 'active') throw notActive(entity.id, entity.status);
      const recorded = await recordChange(tx, ctx.clock, entity, sampleChange(body.eventType, entity, today(now)), { simulated: true });
      return { status: 201, body: eventView(recorded.event, recorded.entity, now) };
    }
    const status = registerStatusOf(entity);
    switch (body.simulate) {
      case 'expiring_30':
      case 'expiring_7':
        if (entity.status !== 'active' || (status && isClosed(status)))
          throw new DomainError(
            'expiry_warning_not_sent',
            entity.status !== 'active'
              ? `Entity ${entity.id} is ${entity.status}; expiry warnings are sent only for active entities.`
              : 'No expiry warning is sent for a deregistered company or a cancelled ABN.',
          );
        await sendExpiring(tx, ctx.clock, entity, body.simulate === 'expiring_30' ? 30 : 7, true);
        return { status: 200, body: { simulated: body.simulate, entity: entityView(entity, now) } };
      case 'expired':
        if (entity.status === 'expired')
          throw new DomainError('already_expired', `Entity ${entity.id} has already expired; expired is sent only once.`);
        if (entity.status !== 'active') throw notActive(entity.id, entity.status);
        await sendExpired(tx, ctx.clock, entity, true);
        return { status: 200, body: { simulated: 'expired', entity: entityView(entity, now) } };
      case 'deregistered': {
        if (entity.status !== 'active') throw notActive(entity.id, entity.status);
        const closed: RegisterStatus = entity.acn ? 'deregistered' : 'cancelled';
        if (entity.simulatedStatus === closed) {
          // Asked again: the same outcome, no second event.
          const [event] = await tx
            .select()
            .from(monitoringEvents)
            .where(
              and(
                eq(monitoringEvents.entityId, entity.id),
                eq(monitoringEvents.eventType, 'status_change'),
                eq(monitoringEvents.simulated, true),
              ),
            )
            .orderBy(desc(monitoringEvents.id))
            .limit(1);
          if (event)
            return {
              status: 200,
              body: { simulated: 'deregistered', entity: entityView(entity, now), event: eventView(event, entity, now) },
            };
        }
        const before = status ?? 'registered';
        const snapshot = snapshotOf(entity);
        const [changed] = await tx
          .update(monitoredEntities)
          .set({
            simulatedStatus: closed,
            ...(snapshot ? { register: { ...snapshot, status: closed } } : {}),
            updatedAt: now,
          })
          .where(eq(monitoredEntities.id, entity.id))
          .returning();
        const recorded = await recordChange(
          tx,
          ctx.clock,
          changed!,
          {
            eventType: 'status_change',
            title: entity.acn ? 'Company deregistered' : 'ABN cancelled',
            description: `The ${entity.acn ? 'company' : 'ABN'} status changed from ${statusWord(before)} to ${statusWord(closed)}.`,
            effectiveDate: today(now),
            source: entity.acn ? 'asic' : 'abr',
            metadata: { field: 'entityStatus', oldValue: statusWord(before), newValue: statusWord(closed) },
          },
          { simulated: true },
        );
        return {
          status: 200,
          body: {
            simulated: 'deregistered',
            entity: entityView(recorded.entity, now),
            event: eventView(recorded.event, recorded.entity, now),
          },
        };
      }
    }
  });
}
