// The register checks under failure (spec 6.2, 3.5; D-39; issue "Scale"): a daily check that dies
// part-way (the register stops answering during its second batch) is retried by the job queue as the
// same round and finishes the rest, so every entity is checked once and every change recorded once;
// and the first check of a live order during a register outage leaves the entity `degraded` until a
// retry succeeds.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMonitoringEntity } from '../../../generated/client/index.js';
import { BATCH } from '../../../server/domain/monitoring/checks.js';
import { enqueue } from '../../../server/jobs/queue.js';
import type { Registers } from '../../../server/registers/index.js';
import { RegisterUnavailableError } from '../../../server/registers/errors.js';
import { jobs, monitoredEntities, monitoringEvents, registerCompanies } from '../../../server/store/schema/index.js';
import { startTestServer, type TestServer } from '../../support/harness.js';
import { acnFrom, baselineSnapshot as baseline } from '../../support/generated-companies.js';
import { advance, client, orderOne, runJob } from './support.js';

let server: TestServer;
/** Which call of `findManyByAcn` fails next (0: none). */
let failOnCall = 0;
let calls = 0;
let down = false;

function flakyRegisters(real: Registers): Registers {
  return {
    ...real,
    companies: {
      findByAcn: (acn) => real.companies.findByAcn(acn),
      searchByNormalisedName: (name) => real.companies.searchByNormalisedName(name),
      findManyByAcn: (acns) => {
        calls += 1;
        if (down || calls === failOnCall) return Promise.reject(new RegisterUnavailableError('ASIC company'));
        return real.companies.findManyByAcn(acns);
      },
    },
  };
}

beforeAll(async () => {
  server = await startTestServer({ registers: flakyRegisters });
});
afterAll(async () => {
  await server?.close();
});

describe('a check that dies part-way', () => {
  it('is resumed by its retry: no entity checked twice or skipped, each change recorded once', async () => {
    const account = await server.createAccount();
    const total = BATCH * 2 + 100;
    const now = server.clock.now();
    const acns = Array.from({ length: total }, (_, i) => acnFrom(70_000_000 + i));
    await server.deps.db.insert(monitoredEntities).values(
      acns.map((acn) => ({
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
    // One company in a hundred renamed, spread over all three batches.
    const changed = acns.filter((_, i) => i % 100 === 7);
    await server.deps.db
      .insert(registerCompanies)
      .values(changed.map((acn) => ({ acn, record: { name: `RENAMED ${acn} PTY LTD`, status: 'registered' }, updatedAt: now })));

    await enqueue(server.deps.db, { name: 'monitoring-daily-check', runAt: now }, now);
    calls = 0;
    failOnCall = 3; // batch 1 reads twice (entities, ABN owners); the second batch's first read fails
    expect(await runJob(server, 'monitoring-daily-check')).toBe(1);
    const [job] = await server.deps.db.select().from(jobs).where(eq(jobs.name, 'monitoring-daily-check'));
    expect(job).toMatchObject({ state: 'pending', attempts: 1 });
    const round = `monitoring-daily-check:${job!.id}`;
    const markedAfterCrash = await server.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(monitoredEntities)
      .where(and(eq(monitoredEntities.accountId, account.id), eq(monitoredEntities.checkRound, round)));
    expect(markedAfterCrash[0]!.n).toBe(BATCH);

    failOnCall = 0;
    await advance(server, 31);
    const [finished] = await server.deps.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(finished!.state).toBe('done');
    const rows = await server.deps.db.select().from(monitoredEntities).where(eq(monitoredEntities.accountId, account.id));
    expect(rows).toHaveLength(total);
    expect(rows.every((row) => row.checkRound === round)).toBe(true);
    const events = await server.deps.db.select().from(monitoringEvents).where(eq(monitoringEvents.accountId, account.id));
    expect(events).toHaveLength(changed.length);
    expect(new Set(events.map((e) => e.entityId)).size).toBe(changed.length);
    expect(events.every((e) => e.eventType === 'name_change')).toBe(true);
    const renamed = rows
      .filter((row) => row.entityName.startsWith('RENAMED'))
      .map((row) => row.acn)
      .sort();
    expect(renamed).toStrictEqual([...changed].sort());
  });
});

describe('first check during an outage', () => {
  it('leaves a live entity degraded, and a retry makes it active', async () => {
    const account = await server.createAccount();
    const entity = await orderOne(server, account, { acn: '100000011' }, 'live');
    down = true;
    await advance(server, 1);
    const read = async () => (await getMonitoringEntity({ client: client(server, account, 'live'), path: { id: entity.id } })).data!;
    expect(await read()).toMatchObject({ status: 'active', monitoringStatus: 'degraded', entityStatus: 'unknown' });
    down = false;
    // Retried a minute later (then 2, 4 … minutes, at most an hour).
    await advance(server, 60);
    expect(await read()).toMatchObject({ monitoringStatus: 'active', entityStatus: 'registered' });
  });
});
