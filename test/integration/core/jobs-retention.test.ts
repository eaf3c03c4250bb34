// Done jobs are kept a week, then the daily idempotency-cleanup deletes them and leaves their space to
// the jobs queued after them (D-91). Driven as a partner and the operator drive it: lodgements through
// the public API, the clock and the clean-up through the operator API.
import { and, eq, inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAbnRegistration, getLodgement } from '../../../generated/client/index.js';
import { enqueue } from '../../../server/jobs/queue.js';
import { DONE_JOB_RETENTION_SECONDS, pruneDoneJobs } from '../../../server/jobs/retention.js';
import { SharedManualClock } from '../../../server/store/shared-clock.js';
import { jobs } from '../../../server/store/schema/index.js';
import { sdkClient, startTestServer, type TestAccount, type TestServer } from '../../support/harness.js';
import { advance } from '../../support/requests.js';
import { tableBytes } from '../../support/table-size.js';

const DAY = 86_400;
const FAILING = 'test-always-fails';

let server: TestServer;
let account: TestAccount;
beforeAll(async () => {
  server = await startTestServer({ env: { SVC_RATE_LIMIT_MULTIPLIER: '1000' } });
  server.built.jobs.handlers[FAILING] = async () => {
    throw new Error('the stand-in job fails every time');
  };
  account = await server.createAccount();
});
afterAll(async () => {
  await server?.close();
});

/** `count` ABN registrations through the public API, then a day of the clock: their jobs run and finish. */
async function lodgeAndFinish(count: number): Promise<number[]> {
  const client = sdkClient(server, account.keys.secretTest);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const { data, response } = await createAbnRegistration({
      client,
      body: {
        entityName: `RETENTION TRADER ${i}`,
        entityType: 'individual',
        businessAddress: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
        contactEmail: 'owner@example.com',
      },
    });
    expect(response.status).toBe(201);
    ids.push(data!.requestId);
  }
  await advance(server, DAY);
  return ids;
}

async function doneJobIds(): Promise<number[]> {
  const rows = await server.deps.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.state, 'done'));
  return rows.map((row) => row.id);
}

async function cleanUp(): Promise<void> {
  const run = await server.admin<{ jobsRun: number }>('POST', '/admin/jobs/idempotency-cleanup/run');
  expect(run.status).toBe(200);
}

describe('done jobs are kept a week (D-91)', () => {
  it('keeps done jobs for seven days, then the clean-up deletes them; what they did stays', async () => {
    const lodgements = await lodgeAndFinish(20);
    const finishedThen = await doneJobIds();
    expect(finishedThen.length).toBeGreaterThanOrEqual(20);
    const pendingBefore = await server.deps.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.state, 'pending'));

    // Six days on, nothing of theirs is a week old yet.
    await advance(server, 6 * DAY);
    await cleanUp();
    const afterSixDays = await doneJobIds();
    expect(finishedThen.every((id) => afterSixDays.includes(id))).toBe(true);

    // A week and a day after they ran, they are gone; no done job a week old is left.
    await advance(server, 2 * DAY);
    await cleanUp();
    const afterEightDays = await doneJobIds();
    expect(finishedThen.filter((id) => afterEightDays.includes(id))).toEqual([]);
    const weekAgo = new Date(server.clock.now().getTime() - DONE_JOB_RETENTION_SECONDS * 1000);
    const old = await server.deps.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.state, 'done'), lt(jobs.finishedAt, weekAgo)));
    expect(old).toEqual([]);
    // Jobs still to run are untouched.
    const pendingIds = pendingBefore.map((row) => row.id);
    const stillPending = await server.deps.db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, pendingIds));
    expect(stillPending).toHaveLength(pendingIds.length);

    // The lodgements their jobs moved are still there, finished, to the partner who lodged them.
    const client = sdkClient(server, account.keys.secretTest);
    for (const requestId of lodgements.slice(0, 3)) {
      const { data, response } = await getLodgement({ client, path: { requestId } });
      expect(response.status).toBe(200);
      expect(data?.status).toBe('finished');
    }
    // And new work still runs: a lodgement made now finishes as before.
    const [next] = await lodgeAndFinish(1);
    const { data } = await getLodgement({ client, path: { requestId: next! } });
    expect(data?.status).toBe('finished');
  });

  it('keeps failed jobs: they are few, and the evidence of what went wrong', async () => {
    await enqueue(server.deps.db, { name: FAILING, payload: {}, runAt: server.clock.now() }, server.clock.now());
    const [job] = await server.deps.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.name, FAILING));
    // Retried a few times an hour apart at most, then parked as failed.
    await advance(server, DAY);
    const [parked] = await server.deps.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(parked?.state).toBe('failed');
    await advance(server, 30 * DAY);
    await cleanUp();
    const [kept] = await server.deps.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(kept).toMatchObject({ state: 'failed', lastError: 'the stand-in job fails every time' });
  });

  it("leaves the space of the jobs it deleted to the next week's", async () => {
    await lodgeAndFinish(60);
    const firstWeek = await tableBytes(server, 'jobs', 'rows');
    await advance(server, 8 * DAY);
    await cleanUp();
    await lodgeAndFinish(60);
    // Without the deletion, or without the vacuum after it, the second week's rows took new space,
    // as much again as the first week's.
    expect(await tableBytes(server, 'jobs', 'rows')).toBeLessThanOrEqual(firstWeek + 8192);
  });

  it('keeps them on a manual clock that several processes share, whose advance counts them by their rows', async () => {
    await lodgeAndFinish(5);
    await advance(server, 8 * DAY);
    const before = await doneJobIds();
    expect(before.length).toBeGreaterThan(0);
    // `npm start` with SVC_CLOCK=manual: the clock kept in the database, as every process of it reads it.
    const shared = await SharedManualClock.open(server.deps.db, server.clock.now());
    const removed = await pruneDoneJobs({ ...server.deps, clock: shared });
    if (server.deps.engine === 'postgres') {
      // Worker processes of their own: a long advance reports their jobs from these rows.
      expect(removed).toBe(0);
      expect(await doneJobIds()).toEqual(before);
    } else {
      // The embedded database runs one process, whose advances count their own runs.
      expect(removed).toBeGreaterThan(0);
    }
  });
});
