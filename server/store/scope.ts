// Every resource belongs to one account and one environment, and every read or write of one is
// scoped by both (another account's or environment's id answers 404). The condition is written once,
// here, for any table that has the two columns.
import { and, eq, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export interface ScopedTable {
  accountId: PgColumn;
  environment: PgColumn;
}

/** `account_id = scope.accountId and environment = scope.environment` for this table (values, or placeholders of a prepared statement). */
export function ownedBy(table: ScopedTable, scope: { accountId: string | Placeholder; environment: string | Placeholder }): SQL {
  return and(eq(table.accountId, scope.accountId), eq(table.environment, scope.environment))!;
}
