// POST /monitoring/entities/{id}/simulate (spec 3.4, 4.5, 6.2 rule 5): every body form, through the
// generated SDK, delivered over real HTTP to the sandbox endpoint and verified with the SDK's verifier;
// simulated events carry `simulated: true`, a simulated warning's top-level `daysRemaining` is 30 or 7
// while `entity.daysRemaining` stays real, deregistration is permanent, and what live would never send
// is 409. A live endpoint of the same account receives nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listMonitoringEvents,
  renewMonitoringEntities,
  resumeMonitoringEntity,
  simulateMonitoringEvent,
  type MonitoringEvent,
} from '../../../generated/client/index.js';
import { MONITORING_EVENT_TYPES } from '../../../schemas/monitoring/index.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { startDeliveryServer, startReceiver, type Receiver } from '../webhooks/delivery.support.js';
import { advance, client, deliveredTo, endpointFor, order, orderOne, raw, runJob, type Endpoint } from './support.js';

let server: TestServer;
let receiver: Receiver;
let account: TestAccount;
let testEndpoint: Endpoint;
let liveEndpoint: Endpoint;
let company: { id: number };

beforeAll(async () => {
  server = await startDeliveryServer();
  receiver = await startReceiver(() => server);
  account = await server.createAccount();
  testEndpoint = await endpointFor(server, account, receiver.url, 'test');
  liveEndpoint = await endpointFor(server, account, receiver.url, 'live');
  company = await orderOne(server, account, { acn: '100000011' });
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

/** Runs the immediate delivery attempts and returns what the sandbox endpoint received since `from`. */
async function deliveredSince(from: number, entityId?: number): Promise<Record<string, unknown>[]> {
  await advance(server, 1);
  const delivered = deliveredTo(receiver.hits.slice(from), testEndpoint);
  return entityId === undefined ? delivered : delivered.filter((d) => (d.entity as { id: number }).id === entityId);
}

function simulate(id: number, body: { eventType: (typeof MONITORING_EVENT_TYPES)[number] } | { simulate: string }) {
  return raw(server, account.keys.secretTest, 'POST', `/monitoring/entities/${id}/simulate`, { body });
}

describe('change events', () => {
  it.each(MONITORING_EVENT_TYPES)('%s: 201 with the event, listed as simulated, delivered with simulated: true', async (eventType) => {
    const entity = company;
    const from = receiver.hits.length;
    const { data, response } = await simulateMonitoringEvent({
      client: client(server, account),
      path: { id: entity.id },
      body: { eventType },
    });
    expect(response.status).toBe(201);
    const event = data as MonitoringEvent;
    expect(event).toMatchObject({ entityId: entity.id, eventType, simulated: true, entity: { id: entity.id, lastEventAt: null } });
    expect(event.source === null || ['asic', 'abr', 'insolvency', 'ppsr'].includes(event.source)).toBe(true);
    const deliveries = await deliveredSince(from);
    expect(deliveries).toStrictEqual([
      {
        event: 'monitoring.change_detected',
        monitoringEventId: event.monitoringEventId,
        eventType,
        title: event.title,
        detectedAt: event.detectedAt,
        entity: event.entity,
        timestamp: expect.any(String),
        deliveryId: expect.stringMatching(/^dlv_/),
        simulated: true,
      },
    ]);
    const listed = await listMonitoringEvents({ client: client(server, account), query: { since: String(event.monitoringEventId - 1) } });
    expect(listed.data?.data[0]).toMatchObject({ monitoringEventId: event.monitoringEventId, simulated: true });
    expect(deliveredTo(receiver.hits, liveEndpoint)).toStrictEqual([]);
  });
});

describe('lifecycle webhooks', () => {
  it('expiring_30 / expiring_7: 200, daysRemaining 30 or 7 at the top, the real days in the entity, which is unchanged', async () => {
    const entity = await orderOne(server, account, { abn: '53900000001' });
    for (const [form, days] of [
      ['expiring_30', 30],
      ['expiring_7', 7],
    ] as const) {
      const from = receiver.hits.length;
      const { data, response } = await simulateMonitoringEvent({
        client: client(server, account),
        path: { id: entity.id },
        body: { simulate: form },
      });
      expect(response.status).toBe(200);
      expect(data).toStrictEqual({ simulated: form, entity });
      const [delivery, ...rest] = await deliveredSince(from);
      expect(rest).toStrictEqual([]);
      expect(delivery).toMatchObject({
        event: 'monitoring.expiring',
        daysRemaining: days,
        simulated: true,
        entity: { id: entity.id, daysRemaining: 365 },
      });
    }
  });

  it('expired: 200, the entity stays active; an expired entity cannot send it again (409 already_expired)', async () => {
    const entity = await orderOne(server, account, { acn: '100000020' });
    const from = receiver.hits.length;
    const answer = await simulate(entity.id, { simulate: 'expired' });
    expect(answer.status).toBe(200);
    expect(answer.body).toStrictEqual({ simulated: 'expired', entity });
    const [delivery] = await deliveredSince(from);
    expect(delivery).toMatchObject({ event: 'monitoring.expired', simulated: true, entity: { id: entity.id, status: 'active' } });
    expect(delivery).not.toHaveProperty('daysRemaining');

    await advance(server, 366 * 86_400);
    await runJob(server, 'monitoring-term-end');
    const again = await simulate(entity.id, { simulate: 'expired' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('already_expired');
  });

  it('deregistered: 200 with the status_change event; permanent, so renew and resume are refused as in live use', async () => {
    const [company, holder] = (await order(server, account, [{ acn: '100000039' }, { abn: '12004044937' }])).entities;
    const from = receiver.hits.length;
    const answer = await simulate(company!.id, { simulate: 'deregistered' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      simulated: 'deregistered',
      entity: { id: company!.id, entityStatus: 'deregistered', status: 'active' },
      event: {
        eventType: 'status_change',
        title: 'Company deregistered',
        simulated: true,
        source: 'asic',
        metadata: { field: 'entityStatus', oldValue: 'Strike-off proposed', newValue: 'Deregistered' },
      },
    });
    // Terms of this account's earlier entities ended meanwhile: keep this entity's deliveries.
    const mine = (await deliveredSince(from)).filter((d) => (d.entity as { id: number }).id === company!.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ event: 'monitoring.change_detected', eventType: 'status_change', simulated: true });

    const cancelled = await simulate(holder!.id, { simulate: 'deregistered' });
    expect(cancelled.body).toMatchObject({ entity: { entityStatus: 'cancelled' }, event: { title: 'ABN cancelled', source: 'abr' } });

    // No expiry warning for a deregistered company, and it cannot be renewed or resumed.
    const warning = await simulate(company!.id, { simulate: 'expiring_30' });
    expect(warning.status).toBe(409);
    expect(warning.body.error).toBe('expiry_warning_not_sent');
    const renewal = await renewMonitoringEntities({
      client: client(server, account),
      body: { ids: [company!.id, holder!.id] },
      headers: { 'Idempotency-Key': `renew-deregistered-${company!.id}` },
    });
    expect(renewal.response.status).toBe(422);
    expect(renewal.error).toMatchObject({
      errors: { 'ids.0': [{ code: 'acn_not_eligible' }], 'ids.1': [{ code: 'abn_not_active' }] },
    });
    await raw(server, account.keys.secretTest, 'DELETE', `/monitoring/entities/${company!.id}`);
    const resumed = await resumeMonitoringEntity({ client: client(server, account), path: { id: company!.id } });
    expect(resumed.response.status).toBe(422);
    expect(resumed.error).toMatchObject({ error: 'acn_not_eligible' });
    // A stopped entity shows unknown (spec 3.4).
    const stopped = await raw(server, account.keys.secretTest, 'GET', `/monitoring/entities/${company!.id}`);
    expect(stopped.body.entityStatus).toBe('unknown');
  });
});

describe('what live would never send (409)', () => {
  it('a change event or deregistration of a stopped entity: entity_not_active; a warning: expiry_warning_not_sent', async () => {
    const entity = await orderOne(server, account, { acn: '100000048' });
    await raw(server, account.keys.secretTest, 'DELETE', `/monitoring/entities/${entity.id}`);
    const from = receiver.hits.length;
    for (const [body, code] of [
      [{ eventType: 'address_change' }, 'entity_not_active'],
      [{ simulate: 'deregistered' }, 'entity_not_active'],
      [{ simulate: 'expired' }, 'entity_not_active'],
      [{ simulate: 'expiring_7' }, 'expiry_warning_not_sent'],
    ] as const) {
      const answer = await simulate(entity.id, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(409);
      expect(answer.body.error).toBe(code);
    }
    expect(await deliveredSince(from, entity.id)).toStrictEqual([]);
  });

  it('a body that is neither form, or both: 422 validation_failed', async () => {
    const entity = await orderOne(server, account, { acn: '100000084' });
    for (const body of [{}, { eventType: 'rename' }, { eventType: 'name_change', simulate: 'expired' }, { simulate: 'expiring_1' }]) {
      const answer = await raw(server, account.keys.secretTest, 'POST', `/monitoring/entities/${entity.id}/simulate`, { body });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.error).toBe('validation_failed');
    }
  });
});
