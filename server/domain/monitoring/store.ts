// Queries on monitored entities shared by the verbs: scoped reads (another account's or environment's
// id, or a merged ABN entity, is simply not found) and the counts the limits use.
import { and, eq, inArray, isNull, or, sql, count } from 'drizzle-orm';
import type { Database } from '../../store/db.js';
import { monitoredEntities } from '../../store/schema/index.js';
import type { Scope } from '../caller.js';
import { NotFoundError } from '../errors.js';
import type { EntityRow } from './view.js';
import { ownedBy } from '../../store/scope.js';

export function inScope(scope: Scope) {
  return and(ownedBy(monitoredEntities, scope), isNull(monitoredEntities.mergedInto));
}

export const entityNotFound = (): NotFoundError => new NotFoundError('entity');

/** One entity of the scope; `lock` holds it until the surrounding transaction ends. */
export async function findEntity(db: Database, scope: Scope, id: number, lock = false): Promise<EntityRow> {
  if (!Number.isSafeInteger(id)) throw entityNotFound();
  const query = db
    .select()
    .from(monitoredEntities)
    .where(and(inScope(scope), eq(monitoredEntities.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw entityNotFound();
  return row;
}

/** The scope's entities stored under any of these keys (ACN, or ABN of a company-less holder). */
export async function entitiesByKeys(db: Database, scope: Scope, acns: string[], abns: string[], lock = false): Promise<EntityRow[]> {
  if (acns.length === 0 && abns.length === 0) return [];
  const byKey = or(
    acns.length > 0 ? inArray(monitoredEntities.acn, acns) : sql`false`,
    abns.length > 0 ? and(isNull(monitoredEntities.acn), inArray(monitoredEntities.abn, abns)) : sql`false`,
  );
  const query = db
    .select()
    .from(monitoredEntities)
    .where(and(inScope(scope), byKey));
  return lock ? query.for('update') : query;
}

/** Spec 8: live entities counting against the account's limit (active, or paid and activating). */
export async function countActive(db: Database, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(monitoredEntities)
    .where(and(inScope(scope), inArray(monitoredEntities.status, ['active', 'processing'])));
  return Number(row?.n ?? 0);
}

/** Spec 8: sandbox entities an account holds (every one not expired). */
export async function countCurrent(db: Database, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(monitoredEntities)
    .where(and(inScope(scope), inArray(monitoredEntities.status, ['active', 'processing', 'stopped'])));
  return Number(row?.n ?? 0);
}
