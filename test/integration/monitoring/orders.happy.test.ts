// POST /monitoring/entities that succeed (spec 2.6, 3.4, 4.5; D-39, D-41): the sandbox's magic values,
// companies keyed on their ACN, terms in Australia/Brisbane dates, test keys free and active at once,
// live keys charged once per order with the plan's discount and pending their first check, and the
// Idempotency-Key replay. The harness checks every response against the document.
import { describe, expect } from 'vitest';
import { serverTest } from '../../support/fixtures.js';
import { createMonitoringEntities } from '../../../generated/client/index.js';
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
