// A new row and the job that moves it on, written by ONE statement (a data-modifying WITH): the row's
// INSERT ... RETURNING and the job's INSERT ... SELECT from it. One statement is atomic on its own, so
// it needs no BEGIN and COMMIT: a lodgement is still never left without its job, and the write costs
// one round trip instead of four (`npm run bench:write-path`). Inside a request's Idempotency-Key
// transaction it is one statement of that transaction, as before.
//
// Rows that arrive while the previous statement is still out go together as one multi-row statement
// (store/write-batching.ts): each row keeps its own values and its own job, and each caller gets its
// own row once the statement has committed. A transaction is a handle of its own and runs its
// statements one after another, so its rows always go alone, inside it.
//
// Each batch size's statement is built once per database handle and sent as a named prepared
// statement (PostgreSQL parses and plans it once per connection; drizzle does not rebuild it).
import { getTableColumns, sql, type Placeholder } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../store/db.js';
import { perHandle, preparedSql, type PreparedSql } from '../store/per-handle.js';
import { jobs } from '../store/schema/index.js';
import { batchWrites } from '../store/write-batching.js';
import { refusedByTheStatement } from '../sql-state.js';

export interface JobForRow {
  name: string;
  /** The payload's fixed members; the new row's id is added under `idKey`. */
  payload: Record<string, unknown>;
  idKey: string;
  /** The new row's column whose value goes into the payload under `idKey`; ascending in insertion order (a serial). */
  idColumn: PgColumn;
}

/** The insert's placeholder values, plus the job's `runAt` and `createdAt`. */
export type RowValues = Record<string, unknown> & { job: { runAt: Date; createdAt: Date } };

export interface RowWithJob<Row> {
  /** Inserts the row and queues its job. */
  (db: Database, values: RowValues): Promise<Row>;
}

/** Most rows one statement writes: a handful of prepared statements per path and connection. */
const MOST_ROWS = 16;

/**
 * `values(p)` is one row's values for the insert, every value from the request a placeholder named
 * through `p` (a batch names each row's apart); `name` names the prepared statements (unique in the
 * code base).
 */
export function rowWithJob<T extends PgTable>(options: {
  name: string;
  table: T;
  values: (p: (name: string) => Placeholder) => PgInsertValue<T>;
  job: JobForRow;
}): RowWithJob<T['$inferSelect']> {
  const { job } = options;
  const columns = Object.entries(getTableColumns(options.table));
  const id = sql.identifier(job.idColumn.name);

  // The n rows' insert numbers its rows by their new ids, which a serial hands out in the order of
  // the VALUES list, and each row's job takes the due time of the row with the same number.
  const statementFor = (rows: number): ((db: Database) => PreparedSql) =>
    preparedSql(rows === 1 ? options.name : `${options.name}_${rows}`, (db) => {
      const each = Array.from({ length: rows }, (_, i) => i);
      const insert = db
        .insert(options.table)
        .values(each.map((i) => options.values((name) => sql.placeholder(`${name}_${i}`))))
        .returning();
      const due = sql.join(
        each.map(
          (i) =>
            sql`(${sql.raw(String(i + 1))}, ${sql.placeholder(`jobRunAt_${i}`)}::timestamptz, ${sql.placeholder(`jobCreatedAt_${i}`)}::timestamptz)`,
        ),
        sql`, `,
      );
      return sql`with "row" as (${insert.getSQL()}),
        "numbered" as (select "row".*, row_number() over (order by "row".${id}) as "svc_place" from "row"),
        "due" as (select * from (values ${due}) as "due" ("svc_place", "run_at", "created_at")),
        "job" as (insert into ${jobs} ("name", "payload", "run_at", "created_at")
          select ${job.name}, ${JSON.stringify(job.payload)}::jsonb || jsonb_build_object(${job.idKey}::text, "numbered".${id}),
            "due"."run_at", "due"."created_at" from "numbered" join "due" using ("svc_place"))
        select * from "numbered" order by "svc_place"`;
    });
  const statements = Array.from({ length: MOST_ROWS }, (_, i) => statementFor(i + 1));

  /** A row as drizzle reads it: each column's driver value through the column's own mapping. */
  const rowOf = (raw: Record<string, unknown>): T['$inferSelect'] => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };

  const write = async (db: Database, batch: readonly RowValues[]): Promise<T['$inferSelect'][]> => {
    const params: Record<string, unknown> = {};
    batch.forEach(({ job: when, ...values }, i) => {
      for (const [name, value] of Object.entries(values)) params[`${name}_${i}`] = value;
      params[`jobRunAt_${i}`] = when.runAt.toISOString();
      params[`jobCreatedAt_${i}`] = when.createdAt.toISOString();
    });
    // batchWrites checks that each row came back.
    const { rows } = await statements[batch.length - 1]!(db).execute(params);
    return rows.map(rowOf);
  };

  const writerOf = perHandle((db) =>
    batchWrites<RowValues, T['$inferSelect']>({ max: MOST_ROWS, write: (batch) => write(db, batch), retryAlone: refusedByTheStatement }),
  );
  return (db, values) => writerOf(db)(values);
}
