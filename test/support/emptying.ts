// How a test database is emptied for the next test server (memory-database.ts on PGlite, postgres.ts
// on PostgreSQL): one TRUNCATE of every table the migrations made, identity sequences back at 1. The
// migrations add no rows, so the emptied database is a freshly migrated one.

/** Every table of the migrations: all schemas but the system's and drizzle's own (its journal stays). */
const TABLES = `select format('%I.%I', schemaname, tablename) as name from pg_tables
  where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') order by 1`;

/** The TRUNCATE that empties the database `query` reaches; undefined when it has no table. */
export async function emptyingStatement(query: (text: string) => Promise<{ rows: { name: string }[] }>): Promise<string | undefined> {
  const { rows } = await query(TABLES);
  return rows.length === 0 ? undefined : `TRUNCATE ${rows.map((row) => row.name).join(', ')} RESTART IDENTITY CASCADE`;
}
