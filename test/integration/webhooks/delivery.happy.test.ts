// A real delivery end to end (spec 6.3, D-20, D-21): it arrives without moving the manual clock, with
// every documented header, and Stripe's verifier, a Standard Webhooks library and our SDK's verifier
// all accept it and all refuse a tampered body or a stale timestamp.
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  generateTestHeaders,
  rotateWebhookEndpointSecret,
  verifyWebhook,
  WebhookVerificationError,
} from '../../../generated/client/index.js';
import { startWorker, type Worker } from '../../../server/jobs/runner.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';
import { createEndpoint, emit, startDeliveryServer, startReceiver, type Hit, type Receiver } from './delivery.support.js';

let server: TestServer;
let receiver: Receiver;
let worker: Worker;
let account: TestAccount;
let endpoint: { id: string; secret: string };
const stripe = new Stripe('sk_test_x');

beforeAll(async () => {
  server = await startDeliveryServer();
  receiver = await startReceiver(() => server);
  // The worker of `npm start`: with the manual clock it still runs every job due at the clock's now.
  worker = startWorker(server.deps, server.built.jobs, { intervalMs: 10 });
  account = await server.createAccount();
  endpoint = await createEndpoint(server, account, `${receiver.url}/hooks`);
});
afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await server?.close();
});

