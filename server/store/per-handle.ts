// Statements built once per database handle: drizzle builds their SQL once, and on PostgreSQL a named
// statement is parsed and planned once per connection. A transaction is a handle of its own, so it
// builds its own: a statement built on the pool must never run outside the transaction it belongs to.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './db.js';

export function perHandle<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let found = built.get(db);
    if (!found) {
      found = build(db);
      built.set(db, found);
    }
    return found;
  };
}

/** A statement drizzle's builders cannot write (a data-modifying WITH ahead of an INSERT), prepared. */
export interface PreparedSql {
  execute: (values: Record<string, unknown>) => Promise<{ rows: Record<string, unknown>[] }>;
}

const dialect = new PgDialect();

/** `statement`'s values are `sql.placeholder`s; `name` names the prepared statement (unique in the code base). */
export function preparedSql(name: string, statement: (db: Database) => SQL): (db: Database) => PreparedSql {
  return perHandle((db) => db._.session.prepareQuery(dialect.sqlToQuery(statement(db)), undefined, name, false) as unknown as PreparedSql);
}
