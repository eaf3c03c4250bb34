// Every spec 6.1 lodgement status event, produced end to end through the operator API (D-36) and
// asserted on the outbox: one delivery row per subscribed endpoint with the exact payload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAbnRegistration } from '../../../generated/client/index.js';
import {
  EVENT_BY_KIND,
  INTERACTION_BY_KIND,
  LODGEMENT_KINDS,
  LODGEMENT_STATUSES,
  NOTIFIABLE_STATUSES,
} from '../../../schemas/lodgements/index.js';
import { REGULATOR_DECISION_DELAY_SECONDS, REGULATOR_SUBMIT_DELAY_SECONDS } from '../../../server/domain/lodgements/regulator-progress.js';
import { sdkClient, startTestServer, type TestAccount, type TestServer } from '../../support/harness.js';
import {
  ClosedPayload,
  ENTITY_VARIANTS,
  adminCreateLodgement,
  adminSetStatus,
  advance,
  createEndpoint,
  deliveriesOf,
  startReceiver,
  type DeliveryRow,
  type EventTypes,
} from './support.js';

let server: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  // D-24: loopback receivers are allowed, so no test depends on outside DNS or network.
  server = await startTestServer({ env: { SVC_WEBHOOK_ALLOW_LOCAL: '1' } });
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

interface Endpoints {
  account: TestAccount;
  /** Test endpoint subscribed to `*`. */
  all: string;
  /** Test endpoint subscribed to the kind's own event. */
  own: string;
  /** Test endpoint subscribed to other events only. */
  otherEvents: string;
  /** Live endpoint of the same account subscribed to `*`. */
  live: string;
}

async function accountWithEndpoints(ownEvent: EventTypes[number]): Promise<Endpoints> {
  const account = await server.createAccount();
  const others: EventTypes = LODGEMENT_KINDS.map((k) => EVENT_BY_KIND[k]).filter((e) => e !== ownEvent);
  return {
    account,
    all: await createEndpoint(server, account, 'test', receiver.url, ['*']),
    own: await createEndpoint(server, account, 'test', receiver.url, [ownEvent]),
    otherEvents: await createEndpoint(server, account, 'test', receiver.url, [...others, 'monitoring.change_detected']),
    live: await createEndpoint(server, account, 'live', receiver.url, ['*']),
  };
}

async function deliveriesFor(endpointId: string, requestId: number): Promise<DeliveryRow[]> {
  return (await deliveriesOf(server, endpointId)).filter((d) => d.body.requestId === requestId);
}

describe.each(LODGEMENT_KINDS)('%s status events', (kind) => {
  const event = EVENT_BY_KIND[kind];
  let endpoints: Endpoints;
  beforeAll(async () => {
    endpoints = await accountWithEndpoints(event);
  });

  it.each(NOTIFIABLE_STATUSES[kind].map((status, i) => [status, ENTITY_VARIANTS[i % ENTITY_VARIANTS.length]!] as const))(
    'a move into %s sends exactly one delivery per subscribed endpoint with the exact payload (fields %j)',
    async (status, entity) => {
      const created = await adminCreateLodgement(server, { accountId: endpoints.account.id, environment: 'test', kind, ...entity });
      await advance(server, 1);
      await adminSetStatus(server, created.requestId, status);
      const expected = {
        event,
        requestId: created.requestId,
        interaction: INTERACTION_BY_KIND[kind],
        status,
        timestamp: server.clock.now().toISOString(),
        ...entity,
      };
      for (const endpointId of [endpoints.all, endpoints.own]) {
        const rows = await deliveriesFor(endpointId, created.requestId);
        expect(rows).toHaveLength(1);
        const [row] = rows;
        expect(row!.event).toBe(event);
        expect(row!.environment).toBe('test');
        expect(row!.body).toStrictEqual({ ...expected, deliveryId: row!.id });
        expect(row!.id).toMatch(/^dlv_[A-Za-z0-9]{24}$/);
        expect(ClosedPayload.safeParse(row!.body).success).toBe(true);
      }
      expect(await deliveriesFor(endpoints.otherEvents, created.requestId)).toEqual([]);
      expect(await deliveriesFor(endpoints.live, created.requestId)).toEqual([]);
    },
  );

  const silent = LODGEMENT_STATUSES.filter((s) => !(NOTIFIABLE_STATUSES[kind] as readonly string[]).includes(s) && s !== 'new');
  it(`sends nothing for a move into a status that is not notifiable (${silent.join(', ')}) or back to new`, async () => {
    const created = await adminCreateLodgement(server, {
      accountId: endpoints.account.id,
      environment: 'test',
      kind,
      entityName: 'QUIET PTY LTD',
    });
    for (const status of [...silent, 'new']) {
      await advance(server, 1);
      expect((await adminSetStatus(server, created.requestId, status)).status).toBe(status);
    }
    for (const endpointId of [endpoints.all, endpoints.own, endpoints.otherEvents, endpoints.live]) {
      expect(await deliveriesFor(endpointId, created.requestId)).toEqual([]);
    }
  });

  it('sends manual review then finished as two deliveries, in order', async () => {
    const created = await adminCreateLodgement(server, { accountId: endpoints.account.id, environment: 'test', kind });
    await adminSetStatus(server, created.requestId, 'submitted');
    await advance(server, 1);
    await adminSetStatus(server, created.requestId, 'manual review');
    const reviewAt = server.clock.now().toISOString();
    await advance(server, 1);
    await adminSetStatus(server, created.requestId, 'finished');
    const finishedAt = server.clock.now().toISOString();
    for (const endpointId of [endpoints.all, endpoints.own]) {
      const rows = await deliveriesFor(endpointId, created.requestId);
      expect(rows.map((r) => [r.body.status, r.body.timestamp])).toEqual([
        ['manual review', reviewAt],
        ['finished', finishedAt],
      ]);
      expect(new Set(rows.map((r) => r.body.deliveryId)).size).toBe(2);
    }
  });

  it('sends nothing when the status is set to the one it already has', async () => {
    const created = await adminCreateLodgement(server, { accountId: endpoints.account.id, environment: 'test', kind });
    await adminSetStatus(server, created.requestId, 'finished');
    await advance(server, 1);
    await adminSetStatus(server, created.requestId, 'finished');
    expect(await deliveriesFor(endpoints.all, created.requestId)).toHaveLength(1);
  });

  it('sends a live lodgement only to live endpoints', async () => {
    const created = await adminCreateLodgement(server, { accountId: endpoints.account.id, environment: 'live', kind, acn: '100000011' });
    await advance(server, 1);
    await adminSetStatus(server, created.requestId, 'rejected');
    const [row, ...more] = await deliveriesFor(endpoints.live, created.requestId);
    expect(more).toEqual([]);
    expect(row!.environment).toBe('live');
    expect(row!.body).toStrictEqual({
      event,
      requestId: created.requestId,
      interaction: INTERACTION_BY_KIND[kind],
      status: 'rejected',
      timestamp: server.clock.now().toISOString(),
      acn: '100000011',
      deliveryId: row!.id,
    });
    for (const endpointId of [endpoints.all, endpoints.own, endpoints.otherEvents]) {
      expect(await deliveriesFor(endpointId, created.requestId)).toEqual([]);
    }
  });
});

