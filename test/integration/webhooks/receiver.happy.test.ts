// The built-in test receiver on a plain start (D-59): a server built without SVC_WEBHOOK_ALLOW_LOCAL
// accepts the receiver's URLs from a test key and delivers to them in-process, signed like any
// delivery (our SDK's verifier and a Standard Webhooks library accept it), retried on the spec 6.4
// schedule by the manual clock, logged per attempt and auto-disabled after 20 failures in a row.
import { Webhook } from 'standardwebhooks';
import { describe, expect, vi } from 'vitest';
import { listReceivedWebhooks, type ReceivedWebhook } from '../../../generated/admin-client/index.js';
import {
  createWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  updateWebhookEndpoint,
  verifyWebhook,
  type WebhookEndpointWithSecret,
} from '../../../generated/client/index.js';
import { RETRY_DELAYS_SECONDS } from '../../../server/delivery/schedule.js';
import { serverTest } from '../../support/fixtures.js';
import { sdkClient, startTestServer, type TestAccount, type TestServer } from '../../support/harness.js';
import { advance } from '../../support/requests.js';
import { operatorClient } from '../request-log/support.js';
import { resolveHost } from './endpoints.support.js';

// Endpoints on this server's own receiver cannot be replayed through Prism against another server: not recorded.
const it = serverTest(() => startTestServer({ resolveHost, record: false }));

async function receiverUrls(server: TestServer) {
  const { data } = await listReceivedWebhooks({ client: operatorClient(server) });
  return data!.urls;
}

async function received(server: TestServer, account: TestAccount): Promise<ReceivedWebhook[]> {
  const { data } = await listReceivedWebhooks({ client: operatorClient(server), query: { accountId: account.id } });
  return [...data!.data].reverse();
}

async function register(server: TestServer, account: TestAccount, url: string): Promise<WebhookEndpointWithSecret> {
  const { data, response, error } = await createWebhookEndpoint({
    client: sdkClient(server, account.keys.secretTest),
    body: { url, eventTypes: ['abn_registration.status_changed'] },
  });
  expect(response.status, JSON.stringify(error)).toBe(201);
  return data!;
}

/** An ABN registration moved to `finished` through the operator API: one `abn_registration.status_changed` event. */
async function finishLodgement(server: TestServer, account: TestAccount): Promise<number> {
  const created = await server.admin<{ requestId: number }>('POST', '/admin/lodgements', {
    accountId: account.id,
    environment: 'test',
    kind: 'abn_registration',
  });
  const moved = await server.admin('POST', `/admin/lodgements/${created.body.requestId}/status`, { status: 'finished' });
  expect(moved.status).toBe(200);
  return created.body.requestId;
}

