// Register records the operator API has created or changed (tables `register_companies` and
// `register_abns`): one store for both, keyed by the register's number (ACN or ABN) with the record
// as JSON. A row replaces the fixture or generated record with the same number whole, so fields it
// leaves out take the defaults of its schema rather than the fixture's values.
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z, type ZodType } from 'zod';
import type { Database } from '../store/db.js';
import { registerAbns, registerCompanies } from '../store/schema/index.js';

type OverrideTable = typeof registerCompanies | typeof registerAbns;

export interface OverrideStore<R> {
  find(key: string): Promise<R | null>;
  /** Every stored record (the sandbox holds a handful). */
  list(): Promise<R[]>;
  /** The stored records among these keys (one query for a batch of register checks). */
  findMany(keys: readonly string[]): Promise<R[]>;
  /** The stored records whose `field` (a top-level name of the record) holds one of these values, in key order. */
  findBy(field: string, values: readonly string[]): Promise<R[]>;
  /** Stores the whole record under its number; true when there was no stored record for that number before. */
  save(record: R, at: Date): Promise<boolean>;
}

/** Rows are written only through the validated operator API: one that does not parse is a bug or a hand edit, so fail loudly. */
export function parseOverride<T>(schema: ZodType<T>, table: string, key: string, kind: string, record: unknown): T {
  const parsed = schema.safeParse(record);
  if (!parsed.success)
    throw new Error(
      `${table} row ${key} is not ${kind}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

/** What a stored company and a stored ABN both carry: GST and business names, with their defaults. */
export const STORED_TAX_FIELDS = {
  gstRegistered: z.boolean().default(false),
  gstDate: z.string().nullable().default(null),
  businessNames: z.array(z.string()).default([]),
};

/** The reader of a table's rows: the register's record, its number under `key` (see `parseOverride`). */
export function recordReader<K extends string, T>(
  key: K,
  schema: ZodType<T>,
  table: string,
  kind: string,
): (value: string, record: unknown) => Record<K, string> & T {
  return (value, record) => ({ [key]: value, ...parseOverride(schema, table, value, kind, record) }) as Record<K, string> & T;
}

export interface OverrideStoreOptions<R> {
  table: OverrideTable;
  /** The field of the record that holds its number (the row's key); the rest is stored as JSON. */
  key: keyof R & string;
  /** The register's record from a row's key and stored JSON (parsed with `parseOverride`). */
  toRecord(key: string, record: unknown): R;
}

export function createOverrideStore<R extends object>(
  db: Database,
  { table, key: keyField, toRecord }: OverrideStoreOptions<R>,
): OverrideStore<R> {
  const keyColumn = 'acn' in table ? table.acn : table.abn;
  const columns = { key: keyColumn, record: table.record };
  const records = (rows: { key: string; record: unknown }[]): R[] => rows.map((row) => toRecord(row.key, row.record));
  /** The records of the rows that meet `condition`, in key order. */
  const recordsWhere = async (condition: SQL): Promise<R[]> =>
    records(await db.select(columns).from(table).where(condition).orderBy(keyColumn));
  return {
    async find(key) {
      const [row] = await db.select(columns).from(table).where(eq(keyColumn, key));
      return row ? toRecord(row.key, row.record) : null;
    },
    async list() {
      return records(await db.select(columns).from(table).orderBy(keyColumn));
    },
    async findMany(keys) {
      if (keys.length === 0) return [];
      return recordsWhere(inArray(keyColumn, [...keys]));
    },
    async findBy(field, values) {
      if (values.length === 0) return [];
      if (!/^[a-zA-Z]+$/.test(field)) throw new Error(`not a record field name: ${field}`);
      // A literal name, not a parameter, so the expression index on `record ->> 'abn'` serves the query.
      const value = sql`(${table.record} ->> ${sql.raw(`'${field}'`)})`;
      return recordsWhere(inArray(value, [...values]));
    },
    async save(record, at) {
      const { [keyField]: key, ...fields } = record as Record<string, unknown>;
      if (typeof key !== 'string') throw new Error(`a ${keyField} record without its ${keyField}`);
      const [existing] = await db.select({ key: keyColumn }).from(table).where(eq(keyColumn, key));
      await db
        .insert(table)
        .values({ [keyColumn.name]: key, record: fields, updatedAt: at })
        .onConflictDoUpdate({ target: keyColumn, set: { record: fields, updatedAt: at } });
      return !existing;
    },
  };
}
