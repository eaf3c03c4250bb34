// A new row and the job that moves it on, written by ONE statement (a data-modifying WITH): the row's
// INSERT ... RETURNING and the job's INSERT ... SELECT from it. One statement is atomic on its own, so
// it needs no BEGIN and COMMIT: a lodgement is still never left without its job, and the write costs
// one round trip instead of four (`npm run bench:write-path`). Inside a request's Idempotency-Key
// transaction it is one statement of that transaction, as before.
//
// The statement is built once per database handle and sent as a named prepared statement (PostgreSQL
// parses and plans it once per connection; drizzle does not rebuild it). A transaction is a handle of
// its own, so a request's transaction builds it for itself: a statement prepared on the pool must
// never run outside the transaction it belongs to.
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../store/db.js';
import { preparedSql } from '../store/per-handle.js';
import { jobs } from '../store/schema/index.js';

export interface JobForRow {
  name: string;
  /** The payload's fixed members; the new row's id is added under `idKey`. */
  payload: Record<string, unknown>;
  idKey: string;
  /** The new row's column whose value goes into the payload under `idKey`. */
  idColumn: PgColumn;
}

export interface RowWithJob<Row> {
  /**
   * Inserts the row and queues its job. `values` holds the insert's placeholders, plus the job's
   * `runAt` and `createdAt`.
   */
  (db: Database, values: Record<string, unknown> & { job: { runAt: Date; createdAt: Date } }): Promise<Row>;
}

/**
 * `insert(db)` is the row's insert with `.returning()`, every value a `sql.placeholder`; `name` names
 * the prepared statement (unique in the code base).
 */
export function rowWithJob<T extends PgTable>(options: {
  name: string;
  table: T;
  insert: (db: Database) => { getSQL: () => ReturnType<typeof sql> };
  job: JobForRow;
}): RowWithJob<T['$inferSelect']> {
  const { job } = options;
  const columns = Object.entries(getTableColumns(options.table));
  const prepare = preparedSql(
    options.name,
    (db) => sql`with "row" as (${options.insert(db).getSQL()}),
        "job" as (insert into ${jobs} ("name", "payload", "run_at", "created_at")
          select ${job.name}, ${JSON.stringify(job.payload)}::jsonb || jsonb_build_object(${job.idKey}::text, "row".${sql.identifier(job.idColumn.name)}),
            ${sql.placeholder('jobRunAt')}::timestamptz, ${sql.placeholder('jobCreatedAt')}::timestamptz from "row")
        select * from "row"`,
  );
  return async (db, values) => {
    const { job: when, ...rowValues } = values;
    const { rows } = await prepare(db).execute({
      ...rowValues,
      jobRunAt: when.runAt.toISOString(),
      jobCreatedAt: when.createdAt.toISOString(),
    });
    const raw = rows[0];
    if (!raw) throw new Error(`${options.name} returned no row`);
    // The row as drizzle reads it: each column's driver value through the column's own mapping.
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}
