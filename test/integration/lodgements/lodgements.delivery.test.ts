// Every spec 6.1 lodgement status event delivered end to end: endpoints registered through the public
// POST /webhooks (SDK), lodgements created and moved through the operator API, and the deliveries
// received over real HTTP by a loopback receiver (SVC_WEBHOOK_ALLOW_LOCAL, D-24). Each move into a
// notifiable status arrives as one signed POST with the exact 6.1 payload, accepted by our SDK's
// verifyWebhook, by Stripe's constructEvent (given X-Svc-Signature) and by a Standard Webhooks
// library; `manual review` then `finished` are two deliveries; test lodgements never reach a live
// endpoint. The manual clock stands still: the operator's one-second advance runs the immediate
// attempts at the instant of the move.
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWebhookEndpoint, verifyWebhook } from '../../../generated/client/index.js';
import { EVENT_BY_KIND, INTERACTION_BY_KIND, LODGEMENT_KINDS, NOTIFIABLE_STATUSES } from '../../../schemas/lodgements/index.js';
import { webhookDeliveries } from '../../../server/store/schema/index.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';
import { startDeliveryServer, startReceiver, type Hit, type Receiver } from '../webhooks/delivery.support.js';
import { ClosedPayload, ENTITY_VARIANTS, adminCreateLodgement, adminSetStatus, advance, PREFIX } from './support.js';

type Environment = 'test' | 'live';

interface Endpoint {
  id: string;
  secret: string;
  path: string;
}

const stripe = new Stripe('sk_test_unused');
let server: TestServer;
let receiver: Receiver;
let account: TestAccount;
const endpoints = {} as Record<Environment, Endpoint>;
/** Request ids of the lodgements made here, by environment. */
const lodged: Record<Environment, number[]> = { test: [], live: [] };

async function registerEndpoint(environment: Environment): Promise<Endpoint> {
  const key = environment === 'live' ? account.keys.secretLive : account.keys.secretTest;
  const path = `/${environment}`;
  const { data, response } = await createWebhookEndpoint({
    client: sdkClient(server, key, PREFIX[environment]),
    body: { url: `${receiver.url}${path}`, eventTypes: ['*'] },
  });
  expect(response.status).toBe(201);
  return { id: data!.id, secret: data!.secret, path };
}

