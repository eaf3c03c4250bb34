// Lodgements and searches sent at the same moment: the rows that arrive while one is being written go
// together in one statement (jobs/row-with-job.ts), and each request must still get its own row,
// its own job and only its own account's data, exactly as when it is written alone.
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { createAbnRegistration, getLodgement } from '../../../generated/client/index.js';
import { REGULATOR_SUBMIT_DELAY_SECONDS } from '../../../server/domain/lodgements/regulator-progress.js';
import { REGULATOR_PROGRESS_JOB } from '../../../server/domain/lodgements/regulator-job.js';
import { jobs } from '../../../server/store/schema/index.js';
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
});
