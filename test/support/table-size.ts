// The bytes a table takes, as the database reports them: what the tables pruned to a bound keep from
// growing (D-90). Either engine.
import { sql } from 'drizzle-orm';
import type { TestServer } from './harness.js';

/**
 * The table's rows (`pg_relation_size`, its main fork) or the table with its indexes
 * (`pg_total_relation_size`). A vacuum leaves the space of removed rows to new ones; an index page is
 * used again only once it is empty, so an index of keys that do not follow each other (idempotency
 * keys) grows for a while after its rows stopped growing.
 */
export async function tableBytes(server: TestServer, table: string, what: 'rows' | 'with indexes' = 'with indexes'): Promise<number> {
  const size = what === 'rows' ? sql`pg_relation_size(${table}::regclass)` : sql`pg_total_relation_size(${table}::regclass)`;
  const result = await server.deps.db.execute(sql`select ${size}::float8 as bytes`);
  // Both drivers answer with `rows`; the database's type is the union of theirs.
  return (result as unknown as { rows: { bytes: number }[] }).rows[0]!.bytes;
}
