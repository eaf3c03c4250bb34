// Signature time (D-62): a delivery made after a test moved the manual clock a year ahead carries the
// wall-clock time of its sending, so standardwebhooks, stripe and the SDK's verifier accept it with their
// default tolerances against this machine's clock; the payload keeps the service clock's time.
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../../generated/client/index.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { advance, createEndpoint, emit, runDue, startDeliveryServer, startReceiver, type Receiver } from './delivery.support.js';

const YEAR = 365 * 86_400;

let server: TestServer;
let receiver: Receiver;
let account: TestAccount;

beforeAll(async () => {
  server = await startDeliveryServer();
  // The test server's wall clock is injected (it starts with the manual clock); here it is this machine's.
  server.wallClock.set(new Date());
  receiver = await startReceiver(() => server);
  account = await server.createAccount();
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

describe('a delivery made with the manual clock a year ahead of real time', () => {
  it('is signed with the time of sending and verifies with three verifiers at their default tolerance', async () => {
    await advance(server, YEAR);
    // The test clock starts on a fixed date a little before today: a year on is most of a year ahead.
    expect(server.clock.now().getTime() - Date.now()).toBeGreaterThan(300 * 86_400_000);
    const endpoint = await createEndpoint(server, account, `${receiver.url}/hooks`);
    await emit(server, account);
    await runDue(server);
    const [hit] = receiver.hits;
    expect(hit).toBeDefined();
    const headers = hit!.headers as Record<string, string>;
    expect(Math.abs(Number(headers['webhook-timestamp']) * 1000 - Date.now())).toBeLessThan(60_000);
    expect(headers['x-svc-signature']).toMatch(new RegExp(`^t=${headers['webhook-timestamp']},v1=`));
    // The event's own time is the service's, a year ahead.
    const payload = JSON.parse(hit!.body) as { timestamp: string };
    expect(payload.timestamp).toBe(server.clock.now().toISOString());

    expect(new Webhook(endpoint.secret).verify(hit!.body, headers)).toMatchObject({ event: 'abn_registration.status_changed' });
    expect(new Stripe('sk_test_x').webhooks.constructEvent(hit!.body, headers['x-svc-signature']!, endpoint.secret)).toMatchObject({
      event: 'abn_registration.status_changed',
    });
    expect(verifyWebhook(hit!.body, headers, [endpoint.secret])).toMatchObject({ event: 'abn_registration.status_changed' });
  });
});