describe('other accounts and the simulated registry', () => {
  it("never sends one account's lodgement events to another account's endpoints", async () => {
    const mine = await accountWithEndpoints(EVENT_BY_KIND.company_registration);
    const theirs = await accountWithEndpoints(EVENT_BY_KIND.company_registration);
    const created = await adminCreateLodgement(server, { accountId: mine.account.id, environment: 'test', kind: 'company_registration' });
    await adminSetStatus(server, created.requestId, 'finished');
    expect(await deliveriesFor(mine.all, created.requestId)).toHaveLength(1);
    for (const endpointId of [theirs.all, theirs.own, theirs.live]) {
      expect(await deliveriesFor(endpointId, created.requestId)).toEqual([]);
    }
  });

  it('emits abn_registration events as the simulated registry moves a MANUAL REVIEW registration', async () => {
    const endpoints = await accountWithEndpoints(EVENT_BY_KIND.abn_registration);
    const { data } = await createAbnRegistration({
      client: sdkClient(server, endpoints.account.keys.secretTest),
      body: {
        entityName: 'MANUAL REVIEW CITIZEN',
        entityType: 'individual',
        businessAddress: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
        contactEmail: 'review@example.com',
      },
    });
    const start = server.clock.now().getTime();
    await advance(server, REGULATOR_SUBMIT_DELAY_SECONDS + 2 * REGULATOR_DECISION_DELAY_SECONDS);
    const at = (seconds: number) => new Date(start + seconds * 1000).toISOString();
    const rows = await deliveriesFor(endpoints.own, data!.requestId);
    expect(rows.map((r) => r.body)).toStrictEqual([
      {
        event: 'abn_registration.status_changed',
        requestId: data!.requestId,
        interaction: 'abnreg.lodge',
        status: 'manual review',
        timestamp: at(REGULATOR_SUBMIT_DELAY_SECONDS + REGULATOR_DECISION_DELAY_SECONDS),
        entityName: 'MANUAL REVIEW CITIZEN',
        deliveryId: rows[0]!.id,
      },
      {
        event: 'abn_registration.status_changed',
        requestId: data!.requestId,
        interaction: 'abnreg.lodge',
        status: 'finished',
        timestamp: at(REGULATOR_SUBMIT_DELAY_SECONDS + 2 * REGULATOR_DECISION_DELAY_SECONDS),
        entityName: 'MANUAL REVIEW CITIZEN',
        deliveryId: rows[1]!.id,
      },
    ]);
    expect(await deliveriesFor(endpoints.live, data!.requestId)).toEqual([]);
  });
});
