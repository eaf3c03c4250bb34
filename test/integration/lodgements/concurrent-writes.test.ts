// Lodgements and searches sent at the same moment: the rows that arrive while one is being written go
// together in one statement (jobs/row-with-job.ts), and each request must still get its own row,
// its own job and only its own account's data, exactly as when it is written alone.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { createAbnRegistration, getLodgement } from '../../../generated/client/index.js';
import { REGULATOR_SUBMIT_DELAY_SECONDS } from '../../../server/domain/lodgements/regulator-progress.js';
import { ManualClock } from '../../../server/clock.js';
import { REGULATOR_PROGRESS_JOB } from '../../../server/domain/lodgements/regulator-job.js';
import { createAbnRegistration as lodgeAbnRegistration } from '../../../server/domain/lodgements/abn-registrations.js';
import { accounts, jobs, lodgements } from '../../../server/store/schema/index.js';
import { serverTest } from '../../support/fixtures.js';
import { sdkClient, type TestAccount } from '../../support/harness.js';
import { readSearch, startSearch } from '../ppsr/support.js';
import { PREFIX, advance } from './support.js';

const it = serverTest();

const abnBody = (entityName: string) => ({
  entityName,
  entityType: 'individual' as const,
  businessAddress: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD' as const, postcode: '4000' },
  contactEmail: 'jane@example.com',
});

/** 12 names an account, told apart by their account's letter. */
const namesOf = (letter: string) => Array.from({ length: 12 }, (_, i) => `${letter} CONCURRENT TRADER ${i + 1}`);

describe('writes sent at the same moment', () => {
  it('gives each of 24 ABN registrations from two accounts its own lodgement and its own first step', async ({ server }) => {
    const accounts: [TestAccount, string[]][] = [
      [await server.createAccount(), namesOf('A')],
      [await server.createAccount(), namesOf('B')],
    ];
    const sent = accounts.flatMap(([account, names]) =>
      names.map(async (entityName) => {
        const { data, response } = await createAbnRegistration({
          client: sdkClient(server, account.keys.secretTest),
          body: abnBody(entityName),
        });
        expect(response.status).toBe(201);
        return { account, entityName, answer: data! };
      }),
    );
    const answered = await Promise.all(sent);
    expect(new Set(answered.map((a) => a.answer.requestId)).size).toBe(24);
    for (const { account, entityName, answer } of answered) {
      expect(answer).toMatchObject({ kind: 'abn_registration', status: 'new', entityName });
      const own = await getLodgement({
        client: sdkClient(server, account.keys.secretTest, PREFIX.test),
        path: { requestId: answer.requestId },
      });
      expect(own.data).toEqual(answer);
      const other = accounts.find(([a]) => a !== account)![0];
      const foreign = await getLodgement({
        client: sdkClient(server, other.keys.secretTest, PREFIX.test),
        path: { requestId: answer.requestId },
      });
      expect(foreign.response.status).toBe(404);
    }

    // One first step per lodgement, naming it, due REGULATOR_SUBMIT_DELAY_SECONDS after it.
    const steps = await server.deps.db.select().from(jobs).where(eq(jobs.name, REGULATOR_PROGRESS_JOB));
    const byLodgement = new Map(steps.map((job) => [(job.payload as { requestId: number }).requestId, job]));
    expect(steps).toHaveLength(24);
    for (const { answer } of answered)
      expect(byLodgement.get(answer.requestId)?.runAt.toISOString()).toBe(
        new Date(Date.parse(answer.createdAt) + REGULATOR_SUBMIT_DELAY_SECONDS * 1000).toISOString(),
      );

    await advance(server, REGULATOR_SUBMIT_DELAY_SECONDS);
    for (const { account, answer } of answered) {
      const moved = await getLodgement({
        client: sdkClient(server, account.keys.secretTest, PREFIX.test),
        path: { requestId: answer.requestId },
      });
      expect(moved.data).toMatchObject({ status: 'submitted', entityName: answer.entityName });
    }
  });

  it('completes each of 16 PPSR searches sent at once with its own serial number', async ({ server }) => {
    const account = await server.createAccount();
    const serials = Array.from({ length: 16 }, (_, i) => `CH-${String(10_000 + i)}`);
    const created = await Promise.all(
      serials.map(async (serialNumber) => {
        const { data, response } = await startSearch(server, account.keys.secretTest, { serialNumber, serialNumberType: 'ChassisNumber' });
        expect(response.status).toBe(201);
        return { serialNumber, requestId: data!.requestId };
      }),
    );
    expect(new Set(created.map((c) => c.requestId)).size).toBe(16);
    await advance(server, 1);
    for (const { serialNumber, requestId } of created) {
      const search = await readSearch(server, account.keys.secretTest, requestId);
      expect(search).toMatchObject({ requestId, status: 'completed' });
      expect(JSON.stringify(search)).toContain(serialNumber);
    }
  });

  // Requests over HTTP reach the write when they reach it; calls in one turn of the event loop
  // always share a statement, so this is the multi-row statement itself, 16 rows and then 4.
  it('writes 20 lodgements made in one turn with their own values and their own jobs', async ({ server }) => {
    const account = await server.createAccount();
    const [row] = await server.deps.db.select().from(accounts).where(eq(accounts.id, account.id));
    const caller = { account: row!, environment: 'test' as const };
    const started = server.clock.now().getTime();
    const made = await Promise.all(
      namesOf('C')
        .concat(namesOf('D').slice(0, 8))
        .map((entityName, i) => {
          // Each its own instant, so that a job paired with another row would show the wrong due time.
          const clock = new ManualClock(new Date(started + i * 1000));
          return lodgeAbnRegistration({ ctx: { db: server.deps.db, clock, caller }, input: abnBody(entityName) });
        }),
    );
    expect(made.map((m) => m.createdAt)).toEqual(made.map((_, i) => new Date(started + i * 1000).toISOString()));
    const ids = made.map((m) => m.requestId);
    expect(new Set(ids).size).toBe(20);
    const stored = await server.deps.db.select().from(lodgements).where(inArray(lodgements.requestId, ids));
    for (const m of made)
      expect(stored.find((r) => r.requestId === m.requestId)).toMatchObject({ entityName: m.entityName, payload: abnBody(m.entityName!) });
    const steps = await server.deps.db.select().from(jobs).where(eq(jobs.name, REGULATOR_PROGRESS_JOB));
    for (const m of made) {
      const own = steps.filter((job) => (job.payload as { requestId: number }).requestId === m.requestId);
      expect(own).toHaveLength(1);
      expect(own[0]!.runAt.toISOString()).toBe(new Date(Date.parse(m.createdAt) + REGULATOR_SUBMIT_DELAY_SECONDS * 1000).toISOString());
    }
  });
});
