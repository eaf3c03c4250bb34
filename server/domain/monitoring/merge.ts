// When an ABN entity and an ACN entity of one account turn out to be the same company (spec 3.4
// "Merge"), the ABN entity is merged into the ACN entity: the company entity receives the ABN
// entity's remaining paid days (up to 2 years ahead), takes over its events, and the ABN entity's
// id answers 404 from then on. An ABN entity whose ABN now belongs to a company the account does not
// monitor simply becomes that company's entity.
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../store/db.js';
import { monitoredEntities, monitoringEvents } from '../../store/schema/index.js';
import { addDays, daysLeft, latestExpiry } from './dates.js';
import type { RegisterSnapshot } from './register-state.js';
import type { EntityRow } from './view.js';
import { ownedBy } from '../../store/scope.js';

function scopeOf(entity: EntityRow) {
  return and(ownedBy(monitoredEntities, entity), isNull(monitoredEntities.mergedInto));
}

/**
 * Credits the source's remaining days to the target once. The source is read again under its row lock:
 * a caller may hold a stale copy (the daily check reads its batch before it merges, so the ABN entity
 * it reaches after its company may already be merged), and a source merged already credits nothing.
 */
async function merge(tx: Database, target: EntityRow, stale: EntityRow, now: Date): Promise<EntityRow> {
  const [source] = await tx
    .select()
    .from(monitoredEntities)
    .where(and(eq(monitoredEntities.id, stale.id), isNull(monitoredEntities.mergedInto)))
    .for('update');
  if (!source) return target;
  const remaining = source.status === 'active' || source.status === 'stopped' ? daysLeft(source.expiresAt, now) : 0;
  let expiresAt = target.expiresAt;
  if (target.status === 'active' && remaining > 0) {
    const extended = addDays(target.expiresAt, remaining);
    const latest = latestExpiry(now);
    expiresAt = extended > latest ? latest : extended;
  }
  const [merged] = await tx
    .update(monitoredEntities)
    .set({ expiresAt, abn: target.abn ?? source.abn, updatedAt: now })
    .where(eq(monitoredEntities.id, target.id))
    .returning();
  await tx
    .update(monitoredEntities)
    .set({ mergedInto: target.id, status: 'expired', monitoringStatus: 'inactive', updatedAt: now })
    .where(eq(monitoredEntities.id, source.id));
  await tx.update(monitoringEvents).set({ entityId: target.id }).where(eq(monitoringEvents.entityId, source.id));
  return merged!;
}

/** A company entity that knows its ABN absorbs the account's ABN-only entity of that ABN, if any. */
export async function absorbAbnEntity(tx: Database, company: EntityRow, now: Date): Promise<EntityRow> {
  if (!company.acn || !company.abn) return company;
  const [abnEntity] = await tx
    .select()
    .from(monitoredEntities)
    .where(and(scopeOf(company), isNull(monitoredEntities.acn), eq(monitoredEntities.abn, company.abn)))
    .for('update');
  return abnEntity ? merge(tx, company, abnEntity, now) : company;
}

/**
 * An ABN entity whose ABN now belongs to company `acn`: merged into the account's entity of that
 * company, or re-keyed as that company (new baseline, no events: the register did not change, our
 * key did). Returns the entity that remains.
 */
export async function rekeyAsCompany(
  tx: Database,
  abnEntity: EntityRow,
  acn: string,
  companySnapshot: RegisterSnapshot,
  now: Date,
): Promise<EntityRow> {
  const [company] = await tx
    .select()
    .from(monitoredEntities)
    .where(and(scopeOf(abnEntity), eq(monitoredEntities.acn, acn)))
    .for('update');
  if (company) return merge(tx, { ...company, abn: company.abn ?? abnEntity.abn }, abnEntity, now);
  const [rekeyed] = await tx
    .update(monitoredEntities)
    .set({
      acn,
      entityName: companySnapshot.name,
      register: companySnapshot,
      updatedAt: now,
    })
    .where(eq(monitoredEntities.id, abnEntity.id))
    .returning();
  return rekeyed!;
}