describe('the receiver on a plain start', () => {
  it("gives its URLs on the service's own address, with no local-delivery switch on", async ({ server }) => {
    expect(server.deps.config.SVC_WEBHOOK_ALLOW_LOCAL).toBe(false);
    expect(await receiverUrls(server)).toEqual({
      ok: `${server.url}/sandbox/webhook-receiver/ok`,
      fail: `${server.url}/sandbox/webhook-receiver/fail`,
    });
  });

  it('gets a signed delivery that our SDK and a Standard Webhooks library verify', async ({ server, account }) => {
    const endpoint = await register(server, account, (await receiverUrls(server)).ok);
    expect(endpoint.url).toBe(`${server.url}/sandbox/webhook-receiver/ok`);
    const requestId = await finishLodgement(server, account);
    await advance(server, 1);

    const [got, ...more] = await received(server, account);
    expect(more).toEqual([]);
    expect(got).toMatchObject({ path: 'ok', answeredStatus: 200, via: 'in_process', accountId: account.id, endpointId: endpoint.id });
    expect(got!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'svc-webhooks/1',
      'x-svc-event': 'abn_registration.status_changed',
      'webhook-id': got!.deliveryId,
    });
    const now = () => server.wallClock.now().getTime();
    const event = verifyWebhook(got!.body, got!.headers, [endpoint.secret], { now });
    expect(event).toMatchObject({ event: 'abn_registration.status_changed', requestId, status: 'finished' });
    expect(() => verifyWebhook(got!.body, got!.headers, ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'], { now })).toThrow();
    const standard = new Webhook(endpoint.secret.slice('whsec_'.length));
    vi.setSystemTime(server.wallClock.now());
    try {
      expect(standard.verify(got!.body, got!.headers)).toMatchObject({ requestId });
    } finally {
      vi.useRealTimers();
    }

    // The attempt log of D-25 shows it like any other delivery.
    const { data } = await listWebhookDeliveries({ client: sdkClient(server, account.keys.secretTest), path: { id: endpoint.id } });
    expect(data!.data).toEqual([expect.objectContaining({ deliveryId: got!.deliveryId, status: 'succeeded', attemptCount: 1 })]);
    expect(data!.data[0]!.attempts.map((a) => [a.attemptNumber, a.statusCode, a.errorClass])).toEqual([[1, 200, null]]);
  });

  it('retries the failing receiver on the spec 6.4 schedule by the manual clock, each attempt signed afresh', async ({
    server,
    account,
  }) => {
    const endpoint = await register(server, account, (await receiverUrls(server)).fail);
    await finishLodgement(server, account);
    // The first attempt is due at once; it runs at the instant of the move, and the clock ends 1 s later.
    await advance(server, 1);
    expect(await received(server, account)).toHaveLength(1);
    for (const [index, delay] of RETRY_DELAYS_SECONDS.slice(1).entries()) {
      // One second short of the attempt's due time (the previous attempt was 1 s ago, or at the last step).
      await advance(server, delay - (index === 0 ? 2 : 1));
      expect(await received(server, account), `attempt ${index + 2} not before its time`).toHaveLength(index + 1);
      await advance(server, 1);
      expect(await received(server, account), `attempt ${index + 2} on time`).toHaveLength(index + 2);
    }
    await advance(server, 86_400);
    const hits = await received(server, account);
    expect(hits).toHaveLength(RETRY_DELAYS_SECONDS.length);
    expect(hits.every((hit) => hit.path === 'fail' && hit.answeredStatus === 500)).toBe(true);
    expect(new Set(hits.map((hit) => hit.deliveryId)).size).toBe(1);
    // Each attempt signed at its sending with the wall clock (D-62): the test server's stands still
    // while the service clock crosses the retry schedule, and every signature verifies against it.
    const sentAt = server.wallClock.now().getTime();
    expect(hits.map((hit) => Number(hit.headers['webhook-timestamp']) * 1000)).toEqual(hits.map(() => sentAt));
    for (const hit of hits) {
      expect(verifyWebhook(hit.body, hit.headers, [endpoint.secret], { now: () => sentAt })).toMatchObject({
        event: 'abn_registration.status_changed',
      });
    }
    const { data } = await listWebhookDeliveries({ client: sdkClient(server, account.keys.secretTest), path: { id: endpoint.id } });
    expect(data!.data[0]).toMatchObject({ status: 'failed', attemptCount: RETRY_DELAYS_SECONDS.length });
    expect(data!.data[0]!.attempts.every((a) => a.statusCode === 500 && a.errorClass === 'http_status')).toBe(true);
  });

  it('disables the failing receiver after 20 failures in a row, and mails the owner', async ({ server, account }) => {
    const endpoint = await register(server, account, (await receiverUrls(server)).fail);
    for (let i = 0; i < 4; i++) await finishLodgement(server, account);
    await advance(server, 7 * 3600);
    const client = sdkClient(server, account.keys.secretTest);
    const { data } = await listWebhookDeliveries({ client, path: { id: endpoint.id }, query: { perPage: 10 } });
    const attempts = data!.data.reduce((sum, delivery) => sum + delivery.attempts.filter((a) => a.statusCode === 500).length, 0);
    expect(attempts).toBe(20);
    const mails = await server.admin<{ data: { subject: string }[] }>('GET', `/admin/accounts/${account.id}/mails`);
    expect(mails.body.data.map((mail) => mail.subject).join()).toMatch(/disabled/i);
    const { data: endpoints } = await listWebhookEndpoints({ client });
    expect(endpoints!.data.find((e) => e.id === endpoint.id)).toMatchObject({ enabled: false, disabledReason: 'consecutive_failures' });
  });

  it('accepts a loopback name of the same port, and an endpoint moved onto the receiver', async ({ server, account }) => {
    const port = new URL(server.url).port;
    const alias = await register(server, account, `http://localhost:${port}/sandbox/webhook-receiver/ok`);
    const moved = await register(server, account, 'https://hooks.example.com/svc');
    const patched = await updateWebhookEndpoint({
      client: sdkClient(server, account.keys.secretTest),
      path: { id: moved.id },
      body: { url: (await receiverUrls(server)).ok },
    });
    expect(patched.response.status).toBe(200);
    await finishLodgement(server, account);
    await advance(server, 1);
    expect((await received(server, account)).map((hit) => hit.endpointId).sort()).toEqual([alias.id, moved.id].sort());
  });
});
