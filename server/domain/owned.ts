// Reading one resource of the caller by its numeric id, the same for every resource: another
// account's or environment's row answers 404 like a missing one, and so does an id past the
// database's integer range (it cannot exist, and the database would throw: a 500).
import { and, eq, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../store/db.js';
import { perHandle } from '../store/per-handle.js';
import { ownedBy, type ScopedTable } from '../store/scope.js';
import type { Scope } from './caller.js';
import { NotFoundError } from './errors.js';

interface OwnedLookup {
  execute: (values: { id: number; accountId: string; environment: string }) => Promise<unknown[]>;
}

/**
 * One prepared lookup per database handle and table: partners poll these reads (a lodgement's or a
 * search's status until it settles), and drizzle building the query at every call cost more of the
 * server's CPU than running it (the same measurement as GET /webhooks, bench/README.md). Kept per
 * handle and keyed by table and id column; a transaction is a handle of its own (store/per-handle.ts).
 */
const lookupsOf = perHandle((): Map<string, OwnedLookup> => new Map());

function lookupOf(db: Database, table: PgTable & ScopedTable, idColumn: PgColumn): OwnedLookup {
  const byTable = lookupsOf(db);
  const name = `owned_${getTableName(table)}_by_${idColumn.name}`;
  let lookup = byTable.get(name);
  if (!lookup) {
    lookup = db
      .select()
      .from(table as PgTable)
      .where(
        and(
          eq(idColumn, sql.placeholder('id')),
          ownedBy(table, { accountId: sql.placeholder('accountId'), environment: sql.placeholder('environment') }),
        ),
      )
      .limit(1)
      .prepare(name) as OwnedLookup;
    byTable.set(name, lookup);
  }
  return lookup;
}

/** The caller's row of `table` whose `idColumn` is `id`, or a NotFoundError naming `what`. */
export async function findOwned<T extends PgTable & ScopedTable>(
  db: Database,
  table: T,
  idColumn: PgColumn,
  { id, scope, what }: { id: number; scope: Scope; what: string },
): Promise<T['$inferSelect']> {
  if (!Number.isSafeInteger(id) || id < 1) throw new NotFoundError(what);
  const [row] = await lookupOf(db, table, idColumn).execute({ id, accountId: scope.accountId, environment: scope.environment });
  if (!row) throw new NotFoundError(what);
  return row as T['$inferSelect'];
}
