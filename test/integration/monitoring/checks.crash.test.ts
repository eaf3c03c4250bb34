// A daily register check whose process is killed (spec 6.2; issue "Scale": "a worker killed mid-run
// leaves no entity checked twice or skipped"). A real `server/main.ts` process, as `npm start` runs
// it, works a queued `monitoring-daily-check` over thousands of live entities on a throw-away
// PostgreSQL database; it is SIGKILLed (its whole process group) after some batches and before the
// last, and a second process started on the same database takes the job over once the dead one's
// lease has passed. The round goes on where it stopped: every entity is marked with the round once,
// and every change is recorded as exactly one event.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../server/domain/accounts/accounts.js';
import { BATCH } from '../../../server/domain/monitoring/checks.js';
import { ManualClock } from '../../../server/clock.js';
import { enqueue } from '../../../server/jobs/queue.js';
import { openDatabase, type OpenDatabase } from '../../../server/store/db.js';
import { jobs, monitoredEntities, monitoringEvents, registerCompanies } from '../../../server/store/schema/index.js';
import { TEST_SECRET_KEY, TEST_START } from '../../support/harness.js';
import { assertPostgres, createThrowawayDatabase, probePostgres, type ThrowawayDatabase } from '../../support/postgres.js';
import { groupServerEnv, signalGroup, sleep, startGroupServer, type GroupServer } from '../../support/server-group.js';
import { acnFrom, baselineSnapshot as baseline } from '../../support/generated-companies.js';

const WHAT = 'a monitoring check resumes after its process is SIGKILLed';
const probe = await probePostgres(WHAT);

/** Eight batches, so the kill can fall after some and before the last. */
const TOTAL = BATCH * 8;
/** Short lease, so the second process may take the dead one's job within the test (default 30 s). */
const LEASE_SECONDS = 2;
const JOB = 'monitoring-daily-check';

let database: ThrowawayDatabase | undefined;
let opened: OpenDatabase | undefined;
const servers: GroupServer[] = [];

afterAll(async () => {
  for (const server of servers) await signalGroup(server.child, 'SIGKILL');
  await opened?.close();
  await database?.drop();
});

async function waitFor<T>(what: string, probeOnce: () => Promise<T | undefined>, timeoutMs: number, server?: GroupServer): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probeOnce();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${server ? `; the server said:\n${server.output()}` : ''}`);
    await sleep(5);
  }
}

describe.skipIf(!probe.available && !probe.required)(WHAT, () => {
  beforeAll(() => {
    assertPostgres(probe, WHAT);
  });

  it(`checks each of ${TOTAL} entities once and records each change once, across a SIGKILL mid-round`, async () => {
    database = await createThrowawayDatabase();
    opened = await openDatabase({ databaseUrl: database.url });
    const db = opened.db;
    const clock = new ManualClock(TEST_START);
    const now = clock.now();

    const { account } = await createAccount({
      ctx: { db, clock },
      input: { name: 'Check crash', ownerEmail: 'check-crash@example.com', plan: 'standard', billing: 'card', cardStatus: 'valid' },
    });
    const acns = Array.from({ length: TOTAL }, (_, i) => acnFrom(71_000_000 + i));
    for (let from = 0; from < TOTAL; from += 1000)
      await db.insert(monitoredEntities).values(
        acns.slice(from, from + 1000).map((acn) => ({
          accountId: account.id,
          environment: 'live' as const,
          acn,
          abn: null,
          entityName: baseline(acn).name,
          status: 'active',
          monitoringStatus: 'active',
          startsAt: '2026-11-22',
          expiresAt: '2027-11-22',
          register: baseline(acn),
          createdAt: now,
          updatedAt: now,
        })),
      );
    // One company in a hundred renamed on the register, spread over every batch.
    const changed = acns.filter((_, i) => i % 100 === 7);
    await db
      .insert(registerCompanies)
      .values(changed.map((acn) => ({ acn, record: { name: `RENAMED ${acn} PTY LTD`, status: 'registered' }, updatedAt: now })));
    const env = groupServerEnv('postgres', database.url, {
      SVC_SECRET_KEY: TEST_SECRET_KEY,
      SVC_JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      LOG_LEVEL: 'info',
    });
    const first = await startGroupServer(env);
    servers.push(first);

    // Queued as the schedule queues it (the recurring one of `npm start` is due at 03:00 Brisbane, hours away).
    await enqueue(db, { name: JOB, runAt: now }, now);
    const [queued] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, JOB), sql`${jobs.uniqueKey} is null`));
    const round = `${JOB}:${queued!.id}`;
    const marked = async (): Promise<number> => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(monitoredEntities)
        .where(and(eq(monitoredEntities.accountId, account.id), eq(monitoredEntities.checkRound, round)));
      return row!.n;
    };
    // Killed once at least one batch is recorded, and before the round is over.
    const atKill = await waitFor(
      'the first batches of the check',
      async () => {
        const n = await marked();
        if (n < BATCH) return undefined;
        await signalGroup(first.child, 'SIGKILL');
        return n;
      },
      120_000,
      first,
    );
    expect(first.child.signalCode).toBe('SIGKILL');
    const afterKill = await marked();
    expect(afterKill).toBeGreaterThanOrEqual(atKill);
    expect(afterKill, 'the kill came after the whole round: nothing left to resume').toBeLessThan(TOTAL);
    expect(afterKill % BATCH).toBe(0);
    const [held] = await db.select().from(jobs).where(eq(jobs.id, queued!.id));
    expect(held).toMatchObject({ state: 'running', attempts: 1 });
    const eventsAtKill = await db.select().from(monitoringEvents).where(eq(monitoringEvents.accountId, account.id));

    // Restarted: the job's lease passes and the new process runs it again as the same round.
    const second = await startGroupServer(env);
    servers.push(second);
    const finished = await waitFor(
      'the job to finish',
      async () => {
        const [row] = await db.select().from(jobs).where(eq(jobs.id, queued!.id));
        return row?.state === 'done' ? row : undefined;
      },
      120_000,
      second,
    );
    expect(finished.attempts).toBe(2);
    // The second run took only what the first had not marked (its log line counts what it checked).
    // The log is written asynchronously: the line may reach the pipe a moment after the job's row.
    const logged = await waitFor(
      "the check's log line",
      async () => /"checked":(\d+),"events":(\d+)[^\n]*monitoring register check/.exec(second.output()) ?? undefined,
      10_000,
      second,
    );
    expect(Number(logged[1])).toBe(TOTAL - afterKill);

    const rows = await db.select().from(monitoredEntities).where(eq(monitoredEntities.accountId, account.id));
    expect(rows).toHaveLength(TOTAL);
    expect(rows.filter((row) => row.checkRound !== round)).toStrictEqual([]);
    const events = await db.select().from(monitoringEvents).where(eq(monitoringEvents.accountId, account.id));
    expect(events).toHaveLength(changed.length);
    expect(eventsAtKill.length).toBeLessThan(changed.length);
    expect(new Set(events.map((event) => event.entityId)).size).toBe(changed.length);
    expect(events.every((event) => event.eventType === 'name_change')).toBe(true);
    expect(Number(logged[2])).toBe(changed.length - eventsAtKill.length);
    const renamed = rows
      .filter((row) => row.entityName.startsWith('RENAMED'))
      .map((row) => row.acn)
      .sort();
    expect(renamed).toStrictEqual([...changed].sort());
  });
});
