// Reading, stopping, resuming and renewing monitored entities (spec 2.6, 2.7, 3.4, 4.5; D-38, D-39)
// through the generated SDK on the manual clock: the list's filters and pages, one entity, stop
// (repeatable, details hidden), resume (same expiry), renew (an active term moves on 12 months, an
// expired one restarts today), events newest first per entity and oldest first with `since`, and reads
// that keep working after card billing ends.
import { describe, expect } from 'vitest';
import { serverTest } from '../../support/fixtures.js';
import {
  getMonitoringEntity,
  getMonitoringEvent,
  listMonitoringEntities,
  listMonitoringEntityEvents,
  listMonitoringEvents,
  renewMonitoringEntities,
  resumeMonitoringEntity,
  simulateMonitoringEvent,
  stopMonitoringEntity,
  type MonitoringEvent,
} from '../../../generated/client/index.js';
import { addMonths } from '../../../schemas/common/dates.js';
import { brisbaneDate } from '../../../server/clock.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { HIDDEN, advance, chargesOf, client, order, orderOne, patchAccount, runJob, type Environment } from './support.js';

const it = serverTest();
let server: TestServer;
it.beforeAll(({ server: started }) => {
  server = started;
});

const DAY = 86_400;

async function list(account: TestAccount, query: Record<string, unknown> = {}, environment: Environment = 'test') {
  const { data, error, response } = await listMonitoringEntities({ client: client(server, account, environment), query });
  expect(error, JSON.stringify(error)).toBeUndefined();
  expect(response.status).toBe(200);
  return data!;
}

async function get(account: TestAccount, id: number, environment: Environment = 'test') {
  const { data, response } = await getMonitoringEntity({ client: client(server, account, environment), path: { id } });
  expect(response.status).toBe(200);
  return data!;
}

async function stop(account: TestAccount, id: number, environment: Environment = 'test') {
  const { data, error, response } = await stopMonitoringEntity({ client: client(server, account, environment), path: { id } });
  expect(error, JSON.stringify(error)).toBeUndefined();
  expect(response.status).toBe(200);
  return data!;
}

async function renew(account: TestAccount, ids: number[], key: string, environment: Environment = 'test') {
  const { data, error, response } = await renewMonitoringEntities({
    client: client(server, account, environment),
    body: { ids },
    headers: { 'Idempotency-Key': key },
  });
  expect(error, JSON.stringify(error)).toBeUndefined();
  expect(response.status).toBe(200);
  return data!;
}

describe('list and read', () => {
  it('pages in id order with meta, and filters by status, acn, abn and expiresBefore', async ({ account }) => {
    const first = await order(server, account, [{ acn: '100000011' }, { acn: '100000020' }, { abn: '53900000001' }]);
    await advance(server, 2 * DAY);
    const later = await order(server, account, [{ acn: '100000039' }, { acn: '100000048' }]);
    const ids = [...first.entities, ...later.entities].map((e) => e.id);
    await stop(account, ids[1]!);

    const all = await list(account);
    expect(all.data.map((e) => e.id)).toStrictEqual(ids);
    expect(all.meta).toStrictEqual({ currentPage: 1, perPage: 25, total: 5, lastPage: 1 });
    const page2 = await list(account, { perPage: 2, page: 2 });
    expect(page2.data.map((e) => e.id)).toStrictEqual(ids.slice(2, 4));
    expect(page2.meta).toStrictEqual({ currentPage: 2, perPage: 2, total: 5, lastPage: 3 });
    expect((await list(account, { perPage: 2, page: 9 })).data).toStrictEqual([]);

    expect((await list(account, { status: 'stopped' })).data.map((e) => e.id)).toStrictEqual([ids[1]]);
    expect((await list(account, { status: 'active' })).meta.total).toBe(4);
    expect((await list(account, { acn: '100000039' })).data.map((e) => e.id)).toStrictEqual([ids[3]]);
    expect((await list(account, { abn: '60100000011' })).data.map((e) => e.id)).toStrictEqual([ids[0]]);
    expect((await list(account, { expiresBefore: '2027-11-23' })).data.map((e) => e.id)).toStrictEqual(ids.slice(0, 3));
    expect((await list(account, { expiresBefore: '2027-11-22' })).data).toStrictEqual([]);
    expect(await get(account, ids[3]!)).toStrictEqual(later.entities[0]);
  });

  it("only the caller's account and environment are listed", async () => {
    const [a, b] = [await server.createAccount(), await server.createAccount()];
    await orderOne(server, a, { acn: '100000011' });
    await orderOne(server, a, { acn: '100000020' }, 'live');
    await orderOne(server, b, { acn: '100000039' });
    expect((await list(a)).data.map((e) => e.acn)).toStrictEqual(['100000011']);
    expect((await list(a, {}, 'live')).data.map((e) => e.acn)).toStrictEqual(['100000020']);
    expect((await list(b)).data.map((e) => e.acn)).toStrictEqual(['100000039']);
  });
});