async function waitForHits(count: number): Promise<Hit[]> {
  for (let i = 0; i < 500 && receiver.hits.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(receiver.hits.length).toBe(count);
  return receiver.hits;
}

/** Third-party verifiers read the machine's time; pin it to the service clock (plus an offset) while they run. */
function atServiceTime<T>(offsetSeconds: number, verify: () => T): T {
  vi.useFakeTimers({ toFake: ['Date'], now: server.clock.now().getTime() + offsetSeconds * 1000 });
  try {
    return verify();
  } finally {
    vi.useRealTimers();
  }
}

const header = (hit: Hit, name: string): string => String(hit.headers[name]);

describe('a delivery', () => {
  it('arrives at once, with every D-20 header, without the clock moving', async () => {
    const before = server.clock.now().toISOString();
    const [deliveryId] = await emit(server, account);
    const [hit] = await waitForHits(1);
    expect(server.clock.now().toISOString()).toBe(before);
    expect(hit!.path).toBe('/hooks');
    expect(header(hit!, 'content-type')).toBe('application/json');
    expect(header(hit!, 'user-agent')).toBe('svc-webhooks/1');
    expect(header(hit!, 'x-svc-delivery-id')).toBe(deliveryId);
    expect(header(hit!, 'x-svc-event')).toBe('abn_registration.status_changed');
    expect(header(hit!, 'webhook-id')).toBe(deliveryId);
    // Signed with the time of sending (D-62): the wall clock, which a test server injects.
    const seconds = Math.floor(server.wallClock.now().getTime() / 1000);
    expect(header(hit!, 'webhook-timestamp')).toBe(String(seconds));
    expect(header(hit!, 'x-svc-signature')).toMatch(new RegExp(`^t=${seconds},v1=[0-9a-f]{64}$`));
    expect(header(hit!, 'webhook-signature')).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    const body = JSON.parse(hit!.body) as Record<string, unknown>;
    expect(body).toMatchObject({ event: 'abn_registration.status_changed', deliveryId, status: 'finished', interaction: 'abnreg.lodge' });
  });

  it('is accepted by Stripe, Standard Webhooks and verifyWebhook, every time', async () => {
    await emit(server, account, 'company_registration.status_changed');
    await emit(server, account, 'monitoring.expired');
    const hits = await waitForHits(3);
    for (const hit of hits) {
      const raw = hit.body;
      const byStripe = atServiceTime(0, () => stripe.webhooks.constructEvent(raw, header(hit, 'x-svc-signature'), endpoint.secret));
      const byStandard = atServiceTime(0, () => new Webhook(endpoint.secret).verify(raw, hit.headers as Record<string, string>));
      const ours = verifyWebhook(raw, hit.headers, [endpoint.secret], { now: () => server.clock.now().getTime() });
      for (const event of [byStripe, byStandard, ours])
        expect((event as unknown as { deliveryId: string }).deliveryId).toBe(header(hit, 'x-svc-delivery-id'));
      // Either scheme alone is enough for the SDK verifier.
      const { 'x-svc-signature': _svc, ...standardOnly } = hit.headers;
      expect(verifyWebhook(Buffer.from(raw), standardOnly, [endpoint.secret], { now: () => server.clock.now().getTime() }).event).toBe(
        header(hit, 'x-svc-event'),
      );
    }
  });

  it('is refused by all three when the body is tampered with or the timestamp is stale', () => {
    const hit = receiver.hits[0]!;
    const tampered = hit.body.replace('"finished"', '"rejected"');
    expect(tampered).not.toBe(hit.body);
    const now = () => server.clock.now().getTime();
    expect(() =>
      atServiceTime(0, () => stripe.webhooks.constructEvent(tampered, header(hit, 'x-svc-signature'), endpoint.secret)),
    ).toThrow();
    expect(() => atServiceTime(0, () => new Webhook(endpoint.secret).verify(tampered, hit.headers as Record<string, string>))).toThrow();
    expect(() => verifyWebhook(tampered, hit.headers, [endpoint.secret], { now })).toThrow(WebhookVerificationError);

    // Six minutes later the same, untouched delivery is a replay (D-20: at most 5 minutes).
    expect(() =>
      atServiceTime(360, () => stripe.webhooks.constructEvent(hit.body, header(hit, 'x-svc-signature'), endpoint.secret)),
    ).toThrow(/tolerance/);
    expect(() => atServiceTime(360, () => new Webhook(endpoint.secret).verify(hit.body, hit.headers as Record<string, string>))).toThrow(
      /too old/,
    );
    expect(() => verifyWebhook(hit.body, hit.headers, [endpoint.secret], { now: () => now() + 360_000 })).toThrow(/timestamp/);
  });

  it('is signed with the new secret after a rotation; verifyWebhook accepts old and new during the switch', async () => {
    const old = endpoint.secret;
    const { data } = await rotateWebhookEndpointSecret({ client: sdkClient(server, account.keys.secretTest), path: { id: endpoint.id } });
    const fresh = data!.secret;
    await emit(server, account);
    const hit = (await waitForHits(4))[3]!;
    const now = () => server.clock.now().getTime();
    expect(verifyWebhook(hit.body, hit.headers, [old, fresh], { now }).deliveryId).toBe(header(hit, 'x-svc-delivery-id'));
    expect(verifyWebhook(hit.body, hit.headers, [fresh, old], { now }).deliveryId).toBe(header(hit, 'x-svc-delivery-id'));
    expect(() => verifyWebhook(hit.body, hit.headers, [old], { now })).toThrow(/No signature matches/);
    expect(() => atServiceTime(0, () => stripe.webhooks.constructEvent(hit.body, header(hit, 'x-svc-signature'), old))).toThrow();
    expect(atServiceTime(0, () => stripe.webhooks.constructEvent(hit.body, header(hit, 'x-svc-signature'), fresh))).toMatchObject({
      deliveryId: header(hit, 'x-svc-delivery-id'),
    });
    endpoint.secret = fresh;
  });

  it('tells a caller who passes a parsed body to pass the raw one', () => {
    const hit = receiver.hits[0]!;
    const parsed = JSON.parse(hit.body) as object;
    expect(() => verifyWebhook(parsed as never, hit.headers, [endpoint.secret])).toThrow(/parsed object, not the raw body.*express\.raw/);
    expect(() => verifyWebhook(hit.body, {}, [endpoint.secret])).toThrow(/No signature header/);
    expect(() => verifyWebhook(hit.body, hit.headers, [])).toThrow(/No webhook secret/);
  });

  it('generateTestHeaders produces headers all three verifiers accept', () => {
    const body = JSON.stringify({
      event: 'monitoring.expired',
      deliveryId: 'dlv_TestTestTestTestTestTest',
      timestamp: '2026-11-22T00:00:00Z',
    });
    const seconds = Math.floor(server.clock.now().getTime() / 1000);
    const headers = generateTestHeaders(body, endpoint.secret, seconds);
    expect(headers['webhook-id']).toBe('dlv_TestTestTestTestTestTest');
    expect(verifyWebhook(body, headers, [endpoint.secret], { now: () => seconds * 1000 }).event).toBe('monitoring.expired');
    expect(atServiceTime(0, () => stripe.webhooks.constructEvent(body, headers['X-Svc-Signature']!, endpoint.secret))).toMatchObject({
      event: 'monitoring.expired',
    });
    expect(atServiceTime(0, () => new Webhook(endpoint.secret).verify(body, headers))).toMatchObject({ event: 'monitoring.expired' });
  });
});
