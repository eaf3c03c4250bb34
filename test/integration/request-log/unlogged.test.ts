// D-87: the request log and the rate-limit counters write no WAL (unlogged tables), while the log's id
// sequence stays logged, so ids after a crash of the database go on from where they were and a
// `logs tail` cursor never skips entries. Checked on whichever engine the suite runs on.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { serverTest } from '../../support/fixtures.js';

const it = serverTest();

it('keeps the request log and the rate-limit counters unlogged, and the log id sequence logged', async ({ server }) => {
  const result = await server.deps.db.execute(
    sql`select relname, relpersistence from pg_class
      where relname in ('request_log', 'request_log_id_seq', 'rate_limit_counters') and relnamespace = 'public'::regnamespace
      order by relname`,
  );
  // Both drivers answer with `rows`; the database's type is the union of theirs.
  expect((result as unknown as { rows: { relname: string; relpersistence: string }[] }).rows).toEqual([
    { relname: 'rate_limit_counters', relpersistence: 'u' },
    { relname: 'request_log', relpersistence: 'u' },
    { relname: 'request_log_id_seq', relpersistence: 'p' },
  ]);
});
