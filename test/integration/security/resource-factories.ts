// One factory per resource a path parameter names, for the cross-account check
// (cross-account.ts): each creates its resource FOR REAL through the public API, as the owner's test
// secret key, and returns the path parameter values that name it. A resource is the document's path
// up to its last parameter (`/webhooks/{id}` for PATCH /webhooks/{id} and GET
// /webhooks/{id}/deliveries), so one entry covers every operation on it.
//
// Adding a resource (a vertical landing): add its entry here, creating it the way a partner would
// (the generated SDK, or the operator API for what only the sandbox can do). The security suite then
// calls every operation on it as another account and as the owner's other environment; its
// "pending" test fails until the entry exists, once the operations stop answering 501.
import { expect } from 'vitest';
import {
  collectListenDeliveries,
  createAbnRegistration,
  createListenSession,
  createTrigger,
  createBusinessAccountApplication,
  createForm484Lodgement,
  createMonitoringEntities,
  createPpsrAlert,
  createPpsrSearch,
  createWebhookEndpoint,
  listWebhookDeliveries,
  simulateMonitoringEvent,
  type MonitoringEvent,
} from '../../../generated/client/index.js';
import { APPLICATION_EXAMPLE } from '../../../schemas/business-accounts/index.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';

export interface FactoryContext {
  server: TestServer;
  /** The owner (account A): the resource is created with its test secret key, on the test prefix. */
  owner: TestAccount;
  /** A loopback receiver the server may deliver to (SVC_WEBHOOK_ALLOW_LOCAL, D-24): answers 204. */
  receiverUrl: string;
}

/** Path parameter name -> value naming the created resource. */
export type PathParams = Record<string, string | number>;

export type ResourceFactory = (context: FactoryContext) => Promise<PathParams>;

/** The resource an operation's path names: the path up to and including its last parameter. */
export function resourceOf(path: string): string {
  const end = path.lastIndexOf('}');
  return end === -1 ? path : path.slice(0, end + 1);
}

function ownerClient({ server, owner }: FactoryContext) {
  return sdkClient(server, owner.keys.secretTest);
}

async function webhookEndpoint(context: FactoryContext): Promise<string> {
  const { data, error, response } = await createWebhookEndpoint({
    client: ownerClient(context),
    body: { url: `${context.receiverUrl}/hooks`, eventTypes: ['*'] },
  });
  expect(response.status, JSON.stringify(error)).toBe(201);
  return data!.id;
}

async function lodgement(context: FactoryContext): Promise<number> {
  const { data, error, response } = await createAbnRegistration({
    client: ownerClient(context),
    body: {
      entityName: 'JANE CITIZEN',
      entityType: 'individual',
      businessAddress: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
      contactEmail: 'jane@example.com',
    },
  });
  expect(response.status, JSON.stringify(error)).toBe(201);
  return data!.requestId;
}

let nextCompany = 80_000_000;

