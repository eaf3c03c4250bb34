// POST /monitoring/entities that succeed (spec 2.6, 3.4, 4.5; D-39, D-41): the sandbox's magic values,
// companies keyed on their ACN, terms in Australia/Brisbane dates, test keys free and active at once,
// live keys charged once per order with the plan's discount and pending their first check, and the
// Idempotency-Key replay. The harness checks every response against the document.
import { describe, expect } from 'vitest';
import { serverTest } from '../../support/fixtures.js';
import type { TestServer } from '../../support/harness.js';
import { createMonitoringEntities, getMonitoringEntity, stopMonitoringEntity } from '../../../generated/client/index.js';
import { HIDDEN, advance, chargesOf, client, order, orderOne } from './support.js';

const it = serverTest();

describe('test keys', () => {
  it('a company and a sole trader: free, active at once with their register details, 12-month term from today', async ({
    server,
    account,
  }) => {
    const answer = await order(server, account, [{ acn: '100000011', reference: 'client-0042' }, { abn: '53900000001' }]);
    expect(answer.unitPrice).toBe(0);
    expect(answer.total).toBe(0);
    const [company, soleTrader] = answer.entities;
    expect(company).toStrictEqual({
      id: expect.any(Number),
      acn: '100000011',
      abn: '60100000011',
      entityName: 'SANDBOX TRADING PTY LTD',
      reference: 'client-0042',
      status: 'active',
      monitoringStatus: 'active',
      startsAt: '2026-11-22',
      expiresAt: '2027-11-22',
      daysRemaining: 365,
      lastEventAt: null,
      entityStatus: 'registered',
      entityType: 'Australian Proprietary Company',
      gstRegistered: true,
      gstDate: '2020-07-01',
      businessNames: ['SANDBOX COFFEE'],
    });
    expect(soleTrader).toStrictEqual({
      id: expect.any(Number),
      acn: null,
      abn: '53900000001',
      entityName: 'JANE CITIZEN',
      reference: null,
      status: 'active',
      monitoringStatus: 'active',
      startsAt: '2026-11-22',
      expiresAt: '2027-11-22',
      daysRemaining: 365,
      lastEventAt: null,
      entityStatus: 'registered',
      entityType: 'Individual/Sole Trader',
      gstRegistered: false,
      gstDate: null,
      businessNames: ["JANE'S BOOKKEEPING"],
    });
    expect(company!.id).not.toBe(soleTrader!.id);
    expect(await chargesOf(server, account)).toStrictEqual([]);
  });

  it("a company's ABN alone is stored against the company, and both numbers given together are one company", async ({
    server,
    account,
  }) => {
    const byAbn = await orderOne(server, account, { abn: '60100000011' });
    expect(byAbn).toMatchObject({ acn: '100000011', abn: '60100000011', entityName: 'SANDBOX TRADING PTY LTD' });
    const other = await server.createAccount();
    const both = await orderOne(server, other, { acn: '100000011', abn: '60100000011' });
    expect(both).toMatchObject({ acn: '100000011', abn: '60100000011' });
  });

  it('strike-off proposed and external administration companies are accepted with their status', async ({ server, account }) => {
    const answer = await order(server, account, [{ acn: '100000039' }, { acn: '100000048' }, { acn: '100000020' }]);
    expect(answer.entities.map((e) => e.entityStatus)).toStrictEqual(['strike_off_proposed', 'external_administration', 'registered']);
    expect(answer.entities[2]).toMatchObject({ abn: null, entityName: 'SANDBOX SUPPLIES PTY LTD', gstRegistered: false });
  });

  it('any other valid number is a generated company or ABN holder', async ({ server, account }) => {
    const answer = await order(server, account, [{ acn: '123456780' }, { abn: '12004044937' }]);
    expect(answer.entities.map((e) => e.entityName)).toStrictEqual(['COMPANY 123 456 780 PTY LTD', 'ABN HOLDER 12 004 044 937']);
  });

  it('the term follows the Australia/Brisbane date (UTC+10): 15:00 UTC is already tomorrow', async ({ server, account }) => {
    await advance(server, 15 * 3600);
    const entity = await orderOne(server, account, { acn: '100000020' });
    expect(entity).toMatchObject({ startsAt: '2026-11-23', expiresAt: '2027-11-23', daysRemaining: 365 });
  });
});

