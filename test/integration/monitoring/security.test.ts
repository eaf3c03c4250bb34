// Who can reach which monitored entity (spec 4.5 "Access rules", 5, 3.4 "Merge"): ids of another
// account or of the other environment answer 404 on every operation that takes one, exactly as an
// unknown id does, and change nothing; an ABN entity merged into its company answers 404 from then
// on; simulate does not exist on the live prefix; publishable keys and browsers are refused.
import { describe, expect } from 'vitest';
import { serverTest } from '../../support/fixtures.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { chargesOf, order, raw, runJob, type Environment } from './support.js';

const it = serverTest();
let server: TestServer;
let owner: TestAccount;
let stranger: TestAccount;
const ids = {} as Record<Environment, { entity: number; event: number }>;

it.beforeAll(async ({ server: started }) => {
  server = started;
  owner = await server.createAccount();
  stranger = await server.createAccount();
  const test = (await order(server, owner, [{ acn: '100000011' }])).entities[0]!;
  const simulated = await raw(server, owner.keys.secretTest, 'POST', `/monitoring/entities/${test.id}/simulate`, {
    body: { eventType: 'name_change' },
  });
  expect(simulated.status).toBe(201);
  const live = (await order(server, owner, [{ acn: '123456780' }], 'live')).entities[0]!;
  // A live event: the register changes and the daily check records it.
  await runJob(server, 'monitoring-setup');
  expect((await server.admin('PATCH', '/admin/register/companies/123456780', { name: 'RENAMED 123 PTY LTD' })).status).toBe(200);
  await runJob(server, 'monitoring-daily-check');
  const liveEvents = await raw(server, owner.keys.secretLive, 'GET', '/monitoring/events', { prefix: '/api/v2' });
  const liveEvent = (liveEvents.body.data as { monitoringEventId: number }[])[0]!.monitoringEventId;
  ids.test = { entity: test.id, event: simulated.body.monitoringEventId as number };
  ids.live = { entity: live.id, event: liveEvent };
});

const key = (account: TestAccount, environment: Environment) =>
  environment === 'live' ? account.keys.secretLive : account.keys.secretTest;
const prefix = (environment: Environment) => (environment === 'live' ? '/api/v2' : '/api/test/v2');

function requests(entity: number, event: number): [string, string, unknown?, Record<string, string>?][] {
  return [
    ['GET', `/monitoring/entities/${entity}`],
    ['DELETE', `/monitoring/entities/${entity}`],
    ['POST', `/monitoring/entities/${entity}/resume`],
    ['GET', `/monitoring/entities/${entity}/events`],
    ['POST', `/monitoring/entities/${entity}/simulate`, { eventType: 'address_change' }],
    ['GET', `/monitoring/events/${event}`],
    ['POST', '/monitoring/entities/renew', { ids: [entity] }, { 'Idempotency-Key': `k-${entity}-${event}-${Math.random()}` }],
  ];
}

describe('ids belong to one account and one environment', () => {
  it("another account's ids: 404 not_found on every operation, like an unknown id", async () => {
    for (const [method, path, body, headers] of requests(ids.test.entity, ids.test.event)) {
      const answer = await raw(server, stranger.keys.secretTest, method, path, { body, headers });
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(404);
      expect(answer.body.error).toBe('not_found');
    }
    const still = await raw(server, owner.keys.secretTest, 'GET', `/monitoring/entities/${ids.test.entity}`);
    expect(still.body.status).toBe('active');
    expect(await chargesOf(server, stranger)).toStrictEqual([]);
  });

  it("the other environment's ids: 404 not_found (a test id on the live prefix and the reverse)", async () => {
    for (const [environment, other] of [
      ['live', 'test'],
      ['test', 'live'],
    ] as const) {
      for (const [method, path, body, headers] of requests(ids[other].entity, ids[other].event)) {
        // simulate on the live prefix is 404 anyway (test prefix only).
        const answer = await raw(server, key(owner, environment), method, path, { body, headers, prefix: prefix(environment) });
        expect(answer.status, `${environment} ${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(404);
        expect(answer.body.error).toBe('not_found');
      }
    }
    expect(
      (await raw(server, owner.keys.secretLive, 'GET', `/monitoring/entities/${ids.live.entity}`, { prefix: '/api/v2' })).body.status,
    ).toBe('active');
  });

  it('lists show only the own scope', async () => {
    const theirs = await raw(server, stranger.keys.secretTest, 'GET', '/monitoring/events');
    expect(theirs.body.data).toStrictEqual([]);
    const liveEvents = await raw(server, owner.keys.secretLive, 'GET', '/monitoring/events', { prefix: '/api/v2' });
    expect((liveEvents.body.data as { monitoringEventId: number }[]).map((e) => e.monitoringEventId)).toStrictEqual([ids.live.event]);
    const testEvents = await raw(server, owner.keys.secretTest, 'GET', '/monitoring/events');
    expect((testEvents.body.data as { monitoringEventId: number }[]).map((e) => e.monitoringEventId)).toStrictEqual([ids.test.event]);
  });
});

describe('prefixes and keys', () => {
  it('simulate exists on the test prefix only: 404 on live for an existing live entity', async () => {
    const answer = await raw(server, owner.keys.secretLive, 'POST', `/monitoring/entities/${ids.live.entity}/simulate`, {
      body: { eventType: 'address_change' },
      prefix: '/api/v2',
    });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe('not_found');
  });

  it('publishable keys are refused (403, shared shape), also from an allowed origin', async () => {
    const answer = await raw(server, owner.keys.publishableTest, 'GET', '/monitoring/entities', {
      headers: { Origin: 'http://localhost:3000' },
    });
    expect(answer.status).toBe(403);
    expect(Array.isArray(answer.body.errors)).toBe(true);
  });

  it('a secret key from a browser is refused (403)', async () => {
    const answer = await raw(server, owner.keys.secretTest, 'GET', '/monitoring/entities', {
      headers: { Origin: 'https://app.example.com' },
    });
    expect(answer.status).toBe(403);
  });
});

describe('merged entities', () => {
  it('an ABN entity merged into its company answers 404; the company gets its remaining days and its events', async ({ account }) => {
    // A sole trader's ABN, monitored live; the same account monitors the company that ABN later belongs to.
    const holder = (await order(server, account, [{ abn: '51824753556' }], 'live')).entities[0]!;
    const company = (await order(server, account, [{ acn: '100000093' }], 'live')).entities[0]!;
    await runJob(server, 'monitoring-setup');
    const linked = await server.admin('PATCH', '/admin/register/abns/51824753556', { acn: '100000093' });
    expect(linked.status).toBe(200);
    await runJob(server, 'monitoring-daily-check');

    const gone = await raw(server, account.keys.secretLive, 'GET', `/monitoring/entities/${holder.id}`, { prefix: '/api/v2' });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('not_found');
    const merged = await raw(server, account.keys.secretLive, 'GET', `/monitoring/entities/${company.id}`, { prefix: '/api/v2' });
    expect(merged.body).toMatchObject({ acn: '100000093', abn: '51824753556', status: 'active' });
    // Both terms started today: the company's expiry moves on by the holder's 365 days, capped at 2 years ahead.
    expect(merged.body.expiresAt).toBe('2028-11-21');
    const listed = await raw(server, account.keys.secretLive, 'GET', '/monitoring/entities', { prefix: '/api/v2' });
    expect((listed.body.data as { id: number }[]).map((e) => e.id)).toStrictEqual([company.id]);
  });
});
