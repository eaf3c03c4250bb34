// The delivery log and resend through the generated SDK (D-25): newest first and paginated, each
// delivery with its payload and its attempts oldest first; a resend is one more attempt now with the
// same deliveryId and body, signed with the current secret; other keys see no such endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listWebhookDeliveries,
  resendWebhookDelivery,
  rotateWebhookEndpointSecret,
  updateWebhookEndpoint,
  verifyWebhook,
} from '../../../generated/client/index.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';
import { advance, createEndpoint, emit, runDue, startDeliveryServer, startReceiver, type Receiver } from './delivery.support.js';

let server: TestServer;
let receiver: Receiver;
let account: TestAccount;
let endpoint: { id: string; secret: string };
let client: ReturnType<typeof sdkClient>;
/** Deliveries in the order emitted. */
const emitted: string[] = [];

beforeAll(async () => {
  server = await startDeliveryServer();
  receiver = await startReceiver(() => server);
  account = await server.createAccount();
  endpoint = await createEndpoint(server, account, `${receiver.url}/log`);
  client = sdkClient(server, account.keys.secretTest);
  // First delivery: fails once, then succeeds on its retry. Second: succeeds. Third: always fails.
  receiver.reply = (_n, hit) => {
    const id = String(hit.headers['x-svc-delivery-id']);
    if (id === emitted[2]) return { status: 500 };
    return { status: id === emitted[0] && receiver.hits.filter((h) => h.headers['x-svc-delivery-id'] === id).length === 1 ? 500 : 204 };
  };
  for (const event of ['abn_registration.status_changed', 'monitoring.expired', 'company_registration.status_changed'] as const) {
    emitted.push(...(await emit(server, account, event)));
    await runDue(server);
    await advance(server, 1);
  }
  await advance(server, 40);
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

describe('listing deliveries', () => {
  it('lists newest first with payload and attempts oldest first', async () => {
    const { data, error } = await listWebhookDeliveries({ client, path: { id: endpoint.id } });
    expect(error).toBeUndefined();
    expect(data!.data.map((d) => d.deliveryId)).toEqual([...emitted].reverse());
    expect(data!.meta).toEqual({ currentPage: 1, perPage: 25, total: 3, lastPage: 1 });

    const [third, second, first] = data!.data;
    expect(first).toMatchObject({ event: 'abn_registration.status_changed', status: 'succeeded', attemptCount: 2, nextAttemptAt: null });
    expect(first!.attempts.map((a) => [a.attemptNumber, a.statusCode, a.errorClass])).toEqual([
      [1, 500, 'http_status'],
      [2, 204, null],
    ]);
    expect(Date.parse(first!.attempts[1]!.attemptedAt) - Date.parse(first!.attempts[0]!.attemptedAt)).toBe(30_000);
    expect(first!.payload).toMatchObject({
      event: 'abn_registration.status_changed',
      deliveryId: first!.deliveryId,
      requestId: expect.any(Number),
    });
    expect(second).toMatchObject({ event: 'monitoring.expired', status: 'succeeded', attemptCount: 1 });
    // The third waits for its third attempt, 5 minutes after the second.
    expect(third).toMatchObject({ status: 'pending', attemptCount: 2 });
    expect(Date.parse(third!.nextAttemptAt!) - Date.parse(third!.attempts[1]!.attemptedAt)).toBe(300_000);
    // The payload is exactly the body that went out.
    const sent = receiver.hits.find((h) => h.headers['x-svc-delivery-id'] === second!.deliveryId)!;
    expect(second!.payload).toEqual(JSON.parse(sent.body));
  });

  it('paginates', async () => {
    const { data } = await listWebhookDeliveries({ client, path: { id: endpoint.id }, query: { page: 2, perPage: 2 } });
    expect(data!.data.map((d) => d.deliveryId)).toEqual([emitted[0]]);
    expect(data!.meta).toEqual({ currentPage: 2, perPage: 2, total: 3, lastPage: 2 });
  });

  it('answers 404 to other keys, environments and accounts', async () => {
    const other = await server.createAccount();
    for (const [key, prefix] of [
      [other.keys.secretTest, '/api/test/v2'],
      [account.keys.secretLive, '/api/v2'],
    ] as const) {
      const { error, response } = await listWebhookDeliveries({ client: sdkClient(server, key, prefix), path: { id: endpoint.id } });
      expect(response.status).toBe(404);
      expect(error).toMatchObject({ error: 'not_found' });
      const resent = await resendWebhookDelivery({
        client: sdkClient(server, key, prefix),
        path: { id: endpoint.id, deliveryId: emitted[0]! },
      });
      expect(resent.response.status).toBe(404);
    }
  });
});

describe('resending', () => {
  it('sends the same delivery again now, signed with the current secret', async () => {
    const before = receiver.hits.filter((h) => h.headers['x-svc-delivery-id'] === emitted[1]);
    const { data: rotated } = await rotateWebhookEndpointSecret({ client, path: { id: endpoint.id } });
    const { data, response } = await resendWebhookDelivery({ client, path: { id: endpoint.id, deliveryId: emitted[1]! } });
    expect(response.status).toBe(202);
    expect(data).toMatchObject({
      deliveryId: emitted[1],
      status: 'pending',
      nextAttemptAt: server.clock.now().toISOString(),
      attemptCount: 1,
    });

    await runDue(server);
    const after = receiver.hits.filter((h) => h.headers['x-svc-delivery-id'] === emitted[1]);
    expect(after).toHaveLength(before.length + 1);
    const resent = after.at(-1)!;
    expect(resent.body).toBe(before[0]!.body);
    const now = () => server.clock.now().getTime();
    expect(verifyWebhook(resent.body, resent.headers, [rotated!.secret], { now }).deliveryId).toBe(emitted[1]);
    expect(() => verifyWebhook(resent.body, resent.headers, [endpoint.secret], { now })).toThrow();

    const { data: log } = await listWebhookDeliveries({ client, path: { id: endpoint.id } });
    const entry = log!.data.find((d) => d.deliveryId === emitted[1])!;
    expect(entry).toMatchObject({ status: 'succeeded', attemptCount: 2, nextAttemptAt: null });
    endpoint.secret = rotated!.secret;
  });

  it('ends a failed resend failed, and adds to a schedule without replacing it', async () => {
    // The third delivery is still being retried: a resend adds an attempt and keeps the schedule.
    const { data: before } = await listWebhookDeliveries({ client, path: { id: endpoint.id } });
    const scheduled = before!.data.find((d) => d.deliveryId === emitted[2])!.nextAttemptAt;
    await resendWebhookDelivery({ client, path: { id: endpoint.id, deliveryId: emitted[2]! } });
    await runDue(server);
    const { data: mid } = await listWebhookDeliveries({ client, path: { id: endpoint.id } });
    expect(mid!.data.find((d) => d.deliveryId === emitted[2])).toMatchObject({
      status: 'pending',
      attemptCount: 3,
      nextAttemptAt: scheduled,
    });

    // Run out the schedule: the 4 automatic attempts left fail, then the delivery is failed.
    await advance(server, 2 * 86_400);
    const { data: done } = await listWebhookDeliveries({ client, path: { id: endpoint.id } });
    const failed = done!.data.find((d) => d.deliveryId === emitted[2])!;
    expect(failed).toMatchObject({ status: 'failed', attemptCount: 7, nextAttemptAt: null });

    // A resend of a failed delivery reopens it for one attempt; failing again, it is failed again.
    const { data: reopened } = await resendWebhookDelivery({ client, path: { id: endpoint.id, deliveryId: emitted[2]! } });
    expect(reopened).toMatchObject({ status: 'pending', attemptCount: 7 });
    await runDue(server);
    await advance(server, 86_400);
    const { data: after } = await listWebhookDeliveries({ client, path: { id: endpoint.id } });
    expect(after!.data.find((d) => d.deliveryId === emitted[2])).toMatchObject({ status: 'failed', attemptCount: 8, nextAttemptAt: null });
  });

  it('answers 404 for an unknown delivery and 409 endpoint_disabled while the endpoint is disabled', async () => {
    const unknown = await resendWebhookDelivery({ client, path: { id: endpoint.id, deliveryId: 'dlv_AAAAAAAAAAAAAAAAAAAAAAAA' } });
    expect(unknown.response.status).toBe(404);

    await updateWebhookEndpoint({ client, path: { id: endpoint.id }, body: { enabled: false } });
    const { error, response } = await resendWebhookDelivery({ client, path: { id: endpoint.id, deliveryId: emitted[0]! } });
    expect(response.status).toBe(409);
    expect(error).toMatchObject({ error: 'endpoint_disabled' });
  });
});