describe('live keys', () => {
  it('Standard: 1800 cents each, one card charge for the order; active and pending the first check, details hidden', async ({ server }) => {
    const account = await server.createAccount({ plan: 'standard' });
    const answer = await order(server, account, [{ acn: '100000011' }, { abn: '53900000001', reference: 'client-0043' }], 'live');
    expect(answer.unitPrice).toBe(1800);
    expect(answer.total).toBe(3600);
    for (const entity of answer.entities) {
      expect(entity).toMatchObject({ status: 'active', monitoringStatus: 'pending', lastEventAt: null, ...HIDDEN });
      expect(entity.daysRemaining).toBe(365);
    }
    const charges = await chargesOf(server, account);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amount: 3600, kind: 'monitoring_order', environment: 'live' });
  });

  it.for([
    ['standard', 5000, 1800],
    ['pro', 99, 1800],
    ['pro', 100, 1710],
    ['pro', 499, 1710],
    ['pro', 500, 1620],
    ['pro', 1999, 1620],
    ['pro', 2000, 1530],
    ['enterprise', 150, 1710],
    ['enterprise', 2400, 1530],
  ] as const)('D-41: %s with %i lodgements pays %i cents per entity', async ([plan, lodgementCount, price], { server }) => {
    const account = await server.createAccount({ plan, lodgementCount });
    const answer = await order(server, account, [{ acn: '100000020' }, { acn: '100000039' }, { abn: '53900000001' }], 'live');
    expect(answer.unitPrice).toBe(price);
    expect(answer.total).toBe(price * 3);
    expect((await chargesOf(server, account)).map((c) => c.amount)).toStrictEqual([price * 3]);
  });

  it('the same Idempotency-Key and body replays the answer: one set of entities, one charge', async ({ server, account }) => {
    const body = { entities: [{ acn: '100000011' }] };
    const headers = { 'Idempotency-Key': 'order-once' };
    const first = await createMonitoringEntities({ client: client(server, account, 'live'), body, headers });
    const again = await createMonitoringEntities({ client: client(server, account, 'live'), body, headers });
    expect(first.response.status).toBe(201);
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data).toStrictEqual(first.data);
    expect(await chargesOf(server, account)).toHaveLength(1);
  });
});