beforeAll(async () => {
  server = await startDeliveryServer();
  receiver = await startReceiver(() => server);
  account = await server.createAccount();
  endpoints.test = await registerEndpoint('test');
  endpoints.live = await registerEndpoint('live');
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

const hitsAt = (endpoint: Endpoint): Hit[] => receiver.hits.filter((hit) => hit.path === endpoint.path);
const header = (hit: Hit, name: string): string => String(hit.headers[name]);

/**
 * Moves a lodgement through the operator API and lets the immediate attempts run (one-second advance);
 * returns what reached each endpoint because of this move.
 */
async function move(requestId: number, status: string): Promise<{ movedAt: Date; hits: Record<Environment, Hit[]> }> {
  const before = { test: hitsAt(endpoints.test).length, live: hitsAt(endpoints.live).length };
  const moved = await adminSetStatus(server, requestId, status);
  expect(moved.status).toBe(status);
  const movedAt = server.clock.now();
  await advance(server, 1);
  return {
    movedAt,
    hits: { test: hitsAt(endpoints.test).slice(before.test), live: hitsAt(endpoints.live).slice(before.live) },
  };
}

async function lodge(
  environment: Environment,
  kind: (typeof LODGEMENT_KINDS)[number],
  entity: Record<string, string> = {},
): Promise<number> {
  const created = await adminCreateLodgement(server, { accountId: account.id, environment, kind, ...entity });
  lodged[environment].push(created.requestId);
  await advance(server, 1);
  return created.requestId;
}

/** Third-party verifiers that read the machine's time run with it pinned to the instant of the delivery. */
function atInstant<T>(instant: Date, verify: () => T): T {
  vi.useFakeTimers({ toFake: ['Date'], now: instant.getTime() });
  try {
    return verify();
  } finally {
    vi.useRealTimers();
  }
}

/**
 * One delivery as a partner receives it: the documented headers, the body byte for byte as stored in
 * the outbox, the exact 6.1 payload, and a signature that all three verifiers accept.
 */
async function expectDelivery(hit: Hit, endpoint: Endpoint, expected: Record<string, unknown>, movedAt: Date): Promise<string> {
  const raw = hit.body;
  const body = JSON.parse(raw) as Record<string, unknown>;
  const deliveryId = String(body.deliveryId);
  expect(deliveryId).toMatch(/^dlv_[A-Za-z0-9]{24}$/);
  expect(body).toStrictEqual({ ...expected, deliveryId });
  expect(ClosedPayload.safeParse(body).success).toBe(true);

  const [stored] = await server.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  expect(stored!.endpointId).toBe(endpoint.id);
  expect(stored!.body).toBe(raw);
  expect(stored!.status).toBe('succeeded');

  // Signed with the time of sending (D-62); the test server's wall clock stands still unless moved.
  const signedAt = server.wallClock.now();
  const seconds = Math.floor(signedAt.getTime() / 1000);
  expect(hit.at.getTime()).toBe(movedAt.getTime());
  expect(header(hit, 'content-type')).toBe('application/json');
  expect(header(hit, 'user-agent')).toBe('svc-webhooks/1');
  expect(header(hit, 'x-svc-event')).toBe(expected.event);
  expect(header(hit, 'x-svc-delivery-id')).toBe(deliveryId);
  expect(header(hit, 'webhook-id')).toBe(deliveryId);
  expect(header(hit, 'webhook-timestamp')).toBe(String(seconds));
  expect(header(hit, 'x-svc-signature')).toMatch(new RegExp(`^t=${seconds},v1=[0-9a-f]{64}$`));

  expect(verifyWebhook(raw, hit.headers, [endpoint.secret], { now: () => signedAt.getTime() })).toStrictEqual(body);
  expect(verifyWebhook(Buffer.from(raw), hit.headers, [endpoint.secret], { now: () => signedAt.getTime() })).toStrictEqual(body);
  const byStripe: unknown = stripe.webhooks.constructEvent(
    raw,
    header(hit, 'x-svc-signature'),
    endpoint.secret,
    undefined,
    undefined,
    signedAt.getTime(),
  );
  expect(byStripe).toStrictEqual(body);
  const byStandard: unknown = atInstant(signedAt, () => new Webhook(endpoint.secret).verify(raw, hit.headers as Record<string, string>));
  expect(byStandard).toStrictEqual(body);
  // The other environment's secret does not verify it.
  const other = endpoint === endpoints.test ? endpoints.live : endpoints.test;
  expect(() => verifyWebhook(raw, hit.headers, [other.secret], { now: () => signedAt.getTime() })).toThrow(/No signature matches/);
  return deliveryId;
}

function expectedPayload(
  kind: (typeof LODGEMENT_KINDS)[number],
  requestId: number,
  status: string,
  at: Date,
  entity: Record<string, string>,
) {
  return { event: EVENT_BY_KIND[kind], requestId, interaction: INTERACTION_BY_KIND[kind], status, timestamp: at.toISOString(), ...entity };
}

describe.each(LODGEMENT_KINDS)('%s: every notifiable move is delivered', (kind) => {
  it.each(NOTIFIABLE_STATUSES[kind].map((status, i) => [status, ENTITY_VARIANTS[i % ENTITY_VARIANTS.length]!] as const))(
    'a move into %s arrives as one signed POST with the exact payload (fields %j)',
    async (status, entity) => {
      const requestId = await lodge('test', kind, entity);
      const { movedAt, hits } = await move(requestId, status);
      expect(hits.test).toHaveLength(1);
      expect(hits.live).toEqual([]);
      await expectDelivery(hits.test[0]!, endpoints.test, expectedPayload(kind, requestId, status, movedAt, entity), movedAt);
    },
  );

  it('manual review then finished arrive as two deliveries with different deliveryIds, in order', async () => {
    const entity = { entityName: 'MANUAL REVIEW TRADING PTY LTD' };
    const requestId = await lodge('test', kind, entity);
    const submitted = await move(requestId, 'submitted');
    expect(submitted.hits).toEqual({ test: [], live: [] });
    const review = await move(requestId, 'manual review');
    const finished = await move(requestId, 'finished');
    expect(review.hits.test).toHaveLength(1);
    expect(finished.hits.test).toHaveLength(1);
    expect([...review.hits.live, ...finished.hits.live]).toEqual([]);
    const first = await expectDelivery(
      review.hits.test[0]!,
      endpoints.test,
      expectedPayload(kind, requestId, 'manual review', review.movedAt, entity),
      review.movedAt,
    );
    const second = await expectDelivery(
      finished.hits.test[0]!,
      endpoints.test,
      expectedPayload(kind, requestId, 'finished', finished.movedAt, entity),
      finished.movedAt,
    );
    expect(first).not.toBe(second);
    expect(finished.movedAt.getTime()).toBeGreaterThan(review.movedAt.getTime());
  });

  it('a live lodgement reaches the live endpoint only', async () => {
    const entity = { acn: '100000011' };
    const requestId = await lodge('live', kind, entity);
    const { movedAt, hits } = await move(requestId, 'rejected');
    expect(hits.test).toEqual([]);
    expect(hits.live).toHaveLength(1);
    await expectDelivery(hits.live[0]!, endpoints.live, expectedPayload(kind, requestId, 'rejected', movedAt, entity), movedAt);
  });
});

describe('environments', () => {
  it('no test lodgement ever reached the live-key endpoint, and no live one the test-key endpoint', async () => {
    expect(lodged.test.length).toBeGreaterThan(0);
    expect(lodged.live).toHaveLength(LODGEMENT_KINDS.length);
    const requestIdsAt = (endpoint: Endpoint) => hitsAt(endpoint).map((hit) => (JSON.parse(hit.body) as { requestId: number }).requestId);
    expect(requestIdsAt(endpoints.live).sort((a, b) => a - b)).toEqual([...lodged.live].sort((a, b) => a - b));
    expect(requestIdsAt(endpoints.test).length).toBeGreaterThan(0);
    expect(requestIdsAt(endpoints.test).every((id) => lodged.test.includes(id))).toBe(true);
    // The outbox agrees: the live endpoint has a delivery row for live lodgements only.
    const liveRows = await server.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoints.live.id));
    expect(liveRows.map((row) => (JSON.parse(row.body) as { requestId: number }).requestId).sort((a, b) => a - b)).toEqual(
      [...lodged.live].sort((a, b) => a - b),
    );
    expect(liveRows.every((row) => row.environment === 'live')).toBe(true);
    // Every hit was a distinct delivery (nothing sent twice).
    expect(new Set(receiver.hits.map((hit) => header(hit, 'x-svc-delivery-id'))).size).toBe(receiver.hits.length);
  });
});