describe('stop and resume', () => {
  it('stop hides register details and days, keeps the term; repeating it returns the entity as is', async ({ account }) => {
    const entity = await orderOne(server, account, { acn: '100000011' });
    const stopped = await stop(account, entity.id);
    expect(stopped).toStrictEqual({ ...entity, status: 'stopped', monitoringStatus: 'inactive', daysRemaining: 0, ...HIDDEN });
    expect(await stop(account, entity.id)).toStrictEqual(stopped);
    expect(await get(account, entity.id)).toStrictEqual(stopped);
  });

  it('resume makes a stopped entity active again until the same expiresAt, free; an active one is returned as is', async ({ account }) => {
    const entity = await orderOne(server, account, { acn: '100000011' }, 'live');
    await runJob(server, 'monitoring-setup');
    await stop(account, entity.id, 'live');
    await advance(server, 10 * DAY);
    const { data, response } = await resumeMonitoringEntity({ client: client(server, account, 'live'), path: { id: entity.id } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({
      id: entity.id,
      status: 'active',
      monitoringStatus: 'active',
      startsAt: entity.startsAt,
      expiresAt: entity.expiresAt,
      daysRemaining: entity.daysRemaining - 10,
      entityStatus: 'registered',
      businessNames: ['SANDBOX COFFEE'],
    });
    const again = await resumeMonitoringEntity({ client: client(server, account, 'live'), path: { id: entity.id } });
    expect(again.data).toStrictEqual(data);
    expect((await chargesOf(server, account)).map((c) => c.kind)).toStrictEqual(['monitoring_order']);
  });

  it('resume does not send what changed while the entity was stopped', async ({ account }) => {
    const entity = await orderOne(server, account, { acn: '100000084' }, 'live');
    await runJob(server, 'monitoring-setup');
    await stop(account, entity.id, 'live');
    const renamed = await server.admin('PATCH', '/admin/register/companies/100000084', { name: 'HARBOUR LIGHTS RENAMED PTY LTD' });
    expect(renamed.status).toBe(200);
    await runJob(server, 'monitoring-daily-check');
    const { data } = await resumeMonitoringEntity({ client: client(server, account, 'live'), path: { id: entity.id } });
    expect(data?.entityName).toBe('HARBOUR LIGHTS RENAMED PTY LTD');
    await runJob(server, 'monitoring-daily-check');
    const events = await listMonitoringEntityEvents({ client: client(server, account, 'live'), path: { id: entity.id } });
    expect(events.data?.data).toStrictEqual([]);
  });
});

describe('renew and term end', () => {
  it('an active term moves on 12 months; an expired one restarts today; one charge for the request', async ({ account }) => {
    const [active, toExpire] = (await order(server, account, [{ acn: '100000011' }, { abn: '53900000001' }], 'live')).entities;
    await stop(account, toExpire!.id, 'live');
    // A year on: the stopped one ends silently (expired), the active one is renewed first.
    const extended = await renew(account, [active!.id], 'renew-1', 'live');
    expect(extended).toMatchObject({ unitPrice: 1800, total: 1800 });
    expect(extended.entities[0]).toMatchObject({ startsAt: active!.startsAt, expiresAt: addMonths(active!.expiresAt, 12) });

    await advance(server, 366 * DAY);
    await runJob(server, 'monitoring-term-end');
    const expired = await get(account, toExpire!.id, 'live');
    expect(expired).toMatchObject({ status: 'expired', monitoringStatus: 'inactive', daysRemaining: 0, ...HIDDEN });
    const restarted = await renew(account, [toExpire!.id, active!.id], 'renew-2', 'live');
    expect(restarted.total).toBe(3600);
    const today = brisbaneDate(server.clock.now());
    expect(restarted.entities[0]).toMatchObject({
      status: 'active',
      monitoringStatus: 'pending',
      startsAt: today,
      expiresAt: addMonths(today, 12),
    });
    expect(restarted.entities[1]).toMatchObject({ expiresAt: addMonths(active!.expiresAt, 24) });
    // Charges made at one instant are listed in id order, which is random: compare them sorted.
    expect((await chargesOf(server, account)).map((c) => `${c.kind} ${c.amount}`).sort()).toStrictEqual([
      'monitoring_order 3600',
      'monitoring_renewal 1800',
      'monitoring_renewal 3600',
    ]);
    // The first check after the restart shows the details again.
    await runJob(server, 'monitoring-setup');
    expect(await get(account, toExpire!.id, 'live')).toMatchObject({ monitoringStatus: 'active', entityStatus: 'registered' });
  });

  it('test keys: renewing is free and an expired entity is active at once', async ({ account }) => {
    const entity = await orderOne(server, account, { acn: '100000020' });
    await advance(server, 366 * DAY);
    await runJob(server, 'monitoring-term-end');
    const renewed = await renew(account, [entity.id], 'test-renew');
    expect(renewed).toMatchObject({ unitPrice: 0, total: 0 });
    expect(renewed.entities[0]).toMatchObject({ status: 'active', monitoringStatus: 'active', entityStatus: 'registered' });
  });

  it('reads and stop keep working after card billing ends', async ({ account }) => {
    const entity = await orderOne(server, account, { acn: '100000011' }, 'live');
    await patchAccount(server, account, { billing: 'none', cardStatus: 'expired', monitoringAvailable: false });
    expect((await get(account, entity.id, 'live')).id).toBe(entity.id);
    expect((await list(account, {}, 'live')).meta.total).toBe(1);
    expect((await stop(account, entity.id, 'live')).status).toBe('stopped');
    const events = await listMonitoringEvents({ client: client(server, account, 'live') });
    expect(events.response.status).toBe(200);
  });
});

describe('events', () => {
  it('per entity newest first, all oldest first, since an id or a date-time, one in full', async ({ account }) => {
    const [company, soleTrader] = (await order(server, account, [{ acn: '100000011' }, { abn: '53900000001' }])).entities;
    const c = client(server, account);
    const ids: number[] = [];
    const started = server.clock.now();
    for (const [entity, eventType] of [
      [company, 'address_change'],
      [soleTrader, 'gst_change'],
      [company, 'document_lodged'],
    ] as const) {
      const { data, response } = await simulateMonitoringEvent({ client: c, path: { id: entity!.id }, body: { eventType } });
      expect(response.status).toBe(201);
      ids.push((data as MonitoringEvent).monitoringEventId);
      await advance(server, 60);
    }
    const perEntity = await listMonitoringEntityEvents({ client: c, path: { id: company!.id } });
    expect(perEntity.data?.data.map((e) => e.monitoringEventId)).toStrictEqual([ids[2], ids[0]]);
    const all = await listMonitoringEvents({ client: c });
    expect(all.data?.data.map((e) => e.monitoringEventId)).toStrictEqual(ids);
    expect(all.data?.meta).toStrictEqual({ currentPage: 1, perPage: 25, total: 3, lastPage: 1 });
    const afterFirst = await listMonitoringEvents({ client: c, query: { since: String(ids[0]) } });
    expect(afterFirst.data?.data.map((e) => e.monitoringEventId)).toStrictEqual(ids.slice(1));
    const fromSecond = await listMonitoringEvents({ client: c, query: { since: new Date(started.getTime() + 60_000).toISOString() } });
    expect(fromSecond.data?.data.map((e) => e.monitoringEventId)).toStrictEqual(ids.slice(1));
    const paged = await listMonitoringEvents({ client: c, query: { perPage: 1, page: 2 } });
    expect(paged.data?.data.map((e) => e.monitoringEventId)).toStrictEqual([ids[1]]);

    const full = await getMonitoringEvent({ client: c, path: { id: ids[0]! } });
    expect(full.data).toMatchObject({
      monitoringEventId: ids[0],
      entityId: company!.id,
      eventType: 'address_change',
      simulated: true,
      source: 'asic',
      metadata: { field: 'registeredOffice' },
      entity: { id: company!.id, lastEventAt: null },
    });
  });
});
