// Reading one resource of the caller by its numeric id, the same for every resource: another
// account's or environment's row answers 404 like a missing one, and so does an id past the
// database's integer range (it cannot exist, and the database would throw: a 500).
import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../store/db.js';
import { ownedBy, type ScopedTable } from '../store/scope.js';
import type { Scope } from './caller.js';
import { NotFoundError } from './errors.js';

/** The caller's row of `table` whose `idColumn` is `id`, or a NotFoundError naming `what`. */
export async function findOwned<T extends PgTable & ScopedTable>(
  db: Database,
  table: T,
  idColumn: PgColumn,
  { id, scope, what }: { id: number; scope: Scope; what: string },
): Promise<T['$inferSelect']> {
  if (!Number.isSafeInteger(id) || id < 1) throw new NotFoundError(what);
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(idColumn, id), ownedBy(table, scope)))
    .limit(1);
  if (!row) throw new NotFoundError(what);
  return row as T['$inferSelect'];
}
