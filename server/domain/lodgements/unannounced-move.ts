// A regulator move that announces nothing, as one statement (regulator-flow.ts, the first step): the
// row's status changes only if the row is still where the step expects it, and the next step's job is
// queued from the changed row, so a row that has moved on gets neither. No transaction: the statement
// is atomic on its own, and its UPDATE waits for any other move of the row and checks it again.
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { preparedSql } from '../../store/per-handle.js';
import { jobs } from '../../store/schema/index.js';
import type { Database } from '../../store/db.js';
import type { UnannouncedMove } from './regulator-flow.js';

/** `name` names the prepared statement (unique in the code base). */
export function unannouncedMove<Status extends string>(
  name: string,
  table: PgTable,
  columns: { requestId: PgColumn; status: PgColumn; updatedAt: PgColumn },
): (db: Database, move: UnannouncedMove<Status>) => Promise<void> {
  const [id, status, updatedAt] = [columns.requestId, columns.status, columns.updatedAt].map((c) => sql.identifier(c.name));
  const p = (placeholder: string) => sql.placeholder(placeholder);
  const statement = preparedSql(
    name,
    () => sql`with "moved" as (
        update ${table} set ${status} = ${p('to')}::text, ${updatedAt} = ${p('now')}::timestamptz
        where ${id} = ${p('requestId')}::bigint and ${status} = ${p('from')}::text
        returning 1)
      insert into ${jobs} ("name", "payload", "run_at", "created_at")
        select ${p('jobName')}::text, ${p('jobPayload')}::jsonb, ${p('runAt')}::timestamptz, ${p('now')}::timestamptz from "moved"
      on conflict do nothing`,
  );
  return async (db, { requestId, from, to, now, next }) => {
    await statement(db).execute({
      requestId,
      from,
      to,
      now: now.toISOString(),
      jobName: next.name,
      jobPayload: JSON.stringify(next.payload ?? {}),
      runAt: next.runAt.toISOString(),
    });
  };
}
