// Jobs as rows (architecture.md): the manual clock's advance runs every due job in time order at its
// due instant, the operator runs a job by name, a job whose worker died is claimed again, concurrent
// runners never run one job twice (SKIP LOCKED), and a throwing job is retried then parked.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, RealClock } from '../../../server/clock.js';
import { loadConfig } from '../../../server/config.js';
import type { AppDeps } from '../../../server/deps.js';
import { buildApp } from '../../../server/app.js';
import { claimJobs, claimStatement, completeJobWithState, enqueue, enqueueAll, queueState } from '../../../server/jobs/queue.js';
import { runDueJobs, scheduleRecurring, startWorker, type JobRegistry, type RecurringJob } from '../../../server/jobs/runner.js';
import { createLogger } from '../../../server/logger.js';
import { openDatabase, type OpenDatabase } from '../../../server/store/db.js';
import { jobs } from '../../../server/store/schema/index.js';
import { ADMIN_TOKEN, startTestServer, TEST_START, type TestServer } from '../../support/harness.js';
import { assertPostgres, createThrowawayDatabase, probePostgres, type ThrowawayDatabase } from '../../support/postgres.js';
import { wireDeps } from '../../../server/wiring.js';
import type { JobRow } from '../../../server/store/schema/jobs.js';

interface Seen {
  name: string;
  id: number;
  tag: unknown;
  /** Seconds after the test's base instant, read from the service clock while the job ran. */
  at: number;
}

const seen: Seen[] = [];
const NAMED = 'certificate-generation';
const OTHER = 'partner-progress';
let base = 0;
let heldStarted: () => void = () => undefined;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function record(deps: AppDeps, job: JobRow): void {
  seen.push({ name: job.name, id: job.id, tag: job.payload.tag, at: (deps.clock.now().getTime() - base) / 1000 });
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const handlers = server.built.jobs.handlers;
  // The operator API runs jobs by their documented names only, so the jobs run by name borrow two
  // queued (not periodic) names; the other stand-ins have names of their own.
  server.built.jobs.recurring = server.built.jobs.recurring.filter((r) => r.name !== NAMED && r.name !== OTHER);
  for (const name of ['test-order', NAMED, OTHER]) {
    handlers[name] = async (deps, job) => record(deps, job);
  }
  handlers['test-chain'] = async (deps, job) => {
    record(deps, job);
    const n = Number(job.payload.tag);
    if (n < 4)
      await enqueue(
        deps.db,
        { name: 'test-chain', payload: { tag: n + 1 }, runAt: new Date(deps.clock.now().getTime() + 30_000) },
        deps.clock.now(),
      );
  };
  handlers['test-held'] = async (deps, job) => {
    record(deps, job);
    heldStarted();
    await delay(200);
    record(deps, job);
  };
  handlers['test-slow'] = async (deps, job) => {
    record(deps, job);
    await delay(100);
    record(deps, job);
  };
  handlers['test-fail'] = async (deps, job) => {
    record(deps, job);
    throw new Error('always fails');
  };
  handlers['test-concurrent'] = async (deps, job) => {
    record(deps, job);
    await delay(2);
  };
});
afterAll(async () => {
  await server?.close();
});

function startBase(): void {
  base = server.clock.now().getTime();
  seen.length = 0;
}

async function schedule(name: string, afterSeconds: number, tag: unknown): Promise<void> {
  await enqueue(server.deps.db, { name, payload: { tag }, runAt: new Date(base + afterSeconds * 1000) }, server.clock.now());
}

async function advance(seconds: number): Promise<{ now: string; jobsRun: number }> {
  const moved = await server.admin<{ now: string; jobsRun: number }>('POST', '/admin/clock/advance', { seconds });
  expect(moved.status).toBe(200);
  return moved.body;
}

async function rowsNamed(name: string) {
  return server.deps.db.select().from(jobs).where(eq(jobs.name, name)).orderBy(jobs.id);
}

