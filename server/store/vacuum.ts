// Tables pruned to a bound reclaim what they prune (D-90). The space of a deleted row is reused only
// once its table is vacuumed: PGlite runs PostgreSQL in single-user mode, with no autovacuum, and a
// PostgreSQL's autovacuum may be off or wake a minute later. Without a vacuum such a table keeps its
// bound in rows while its files grow with every row it ever held.
import { sql } from 'drizzle-orm';
import { PgTransaction, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './db.js';

/** Rows a statement changed, as either engine's driver reports them (PGlite `affectedRows`, pg `rowCount`). */
export function changedRows(result: unknown): number {
  const { affectedRows, rowCount } = result as { affectedRows?: number; rowCount?: number | null };
  return affectedRows ?? rowCount ?? 0;
}

/**
 * VACUUM of one table. SKIP_LOCKED: when another process is vacuuming it, this one need not. Never
 * rejects: a vacuum that failed is reported to `failed` and tried again at the next one. Inside a
 * transaction, where PostgreSQL refuses VACUUM (and the refusal would abort the transaction), it does
 * nothing: the next one outside a transaction does it.
 */
export async function vacuumTable(db: Database, table: PgTable, failed: (error: unknown) => void): Promise<void> {
  if (db instanceof PgTransaction) return;
  await db.execute(sql`VACUUM (SKIP_LOCKED) ${table}`).catch(failed);
}

/**
 * Counts the rows a table's prunes removed, and vacuums it once `every` were removed since the last
 * vacuum: a number, or a threshold asked for when rows were removed (one that follows the table's size).
 */
export interface PruneCounter {
  /** Adds `rows` removed; resolves once the vacuum they made due (if any) has run. */
  removed: (rows: number) => Promise<void>;
}

export function vacuumEvery(
  db: Database,
  table: PgTable,
  every: number | (() => Promise<number>),
  options: { before?: () => Promise<void>; failed: (error: unknown) => void },
): PruneCounter {
  let since = 0;
  return {
    removed: async (rows) => {
      since += rows;
      // In a transaction the count waits for the next prune outside one (vacuumTable).
      if (rows === 0 || db instanceof PgTransaction) return;
      if (since < (typeof every === 'number' ? every : await every())) return;
      since = 0;
      await options.before?.();
      await vacuumTable(db, table, options.failed);
    },
  };
}
