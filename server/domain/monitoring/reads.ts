// Reading monitoring (spec 2.6, 2.7, 4.5; D-38): entities with filters, one entity, an entity's events
// newest first, all events oldest first from `since`, one event in full. Reads keep working after card
// billing ends; every read is scoped to the caller's account and environment.
import { and, asc, count, desc, eq, gt, gte, lt, type SQL } from 'drizzle-orm';
import { monitoredEntities, monitoringEvents } from '../../store/schema/index.js';
import { scopeOf, type Scope } from '../caller.js';
import { NotFoundError } from '../errors.js';
import { assertMayRead } from './access.js';
import type { MonitoringCtx } from './context.js';
import { findEntity, inScope } from './store.js';
import { entityView, eventSummary, eventView, type EntityView, type EventSummaryView, type EventView } from './view.js';
import type { Database } from '../../store/db.js';
import { pageMeta, pageWindow, type PageMetaView as PageMeta, type PageRequest as Page } from '../../../schemas/common/pagination.js';
import { ownedBy } from '../../store/scope.js';
import type { VerbArgs } from '../verb.js';
import { findOwned } from '../owned.js';

export interface EntityFilters extends Page {
  status?: 'processing' | 'active' | 'stopped' | 'expired' | undefined;
  acn?: string | undefined;
  abn?: string | undefined;
  expiresBefore?: string | undefined;
}

export async function listEntities({
  ctx,
  input,
}: VerbArgs<MonitoringCtx, EntityFilters>): Promise<{ data: EntityView[]; meta: PageMeta }> {
  await assertMayRead(ctx, ctx.caller);
  const { page, perPage, offset } = pageWindow(input);
  const conditions: SQL[] = [inScope(scopeOf(ctx.caller))!];
  if (input.status) conditions.push(eq(monitoredEntities.status, input.status));
  if (input.acn) conditions.push(eq(monitoredEntities.acn, input.acn));
  if (input.abn) conditions.push(eq(monitoredEntities.abn, input.abn));
  if (input.expiresBefore) conditions.push(lt(monitoredEntities.expiresAt, input.expiresBefore));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(monitoredEntities).where(where).orderBy(asc(monitoredEntities.id)).limit(perPage).offset(offset),
    ctx.db.select({ n: count() }).from(monitoredEntities).where(where),
  ]);
  const now = ctx.clock.now();
  return { data: rows.map((row) => entityView(row, now)), meta: pageMeta({ page, perPage }, Number(total?.n ?? 0)) };
}

export async function getEntity({ ctx, input }: VerbArgs<MonitoringCtx, { id: number }>): Promise<EntityView> {
  await assertMayRead(ctx, ctx.caller);
  return entityView(await findEntity(ctx.db, scopeOf(ctx.caller), input.id), ctx.clock.now());
}

function eventScope(scope: Scope): SQL {
  return and(ownedBy(monitoringEvents, scope))!;
}

async function eventPage(db: Database, where: SQL, order: SQL[], input: Page): Promise<{ data: EventSummaryView[]; meta: PageMeta }> {
  const { page, perPage, offset } = pageWindow(input);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(monitoringEvents)
      .where(where)
      .orderBy(...order)
      .limit(perPage)
      .offset(offset),
    db.select({ n: count() }).from(monitoringEvents).where(where),
  ]);
  return { data: rows.map(eventSummary), meta: pageMeta({ page, perPage }, Number(total?.n ?? 0)) };
}

/** One entity's events, newest first (by `detectedAt`, then id). */
export async function listEntityEvents({ ctx, input }: VerbArgs<MonitoringCtx, Page & { id: number }>) {
  await assertMayRead(ctx, ctx.caller);
  const scope = scopeOf(ctx.caller);
  const entity = await findEntity(ctx.db, scope, input.id);
  const where = and(eventScope(scope), eq(monitoringEvents.entityId, entity.id))!;
  return eventPage(ctx.db, where, [desc(monitoringEvents.detectedAt), desc(monitoringEvents.id)], input);
}

/** Every event of the scope, oldest first (ascending id); `since` an event id (after it) or a date-time (at or after it). */
export async function listEvents({ ctx, input }: VerbArgs<MonitoringCtx, Page & { since?: string | undefined }>) {
  await assertMayRead(ctx, ctx.caller);
  const conditions: SQL[] = [eventScope(scopeOf(ctx.caller))];
  if (input.since !== undefined) {
    if (/^\d+$/.test(input.since)) conditions.push(gt(monitoringEvents.id, Number(input.since)));
    else conditions.push(gte(monitoringEvents.detectedAt, new Date(input.since)));
  }
  return eventPage(ctx.db, and(...conditions)!, [asc(monitoringEvents.id)], input);
}

export async function getEvent({ ctx, input }: VerbArgs<MonitoringCtx, { id: number }>): Promise<EventView> {
  await assertMayRead(ctx, ctx.caller);
  const scope = scopeOf(ctx.caller);
  const row = await findOwned(ctx.db, monitoringEvents, monitoringEvents.id, { id: input.id, scope, what: 'event' });
  // An entity merged away (spec 3.4 "Merge") answers 404, and so do events still filed under it.
  const entity = await findEntity(ctx.db, scope, row.entityId).catch(() => null);
  if (!entity) throw new NotFoundError('event');
  return eventView(row, entity, ctx.clock.now());
}