describe('service clock and jobs', () => {
  it('GET /admin/clock shows the manual clock', async () => {
    const clock = await server.admin<{ now: string; mode: string }>('GET', '/admin/clock');
    expect(clock.status).toBe(200);
    expect(clock.body).toEqual({ now: TEST_START.toISOString(), mode: 'manual' });
  });

  it('concurrent advances run one after the other: the clock moves by each, and each answers its own now (D-63)', async () => {
    startBase();
    await schedule('test-slow', 10, 'slow');
    const answers = await Promise.all([advance(60), advance(60), advance(60)]);
    expect(answers.map((a) => Date.parse(a.now)).sort((a, b) => a - b)).toEqual([base + 60_000, base + 120_000, base + 180_000]);
    expect(server.clock.now().getTime()).toBe(base + 180_000);
    // The job due in the first advance's interval ran once, at its own instant.
    expect(seen.filter((s) => s.tag === 'slow').map((s) => s.at)).toEqual([10, 10]);
  });

  it('advance runs every due job in time order, at its due instant, and leaves later jobs alone', async () => {
    startBase();
    await schedule('test-order', 90, 'a');
    await schedule('test-order', 30, 'b');
    await schedule('test-order', 60, 'c');
    await schedule('test-order', 200, 'd');
    await schedule('test-order', 0, 'e');

    const first = await advance(120);
    expect(first.jobsRun).toBe(4);
    expect(first.now).toBe(new Date(base + 120_000).toISOString());
    expect(seen.map((s) => [s.tag, s.at])).toEqual([
      ['e', 0],
      ['b', 30],
      ['c', 60],
      ['a', 90],
    ]);
    const pending = (await rowsNamed('test-order')).filter((r) => r.state === 'pending');
    expect(pending.map((r) => r.payload.tag)).toEqual(['d']);

    const second = await advance(100);
    expect(second.jobsRun).toBe(1);
    expect(seen.at(-1)).toMatchObject({ tag: 'd', at: 200 });
    expect(server.clock.now().getTime()).toBe(base + 220_000);
    expect((await rowsNamed('test-order')).every((r) => r.state === 'done' && r.finishedAt !== null)).toBe(true);
  });

  it('a job scheduled by a job during an advance runs at its own due time (a retry 30 s later sees +30 s)', async () => {
    startBase();
    await schedule('test-chain', 10, 1);
    const moved = await advance(100);
    expect(moved.jobsRun).toBe(4);
    expect(seen.map((s) => [s.tag, s.at])).toEqual([
      [1, 10],
      [2, 40],
      [3, 70],
      [4, 100],
    ]);
  });

  it('POST /admin/jobs/{name}/run runs the pending jobs of that name now, without moving the clock', async () => {
    startBase();
    await schedule(NAMED, 86_400, 'tomorrow');
    await schedule(NAMED, 3_600, 'in an hour');
    await schedule(OTHER, 3_600, 'other');
    const run = await server.admin<{ jobsRun: number }>('POST', `/admin/jobs/${NAMED}/run`);
    expect(run.status).toBe(200);
    expect(run.body.jobsRun).toBe(2);
    expect(seen.map((s) => [s.tag, s.at])).toEqual([
      ['in an hour', 0],
      ['tomorrow', 0],
    ]);
    expect(server.clock.now().getTime()).toBe(base);
    expect((await rowsNamed(OTHER)).map((r) => r.state)).toEqual(['pending']);
    expect((await server.admin<{ jobsRun: number }>('POST', `/admin/jobs/${NAMED}/run`)).body.jobsRun).toBe(0);
    // Leave nothing pending for the later tests.
    expect((await server.admin<{ jobsRun: number }>('POST', `/admin/jobs/${OTHER}/run`)).body.jobsRun).toBe(1);
  });

  it('claims again a job whose worker died (running, lease expired), but not one whose worker is alive', async () => {
    startBase();
    await schedule(NAMED, 0, 'dead');
    await schedule(NAMED, 0, 'alive');
    const [dead, alive] = (await rowsNamed(NAMED)).slice(-2);
    const ids = [dead!.id, alive!.id];
    const reread = async () => (await rowsNamed(NAMED)).filter((r) => ids.includes(r.id));
    await server.deps.db.execute(
      sql`UPDATE ${jobs} SET state = 'running', locked_by = 'worker-gone', attempts = 1, lease_until = now() - interval '1 second' WHERE id = ${dead!.id}`,
    );
    await server.deps.db.execute(
      sql`UPDATE ${jobs} SET state = 'running', locked_by = 'worker-busy', attempts = 1, lease_until = now() + interval '10 minutes' WHERE id = ${alive!.id}`,
    );

    // The worker's path: everything due at the clock's now, plus expired leases.
    expect(await runDueJobs(server.deps, server.built.jobs)).toBe(1);
    expect(seen.map((s) => s.tag)).toEqual(['dead']);
    const [deadAfter, aliveAfter] = await reread();
    expect(deadAfter).toMatchObject({ state: 'done', attempts: 2 });
    expect(aliveAfter).toMatchObject({ state: 'running', lockedBy: 'worker-busy', attempts: 1 });

    // The operator's path too, once the busy worker's lease has passed.
    await server.deps.db.execute(sql`UPDATE ${jobs} SET lease_until = now() - interval '1 second' WHERE id = ${alive!.id}`);
    expect((await server.admin<{ jobsRun: number }>('POST', `/admin/jobs/${NAMED}/run`)).body.jobsRun).toBe(1);
    expect(seen.map((s) => s.tag)).toEqual(['dead', 'alive']);
    expect((await reread()).map((r) => [r.state, r.attempts])).toEqual([
      ['done', 2],
      ['done', 2],
    ]);
  });

  it('two concurrent runners never run the same job twice', async () => {
    startBase();
    for (let i = 0; i < 45; i++) await schedule('test-concurrent', 0, i);
    const counts = await Promise.all([
      runDueJobs(server.deps, server.built.jobs),
      runDueJobs(server.deps, server.built.jobs),
      runDueJobs(server.deps, server.built.jobs),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(45);
    expect(seen).toHaveLength(45);
    expect(new Set(seen.map((s) => s.id)).size).toBe(45);
    expect((await rowsNamed('test-concurrent')).every((r) => r.state === 'done' && r.attempts === 1)).toBe(true);
  });

  it('does not move the clock while a job due now is still running in another worker', async () => {
    startBase();
    const started = new Promise<void>((resolve) => (heldStarted = resolve));
    await schedule('test-held', 0, 'held');
    await schedule('test-order', 30, 'next');
    // Another worker takes the job due now and is still busy with it when the advance comes.
    const other = runDueJobs(server.deps, server.built.jobs);
    await started;
    const moved = await advance(60);
    expect(await other).toBe(1);
    // Both ran while the advance ran: the held job, finished by the other worker while the advance
    // waited for it, and the next one.
    expect(moved.jobsRun).toBe(2);
    expect(seen.map((s) => [s.tag, s.at])).toEqual([
      ['held', 0],
      ['held', 0],
      ['next', 30],
    ]);
  });

  it('with the background worker running too, every job still sees the clock at its own due time', async () => {
    startBase();
    // The worker polls every 5 ms and competes with the advance for each job as it comes due.
    const worker = startWorker(server.deps, server.built.jobs, { intervalMs: 5 });
    const dueAt = [15, 30, 45, 60, 75, 90];
    try {
      for (const at of dueAt) await schedule('test-slow', at, at);
      await advance(120);
    } finally {
      await worker.stop();
    }
    // Each job read the clock as it started and again after 100 ms of work: both are its due time,
    // and no job started before the previous one finished.
    expect(seen.map((s) => [s.tag, s.at])).toEqual(
      dueAt.flatMap((at) => [
        [at, at],
        [at, at],
      ]),
    );
    expect(server.clock.now().getTime()).toBe(base + 120_000);
  });

  it('a throwing job is retried 30 s later, then parked as failed after five attempts', async () => {
    startBase();
    await schedule('test-fail', 0, 'boom');
    const moved = await advance(600);
    expect(moved.jobsRun).toBe(5);
    expect(seen.map((s) => s.at)).toEqual([0, 30, 60, 90, 120]);
    const [row] = await rowsNamed('test-fail');
    expect(row).toMatchObject({ state: 'failed', attempts: 5, lastError: 'always fails', leaseUntil: null });
    // Parked: no further attempt however far the clock moves.
    expect((await advance(3600)).jobsRun).toBe(0);
  });

  it('a periodic job that keeps failing is parked, and its next regular run is still scheduled', async () => {
    startBase();
    const periodic: RecurringJob = {
      name: 'test-periodic-fail',
      everySeconds: 3600,
      handler: async (deps, job) => {
        record(deps, job);
        throw new Error('periodic failure');
      },
    };
    server.built.jobs.handlers[periodic.name] = periodic.handler;
    server.built.jobs.recurring.push(periodic);
    try {
      await scheduleRecurring(server.deps, periodic, new Date(base + 60_000));
      expect((await advance(600)).jobsRun).toBe(5);
      expect(seen.map((s) => s.at)).toEqual([60, 90, 120, 150, 180]);
      const rows = await rowsNamed(periodic.name);
      expect(rows.map((r) => r.state)).toEqual(['failed', 'pending']);
      // The next hourly run (counted from the last attempt) keeps the schedule alive.
      expect(rows[1]!.uniqueKey).toBe(`recurring:${periodic.name}`);
      expect(rows[1]!.runAt.getTime()).toBe(base + (180 + 3600) * 1000);
    } finally {
      server.built.jobs.recurring = server.built.jobs.recurring.filter((r) => r !== periodic);
      await server.deps.db.delete(jobs).where(eq(jobs.name, periodic.name));
    }
  });
});

describe('the queued-job announcement', () => {
  it('says when the earliest job of the statement falls due, so a worker wakes only for one due now', async () => {
    const payloads: string[] = [];
    await server.changes.listen('svc_job_queued', {
      changed: (payload) => payloads.push(payload),
      live: () => undefined,
      lost: () => undefined,
    });
    const later = new Date(server.clock.now().getTime() + 5_000);
    await enqueue(server.deps.db, { name: 'test-announced', runAt: later }, server.clock.now());
    await expect.poll(() => payloads).toContain(String(later.getTime()));
    // A lodgement's first regulator step, queued with it by one statement, is announced for five seconds on.
    const account = await server.createAccount();
    const posted = await fetch(`${server.url}/api/test/v2/abn/registrations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${account.keys.secretTest}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        entityName: 'JANE CITIZEN',
        entityType: 'individual',
        businessAddress: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
        contactEmail: 'jane@example.com',
      }),
    });
    expect(posted.status).toBe(201);
    await expect.poll(() => payloads).toContain(String(server.clock.now().getTime() + 5_000));
    await server.deps.db.delete(jobs).where(eq(jobs.name, 'test-announced'));
  });
});

describe("a job's completion answers the queue's state", () => {
  it("as queueState would after it: the finished job left out, its queued next run counted, other workers' jobs in", async () => {
    const now = server.clock.now();
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    const before = at(120);
    const names = ['test-state', 'test-state-later', 'test-state-held', 'test-state-next', 'test-state-far'];
    // Jobs the file's other tests left (a lodgement's next step, say) count too.
    const others = await queueState(server.deps.db, now, before);
    await enqueue(server.deps.db, { name: 'test-state', runAt: now }, now);
    await enqueue(server.deps.db, { name: 'test-state', runAt: now }, now);
    await enqueue(server.deps.db, { name: 'test-state-later', runAt: at(60) }, now);
    // Another worker's job, running under a live lease.
    await enqueue(server.deps.db, { name: 'test-state-held', runAt: now }, now);
    await claimJobs(server.deps.db, { now, limit: 1, leaseSeconds: 3600, name: 'test-state-held', workerId: 'another-worker' });
    try {
      const cases = [
        { next: undefined },
        { next: { name: 'test-state-next', runAt: now, uniqueKey: 'test-state-next' } },
        { next: { name: 'test-state-far', runAt: at(30), uniqueKey: 'test-state-far' } },
      ];
      const answers = [];
      for (const { next } of cases) {
        const [job] = await claimJobs(server.deps.db, { now, limit: 1, leaseSeconds: 60, name: 'test-state', workerId: 'this-worker' });
        expect(job).toBeDefined();
        const answered = await completeJobWithState(server.deps.db, job!.id, now, next, { now, before });
        expect(answered).toStrictEqual(await queueState(server.deps.db, now, before));
        answers.push(answered);
        // The next run queued due now stands in for the following case's job.
        if (next) await server.deps.db.update(jobs).set({ name: 'test-state' }).where(eq(jobs.uniqueKey, next.uniqueKey));
      }
      // Left after each: the other worker's job and what is due now (the second test-state, then the
      // next run queued due now); the earliest due by `before` is due now until only later jobs are left.
      const earliest = (ours: Date) => new Date(Math.min(ours.getTime(), others.next?.getTime() ?? Infinity)).toISOString();
      expect(answers.map((a) => a.unsettled - others.unsettled)).toEqual([2, 2, 1]);
      expect(answers.map((a) => a.next?.toISOString())).toEqual([earliest(now), earliest(now), earliest(at(30))]);
    } finally {
      await server.deps.db.delete(jobs).where(inArray(jobs.name, names));
    }
  });
});

describe('a claim takes the oldest claimable jobs and reads no more of the queue than it takes', () => {
  it('orders due jobs and jobs whose lease ended by when they fell due, oldest first', async () => {
    const now = server.clock.now();
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    const name = 'test-claim-order';
    // Due 30 s ago (pending), 20 s ago (its worker died: running, lease over), 10 s ago (pending).
    for (const [seconds, tag] of [
      [-30, 'pending-oldest'],
      [-20, 'lease-ended'],
      [-10, 'pending-newest'],
    ] as const)
      await enqueue(server.deps.db, { name, payload: { tag }, runAt: at(seconds) }, now);
    const [, died] = await rowsNamed(name);
    await server.deps.db.execute(
      sql`UPDATE ${jobs} SET state = 'running', locked_by = 'worker-gone', lease_until = now() - interval '1 second' WHERE id = ${died!.id}`,
    );
    try {
      const claimed: unknown[] = [];
      for (let i = 0; i < 4; i++) {
        const batch = await claimJobs(server.deps.db, { now, limit: 1, leaseSeconds: 60, name, workerId: 'this-worker' });
        claimed.push(...batch.map((job) => job.payload.tag));
      }
      expect(claimed).toEqual(['pending-oldest', 'lease-ended', 'pending-newest']);
      // Each was claimed once: none is left, however many are asked for.
      const left = await claimJobs(server.deps.db, { now, limit: 2, leaseSeconds: 60, name, workerId: 'this-worker' });
      expect(left).toEqual([]);
    } finally {
      await server.deps.db.delete(jobs).where(eq(jobs.name, name));
    }
  });

  it('with 3,000 jobs due at one instant, one claim reads a handful of rows, not the whole backlog', async () => {
    const now = server.clock.now();
    const name = 'test-claim-backlog';
    // Due at one instant, as a burst of writes on the manual clock queues them.
    await enqueueAll(
      server.deps.db,
      Array.from({ length: 3000 }, () => ({ name, runAt: new Date(now.getTime() - 60_000) })),
      now,
    );
    try {
      // The claim as sent, under EXPLAIN ANALYZE in a transaction that is rolled back (the backlog
      // stays): the rows its scans of the jobs table produced, whatever plan PostgreSQL chose.
      const { text, values } = claimStatement(server.deps.db, { now, limit: 1, leaseSeconds: 60, workerId: 'this-worker' });
      const pieces = text.split(/\$(\d+)/).map((piece, i) => (i % 2 === 0 ? sql.raw(piece) : sql`${values[Number(piece) - 1]}`));
      const read = await server.deps.db
        .transaction(async (tx) => {
          const explained = (await tx.execute(sql.join([sql.raw('EXPLAIN (ANALYZE, FORMAT JSON) '), ...pieces]))) as {
            rows: Record<string, unknown>[];
          };
          const [plan] = Object.values(explained.rows[0]!) as [unknown];
          throw new ReadRows(rowsFromJobs((typeof plan === 'string' ? JSON.parse(plan) : plan) as PlanNode[]));
        })
        .catch((error: unknown) => {
          if (error instanceof ReadRows) return error.rows;
          throw error;
        });
      // One claimed row found by the index, read again by id to update it, and the few index entries
      // around it: well under a hundred, where reading every due job was over 3,000.
      expect(read).toBeGreaterThan(0);
      expect(read).toBeLessThan(100);
    } finally {
      await server.deps.db.delete(jobs).where(eq(jobs.name, name));
    }
  });
});

interface PlanNode {
  Plan?: PlanNode;
  Plans?: PlanNode[];
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
}

/** Rows produced by every scan of the jobs table in an EXPLAIN ANALYZE plan. */
function rowsFromJobs(nodes: readonly PlanNode[]): number {
  return nodes.reduce((sum, node) => {
    const own = node['Relation Name'] === 'jobs' ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1) : 0;
    return sum + own + rowsFromJobs([...(node.Plan ? [node.Plan] : []), ...(node.Plans ?? [])]);
  }, 0);
}

/** Carries a count out of a transaction that is rolled back. */
class ReadRows extends Error {
  constructor(readonly rows: number) {
    super('rolled back on purpose');
  }
}

describe('the operator clock on a real clock', () => {
  let http: Server | undefined;
  let url = '';
  beforeAll(async () => {
    const deps: AppDeps = {
      ...server.deps,
      clock: new RealClock(),
      config: loadConfig({ SVC_ADMIN_TOKEN: ADMIN_TOKEN, LOG_LEVEL: 'silent' }),
    };
    const { app } = await buildApp(deps);
    http = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => http!.once('listening', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (http) await new Promise<void>((resolve) => http!.close(() => resolve()));
  });

  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });

  it('reads mode real and refuses to advance with 409', async () => {
    const read = await call('GET', '/admin/clock');
    expect(read.status).toBe(200);
    const clock = (await read.json()) as { now: string; mode: string };
    expect(clock.mode).toBe('real');
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(60_000);
    const advance = await call('POST', '/admin/clock/advance', { seconds: 60 });
    expect(advance.status).toBe(409);
    expect(await advance.json()).toEqual({ error: 'clock_not_manual', message: expect.any(String) });
  });
});

// Several workers against one PostgreSQL: separate pools (as separate processes have), one queue.
const probe = await probePostgres('jobs: concurrent workers on PostgreSQL');
describe.skipIf(!probe.available && !probe.required)('jobs on PostgreSQL with several workers', () => {
  let database: ThrowawayDatabase | undefined;
  const opened: OpenDatabase[] = [];
  const ran: number[] = [];
  const registry: JobRegistry = {
    handlers: {
      'pg-concurrent': async (_deps, job) => {
        ran.push(job.id);
        await delay(3);
      },
    },
    recurring: [],
  };

  beforeAll(async () => {
    assertPostgres(probe, 'jobs: concurrent workers on PostgreSQL');
    database = await createThrowawayDatabase();
    for (let i = 0; i < 3; i++) opened.push(await openDatabase({ databaseUrl: database.url }));
  }, 120_000);
  afterAll(async () => {
    for (const o of opened) await o.close();
    await database?.drop();
  });

  it('three workers on three pools share 120 due jobs without running any twice (SKIP LOCKED)', async () => {
    const clock = new ManualClock(TEST_START);
    const config = loadConfig({ SVC_CLOCK: 'manual', SVC_ADMIN_TOKEN: ADMIN_TOKEN, LOG_LEVEL: 'silent' });
    const workers: AppDeps[] = opened.map((o) => wireDeps({ config, db: o.db, engine: o.engine, clock, logger: createLogger('silent') }));
    for (let i = 0; i < 120; i++) await enqueue(workers[0]!.db, { name: 'pg-concurrent', runAt: TEST_START }, TEST_START);

    const counts = await Promise.all(workers.flatMap((deps) => [runDueJobs(deps, registry), runDueJobs(deps, registry)]));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(120);
    expect(ran).toHaveLength(120);
    expect(new Set(ran).size).toBe(120);
    const rows = await workers[1]!.db.select().from(jobs).where(eq(jobs.name, 'pg-concurrent'));
    expect(rows.every((r) => r.state === 'done' && r.attempts === 1)).toBe(true);
    // More than one runner took part, so the claims really did overlap.
    expect(counts.filter((n) => n > 0).length).toBeGreaterThan(1);
  });
});
