// How a test database is emptied for the next test server (memory-database.ts on PGlite, postgres.ts
// on PostgreSQL): every row of every table the migrations made deleted, and the sequences those tables
// own back at their start. The migrations add no rows, so the emptied database is a freshly migrated
// one.
//
// DELETE rather than TRUNCATE: a TRUNCATE gives each of the 31 tables and their indexes new files and
// drops the old ones at commit, which cost PostgreSQL about 80 ms of CPU (150 ms wall) per emptying
// against 7 ms (10 ms) for the DELETEs, and PGlite 40 to 65 ms against 7 to 11 ms; the rows a test
// server leaves are few, so deleting them is cheap (`git log -p bench/README.md`, CI time, sixth session).

/** The app's tables (all schemas but the system's and drizzle's own, whose journal stays), and which tables each one references. */
const TABLES = `select format('%I.%I', n.nspname, c.relname) as name,
    coalesce((select array_agg(distinct format('%I.%I', rn.nspname, r.relname))
      from pg_constraint f join pg_class r on r.oid = f.confrelid join pg_namespace rn on rn.oid = r.relnamespace
      where f.contype = 'f' and f.conrelid = c.oid and f.confrelid <> c.oid), '{}') as refs
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and not c.relispartition and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
    and n.nspname not like 'pg\\_%'
  order by 1`;

/** The sequences the app's tables own (serial and identity columns): what RESTART IDENTITY would reset. */
const OWNED_SEQUENCES = `select distinct format('%I.%I', sn.nspname, s.relname) as name
  from pg_class s join pg_namespace sn on sn.oid = s.relnamespace
  join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
  join pg_class t on t.oid = d.refobjid join pg_namespace tn on tn.oid = t.relnamespace
  where s.relkind = 'S' and tn.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
  order by 1`;

export interface TableRow {
  name: string;
  /** The other tables this one's foreign keys reference. */
  refs: string[];
}

type Query = (text: string) => Promise<{ rows: unknown[] }>;

/**
 * The tables in an order that deletes every referencing table before the tables it references, or
 * undefined when foreign keys between tables form a cycle (no such order exists).
 */
export function deletionOrder(tables: readonly TableRow[]): string[] | undefined {
  const names = new Set(tables.map((table) => table.name));
  // referencedBy: a table's rows can go once every table referencing it is already emptied.
  const pending = new Map(tables.map((table) => [table.name, 0]));
  const referencedBy = new Map<string, string[]>();
  for (const table of tables) {
    for (const ref of table.refs) {
      if (!names.has(ref)) continue;
      pending.set(ref, pending.get(ref)! + 1);
      referencedBy.set(table.name, [...(referencedBy.get(table.name) ?? []), ref]);
    }
  }
  const order: string[] = [];
  const ready = [...pending].filter(([, count]) => count === 0).map(([name]) => name);
  while (ready.length > 0) {
    const name = ready.shift()!;
    order.push(name);
    for (const ref of referencedBy.get(name) ?? []) {
      const left = pending.get(ref)! - 1;
      pending.set(ref, left);
      if (left === 0) ready.push(ref);
    }
  }
  return order.length === tables.length ? order : undefined;
}

/** The statements that empty the database `query` reaches; undefined when it has no table. */
export async function emptyingStatement(query: Query): Promise<string | undefined> {
  const tables = (await query(TABLES)).rows as TableRow[];
  if (tables.length === 0) return undefined;
  const sequences = ((await query(OWNED_SEQUENCES)).rows as { name: string }[]).map((row) => row.name);
  const order = deletionOrder(tables);
  // Tables that reference each other in a cycle cannot be deleted one after another: TRUNCATE them.
  if (!order) return `TRUNCATE ${tables.map((table) => table.name).join(', ')} RESTART IDENTITY CASCADE`;
  return [...order.map((name) => `DELETE FROM ${name}`), ...sequences.map((name) => `ALTER SEQUENCE ${name} RESTART`)].join('; ');
}