/** A valid ACN not used before in this run: each call monitors another (generated) sandbox company. */
function freshAcn(): string {
  const digits = String(nextCompany++);
  const sum = [...digits].reduce((acc, digit, index) => acc + Number(digit) * (8 - index), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** A sandbox company under monitoring (ordered with the test key, free). */
async function monitoredEntity(context: FactoryContext): Promise<number> {
  const { data, error, response } = await createMonitoringEntities({
    client: ownerClient(context),
    body: { entities: [{ acn: freshAcn() }] },
  });
  expect(response.status, JSON.stringify(error)).toBe(201);
  return data!.entities[0]!.id;
}

async function listenSession(context: FactoryContext): Promise<string> {
  const { data, error, response } = await createListenSession({ client: ownerClient(context), body: {} });
  expect(response.status, JSON.stringify(error)).toBe(201);
  return data!.id;
}

async function ppsrSearch(context: FactoryContext): Promise<number> {
  const { data, error, response } = await createPpsrSearch({ client: ownerClient(context), body: { vin: '1HGCM82633A004352' } });
  expect(response.status, JSON.stringify(error)).toBe(201);
  return data!.requestId;
}

export const RESOURCE_FACTORIES: Readonly<Record<string, ResourceFactory>> = {
  '/webhooks/{id}': async (context) => ({ id: await webhookEndpoint(context) }),

  // A delivery exists once an event reaches the endpoint: the owner's lodgement moves into a status
  // that announces itself (the operator API can move any lodgement, D-36), and the delivery is read
  // back from the owner's own delivery log.
  '/webhooks/{id}/deliveries/{deliveryId}': async (context) => {
    const id = await webhookEndpoint(context);
    const requestId = await lodgement(context);
    const moved = await context.server.admin('POST', `/admin/lodgements/${requestId}/status`, { status: 'finished' });
    expect(moved.status).toBe(200);
    const { data, response } = await listWebhookDeliveries({ client: ownerClient(context), path: { id } });
    expect(response.status).toBe(200);
    expect(data!.data).toHaveLength(1);
    return { id, deliveryId: data!.data[0]!.deliveryId };
  },

  '/lodgements/{requestId}': async (context) => ({ requestId: await lodgement(context) }),

  '/ppsr/searches/{requestId}': async (context) => ({ requestId: await ppsrSearch(context) }),

  // A certificate exists once the search has run (the worker takes it at once; no clock move needed).
  '/ppsr/searches/{requestId}/certificates/{certificateNumber}': async (context) => {
    const requestId = await ppsrSearch(context);
    const ran = await context.server.admin('POST', '/admin/jobs/ppsr-processing/run');
    expect(ran.status).toBe(200);
    return { requestId, certificateNumber: `CERT-${requestId}-1` };
  },

  '/ppsr/alerts/{id}': async (context) => {
    const { data, error, response } = await createPpsrAlert({
      client: ownerClient(context),
      body: { organisationNumberType: 'ACN', organisationNumber: '100000011' },
    });
    expect(response.status, JSON.stringify(error)).toBe(201);
    return { id: data!.id };
  },

  '/asic-484-forms/{requestId}': async (context) => {
    const { data, error, response } = await createForm484Lodgement({
      client: ownerClient(context),
      body: {
        generalInformation: { companyName: 'SANDBOX TRADING PTY LTD', acn: '100000011' },
        registeredOffice: {
          dateOfChange: '2026-11-16',
          address: { street: '123 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
          occupyIndicator: true,
        },
        signature: {
          name: { familyName: 'CITIZEN', givenName1: 'JANE' },
          role: 'DIR',
          date: '2026-11-20',
          declaresTrueAndCorrectIndicator: true,
        },
        testTransmissionIndicator: false,
      },
    });
    expect(response.status, JSON.stringify(error)).toBe(201);
    return { requestId: data!.response.requestId };
  },

  '/business-accounts/status/{requestId}': async (context) => {
    // The SDK's body type needs one of acn and abn present; the example gives its ACN.
    const acn = APPLICATION_EXAMPLE.accountInformation.acn!;
    const body = { ...APPLICATION_EXAMPLE, accountInformation: { ...APPLICATION_EXAMPLE.accountInformation, acn } };
    const { data, error, response } = await createBusinessAccountApplication({ client: ownerClient(context), body });
    expect(response.status, JSON.stringify(error)).toBe(201);
    return { requestId: data!.requestId };
  },

  '/monitoring/entities/{id}': async (context) => ({ id: await monitoredEntity(context) }),

  '/cli/listen-sessions/{id}': async (context) => ({ id: await listenSession(context) }),

  // An attempt exists once a triggered event's delivery job held it for the session and the owner collected it (D-79).
  '/cli/listen-sessions/{id}/attempts/{attemptId}': async (context) => {
    const id = await listenSession(context);
    const sent = await createTrigger({ client: ownerClient(context), body: { eventType: 'monitoring.expired' } });
    expect(sent.response.status, JSON.stringify(sent.error)).toBe(201);
    const ran = await context.server.admin('POST', '/admin/jobs/webhook-delivery/run');
    expect(ran.status).toBe(200);
    const { data, response } = await collectListenDeliveries({ client: ownerClient(context), path: { id }, query: { limit: 50 } });
    expect(response.status).toBe(200);
    const attempt = data!.data.find((item) => item.deliveryId === sent.data!.deliveries.find((d) => d.destination === id)?.deliveryId);
    expect(attempt).toBeDefined();
    return { id, attemptId: attempt!.attemptId };
  },

  // A sandbox event comes from simulate (the sandbox's entities are not checked against the registers).
  '/monitoring/events/{id}': async (context) => {
    const id = await monitoredEntity(context);
    const { data, error, response } = await simulateMonitoringEvent({
      client: ownerClient(context),
      path: { id },
      body: { eventType: 'address_change' },
    });
    expect(response.status, JSON.stringify(error)).toBe(201);
    return { id: (data as MonitoringEvent).monitoringEventId };
  },
};
