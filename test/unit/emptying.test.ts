// A test server's database is emptied for the next test server (test/support/emptying.ts): the next
// server must meet a freshly migrated database, whatever rows and sequence values the last one left.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deletionOrder } from '../support/emptying.js';
import { openMemoryDatabase } from '../support/memory-database.js';

describe('deletionOrder', () => {
  it('deletes every referencing table before the tables it references', () => {
    const order = deletionOrder([
      { name: 'public.accounts', refs: [] },
      { name: 'public.api_keys', refs: ['public.accounts'] },
      { name: 'public.deliveries', refs: ['public.endpoints'] },
      { name: 'public.attempts', refs: ['public.deliveries', 'public.accounts'] },
      { name: 'public.endpoints', refs: ['public.accounts'] },
    ]);
    expect(order).toHaveLength(5);
    const at = (name: string) => order!.indexOf(name);
    expect(at('public.api_keys')).toBeLessThan(at('public.accounts'));
    expect(at('public.attempts')).toBeLessThan(at('public.deliveries'));
    expect(at('public.deliveries')).toBeLessThan(at('public.endpoints'));
    expect(at('public.endpoints')).toBeLessThan(at('public.accounts'));
  });

  it('ignores references to tables it does not empty', () => {
    expect(deletionOrder([{ name: 'public.a', refs: ['other.kept'] }])).toEqual(['public.a']);
  });

  it('gives no order when foreign keys form a cycle', () => {
    expect(
      deletionOrder([
        { name: 'public.a', refs: ['public.b'] },
        { name: 'public.b', refs: ['public.a'] },
        { name: 'public.c', refs: [] },
      ]),
    ).toBeUndefined();
  });
});

interface Counted {
  name: string;
  rows: number;
}

describe('a closed test server database, emptied for the next one', () => {
  it('has no row in any table and every owned sequence back at its start', async () => {
    const first = await openMemoryDatabase();
    // A marker outside the emptied schemas tells that the next lease got this same instance back
    // (an instance whose emptying fails is closed, and the next lease would then be a new one).
    await first.db.execute(sql`create table drizzle.emptying_marker (id int)`);
    // A parent and its child: deleting the parent first would break the foreign key.
    await first.db.execute(
      sql`insert into accounts (id, name, owner_email, plan, billing, card_status, created_at) values ('acct_emptying', 'Emptying', 'e@example.com', 'free', 'none', 'none', now())`,
    );
    await first.db.execute(
      sql`insert into api_keys (id, account_id, type, environment, key_hash, last4, status, created_at) values ('key_emptying', 'acct_emptying', 'secret', 'test', 'hash', 'abcd', 'active', now())`,
    );
    const sequences = (await first.db.execute(sql`select format('%I.%I', schemaname, sequencename) as name from pg_sequences
      where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')`)) as unknown as { rows: { name: string }[] };
    expect(sequences.rows.length).toBeGreaterThan(0);
    for (const { name } of sequences.rows) await first.db.execute(sql.raw(`select nextval('${name}'), nextval('${name}')`));
    await first.close();

    const second = await openMemoryDatabase();
    try {
      const marker = (await second.db.execute(sql`select to_regclass('drizzle.emptying_marker') as marker`)) as unknown as {
        rows: { marker: string | null }[];
      };
      expect(marker.rows[0]!.marker).not.toBeNull();
      await second.db.execute(sql`drop table drizzle.emptying_marker`);

      const tables = (await second.db.execute(sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')`)) as unknown as { rows: { name: string }[] };
      const counted: Counted[] = [];
      for (const { name } of tables.rows) {
        const result = (await second.db.execute(sql.raw(`select count(*)::int as rows from ${name}`))) as unknown as {
          rows: { rows: number }[];
        };
        counted.push({ name, rows: result.rows[0]!.rows });
      }
      expect(counted.filter((table) => table.rows > 0)).toEqual([]);

      for (const { name } of sequences.rows) {
        const next = (await second.db.execute(
          sql.raw(
            `select nextval('${name}')::text as next, (select start_value::text from pg_sequences where format('%I.%I', schemaname, sequencename) = '${name}') as start`,
          ),
        )) as unknown as { rows: { next: string; start: string }[] };
        expect(next.rows[0]!.next, name).toBe(next.rows[0]!.start);
      }
    } finally {
      await second.close();
    }
  });
});