describe('live order whose activation is unfinished (spec 3.4: 202, the final answer on a retry with the same key)', () => {
  async function switchActivation(server: TestServer, state: 'available' | 'unavailable'): Promise<void> {
    const answer = await server.admin('PATCH', '/admin/register/availability', { monitoringActivation: state });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ monitoringActivation: state });
  }

  it('is charged and answers 202 processing; the same key answers 202 until activation, then the final 201, charged once', async ({
    server,
    account,
  }) => {
    const live = client(server, account, 'live');
    const body = { entities: [{ acn: '100000011', reference: 'slow' }, { abn: '53900000001' }] };
    const headers = { 'Idempotency-Key': 'order-while-activation-is-down' };
    await switchActivation(server, 'unavailable');
    let first: Awaited<ReturnType<typeof createMonitoringEntities>>;
    try {
      first = await createMonitoringEntities({ client: live, body, headers });
      expect(first.response.status).toBe(202);
      expect(first.data).toMatchObject({ status: 'processing', unitPrice: 1800, total: 3600 });
      expect(first.data!.entities.map((e) => [e.acn, e.abn, e.status, e.monitoringStatus, e.entityStatus])).toStrictEqual([
        ['100000011', '60100000011', 'processing', 'pending', 'unknown'],
        [null, '53900000001', 'processing', 'pending', 'unknown'],
      ]);
      // Payment taken once, at the 202.
      expect((await chargesOf(server, account)).map((c) => c.amount)).toStrictEqual([3600]);
      const [company] = first.data!.entities;

      // Still processing: the same key answers 202 again, with the entities as they are; nothing charged again.
      await advance(server, 30);
      const meanwhile = await createMonitoringEntities({ client: live, body, headers });
      expect(meanwhile.response.status).toBe(202);
      expect(meanwhile.response.headers.get('idempotent-replayed')).toBe('true');
      expect(meanwhile.data).toStrictEqual(first.data);
      // A processing entity cannot be stopped, nor ordered again (spec 3.4, 7).
      const stop = await stopMonitoringEntity({ client: live, path: { id: company!.id } });
      expect(stop.response.status).toBe(409);
      expect(stop.error).toMatchObject({ error: 'order_processing' });
      const again = await createMonitoringEntities({ client: live, body: { entities: [{ acn: '100000011' }] } });
      expect(again.response.status).toBe(422);
      expect(again.error).toMatchObject({ errors: { 'entities.0': [{ code: 'renewal_in_progress' }] } });
      // Another company meanwhile: the account's earlier order is still processing (spec 7), so 409
      // `order_in_progress`, transient (D-18): refused with a key, the same key goes through later.
      const other = { entities: [{ acn: '100000020' }] };
      const otherHeaders = { 'Idempotency-Key': 'order-while-another-processes' };
      const busy = await createMonitoringEntities({ client: live, body: other, headers: otherHeaders });
      expect(busy.response.status).toBe(409);
      expect(busy.error).toMatchObject({ error: 'order_in_progress' });
      expect((await chargesOf(server, account)).map((c) => c.amount)).toStrictEqual([3600]);
    } finally {
      await switchActivation(server, 'available');
    }

    // Activation is retried every minute: back on, the entities are activated and checked.
    await advance(server, 60);
    const { data: activated } = await getMonitoringEntity({ client: live, path: { id: first.data!.entities[0]!.id } });
    expect(activated).toMatchObject({ status: 'active', monitoringStatus: 'active', entityStatus: 'registered' });

    const final = await createMonitoringEntities({ client: live, body, headers });
    expect(final.response.status).toBe(201);
    expect(final.response.headers.get('idempotent-replayed')).toBe('true');
    expect(final.data).not.toHaveProperty('status');
    expect(final.data).toMatchObject({ unitPrice: 1800, total: 3600 });
    expect(final.data!.entities.map((e) => [e.id, e.status, e.monitoringStatus])).toStrictEqual(
      first.data!.entities.map((e) => [e.id, 'active', 'active']),
    );
    // The final answer is kept: replayed as it is from now on.
    const replayed = await createMonitoringEntities({ client: live, body, headers });
    expect(replayed.response.status).toBe(201);
    expect(replayed.data).toStrictEqual(final.data);
    expect((await chargesOf(server, account)).map((c) => c.amount)).toStrictEqual([3600]);

    const later = await createMonitoringEntities({
      client: live,
      body: { entities: [{ acn: '100000020' }] },
      headers: { 'Idempotency-Key': 'order-while-another-processes' },
    });
    expect(later.response.status).toBe(201);
    expect(later.response.headers.get('idempotent-replayed')).toBeNull();
    expect((await chargesOf(server, account)).map((c) => c.amount)).toStrictEqual([3600, 1800]);
  });

  it('test keys are active at once whatever the switch says', async ({ server, account }) => {
    await switchActivation(server, 'unavailable');
    try {
      const answer = await createMonitoringEntities({ client: client(server, account), body: { entities: [{ acn: '100000011' }] } });
      expect(answer.response.status).toBe(201);
      expect(answer.data!.entities[0]).toMatchObject({ status: 'active', monitoringStatus: 'active' });
    } finally {
      await switchActivation(server, 'available');
    }
  });
});
