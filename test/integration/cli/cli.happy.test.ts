// The command line's operations through the generated SDK, one server for the file.
// Listen sessions (D-78, D-79): a session resumed by device name with its id and secret; attempts
// collected with signed headers that verify; a 500 reported and retried on the spec 6.4 schedule by
// the manual clock until a 200 settles it; an unreported lease and an uncollected hold each counted
// as a timeout and retried, so a lost listener loses nothing.
// Triggers (D-81): each of the 9 event types validates against the document's event schema and
// arrives both at a listen session and at an ordinary endpoint (the built-in receiver, D-59/D-60).
// The request-log tail (D-80): a 422 just caused, with its Request-Id, redacted as D-51 says.
import { Webhook } from 'standardwebhooks';
import { describe, expect, vi } from 'vitest';
import { listReceivedWebhooks } from '../../../generated/admin-client/index.js';
import { createWebhookEndpoint, listWebhookEndpoints, tailRequestLog, verifyWebhook } from '../../../generated/client/index.js';
import { LISTEN_HOLD_SECONDS, LISTEN_LEASE_SECONDS } from '../../../schemas/cli/index.js';
import { WEBHOOK_EVENT_TYPES } from '../../../schemas/webhooks/index.js';
import { serverTest } from '../../support/fixtures.js';
import { loadDocument } from '../../support/document.js';
import { createSpecAjv } from '../../support/spec-ajv.js';
import { startTestServer } from '../../support/harness.js';
import { advance, rawCall } from '../../support/requests.js';
import { operatorClient } from '../request-log/support.js';
import { collect, deliveryLog, report, runDue, startSession, testClient, trigger } from './support.js';

// Sessions are collected from this server only: not recorded for the Prism replay.
const it = serverTest(() => startTestServer({ record: false, env: { SVC_LONG_POLL_MAX_SECONDS: '25' } }));

describe('a listen session', () => {
  it('is resumed by its device name with the same id and secret, and is no /webhooks endpoint', async ({ server, account }) => {
    const first = await startSession(server, account, { deviceName: 'janes-laptop' });
    expect(first).toMatchObject({ deviceName: 'janes-laptop', eventTypes: ['*'], resumed: false, pendingDeliveries: 0 });
    expect(first.id).toMatch(/^ls_[A-Za-z0-9]{24}$/);
    expect(first.secret).toMatch(/^whsec_/);

    await trigger(server, account, 'monitoring.expired');
    await runDue(server);
    const again = await startSession(server, account, { deviceName: 'janes-laptop', eventTypes: ['monitoring.expired'] });
    expect(again).toMatchObject({
      id: first.id,
      secret: first.secret,
      resumed: true,
      pendingDeliveries: 1,
      eventTypes: ['monitoring.expired'],
    });
    // Another device name is another session.
    const other = await startSession(server, account, { deviceName: 'ci-runner' });
    expect(other.id).not.toBe(first.id);

    const { data } = await listWebhookEndpoints({ client: testClient(server, account) });
    expect(data!.data).toEqual([]);
  });

  it('hands out signed attempts that our SDK and Standard Webhooks verify with the session secret', async ({ server, account }) => {
    const session = await startSession(server, account);
    const sent = await trigger(server, account, 'abn_registration.status_changed');
    expect(sent.deliveries).toEqual([{ deliveryId: expect.any(String), destination: session.id }]);
    expect(await collect(server, account, session.id), 'nothing before the delivery job ran').toEqual([]);
    await runDue(server);

    // A long poll answers at once when something is waiting.
    const [attempt, ...more] = await collect(server, account, session.id, 25);
    expect(more).toEqual([]);
    expect(attempt).toMatchObject({
      deliveryId: sent.deliveries[0]!.deliveryId,
      eventType: 'abn_registration.status_changed',
      attemptNumber: 1,
    });
    expect(new Date(attempt!.leaseExpiresAt).getTime() - server.clock.now().getTime()).toBe(LISTEN_LEASE_SECONDS * 1000);
    expect(JSON.parse(attempt!.body)).toMatchObject({ event: 'abn_registration.status_changed', deliveryId: attempt!.deliveryId });
    const now = () => server.wallClock.now().getTime();
    expect(verifyWebhook(attempt!.body, attempt!.headers, [session.secret], { now })).toMatchObject({
      event: 'abn_registration.status_changed',
    });
    const standard = new Webhook(session.secret.slice('whsec_'.length));
    vi.setSystemTime(server.wallClock.now());
    try {
      expect(standard.verify(attempt!.body, attempt!.headers)).toMatchObject({ deliveryId: attempt!.deliveryId });
    } finally {
      vi.useRealTimers();
    }
    // Leased: a second collect does not hand it out again.
    expect(await collect(server, account, session.id)).toEqual([]);
    const settled = await report(server, account, session.id, attempt!.attemptId, { status: 204, durationMs: 7 });
    expect(settled.data).toEqual({
      attemptId: attempt!.attemptId,
      deliveryId: attempt!.deliveryId,
      attemptNumber: 1,
      deliveryStatus: 'succeeded',
      nextAttemptAt: null,
    });
    expect(await deliveryLog(server, attempt!.deliveryId)).toEqual({ status: 'succeeded', attempts: [[1, 204, null]] });
  });

  it('answers a waiting long poll as soon as an attempt arrives, and an empty one when the wait is up', async ({ server, account }) => {
    const session = await startSession(server, account);
    const waiting = collect(server, account, session.id, 25);
    const sent = await trigger(server, account, 'business_name_renewal.status_changed');
    await runDue(server);
    const [attempt] = await waiting;
    expect(attempt).toMatchObject({ deliveryId: sent.deliveries[0]!.deliveryId, attemptNumber: 1 });
    const tail = await tailRequestLog({ client: testClient(server, account), query: { wait: 1, after: '999999999' } });
    expect(tail.data).toEqual({ data: [], nextCursor: '999999999' });
  });

  it('retries a reported 500 on the spec 6.4 schedule until a 200 settles it', async ({ server, account }) => {
    const session = await startSession(server, account);
    await trigger(server, account, 'form484.status_changed');
    await runDue(server);
    const [first] = await collect(server, account, session.id);
    const failed = await report(server, account, session.id, first!.attemptId, { status: 500, durationMs: 3 });
    expect(failed.data).toMatchObject({ deliveryStatus: 'pending', attemptNumber: 1 });
    expect(new Date(failed.data!.nextAttemptAt!).getTime() - server.clock.now().getTime()).toBe(30_000);

    await advance(server, 29);
    expect(await collect(server, account, session.id), 'not before its time').toEqual([]);
    await advance(server, 1);
    const [second] = await collect(server, account, session.id);
    expect(second).toMatchObject({ deliveryId: first!.deliveryId, attemptNumber: 2, body: first!.body });
    const refused = await report(server, account, session.id, second!.attemptId, {
      error: 'connect ECONNREFUSED 127.0.0.1:3000',
      durationMs: 1,
    });
    expect(refused.data).toMatchObject({ deliveryStatus: 'pending', attemptNumber: 2 });

    await advance(server, 300);
    const [third] = await collect(server, account, session.id);
    const ok = await report(server, account, session.id, third!.attemptId, { status: 200, durationMs: 5 });
    expect(ok.data).toMatchObject({ deliveryStatus: 'succeeded', attemptNumber: 3, nextAttemptAt: null });
    expect(await deliveryLog(server, first!.deliveryId)).toEqual({
      status: 'succeeded',
      attempts: [
        [1, 500, 'http_status'],
        [2, null, 'connection_error'],
        [3, 200, null],
      ],
    });
  });

  it('counts an attempt whose result never came as a timeout and hands the delivery out again as the retry', async ({
    server,
    account,
  }) => {
    const session = await startSession(server, account);
    await trigger(server, account, 'ppsr.alert.grantor_registration_changed');
    await runDue(server);
    const [lost] = await collect(server, account, session.id);
    // The listener dies before reporting; its lease runs out, and the retry is due 30 s after the attempt.
    await advance(server, LISTEN_LEASE_SECONDS);
    const late = await report(server, account, session.id, lost!.attemptId, { status: 200, durationMs: 1 });
    expect(late.response.status).toBe(409);
    expect(late.error).toMatchObject({ error: 'attempt_closed' });

    const restarted = await startSession(server, account);
    expect(restarted).toMatchObject({ id: session.id, resumed: true, pendingDeliveries: 1 });
    const [retry] = await collect(server, account, session.id);
    expect(retry).toMatchObject({ deliveryId: lost!.deliveryId, attemptNumber: 2 });
    await report(server, account, session.id, retry!.attemptId, { status: 200, durationMs: 1 });
    expect(await deliveryLog(server, lost!.deliveryId)).toEqual({
      status: 'succeeded',
      attempts: [
        [1, null, 'timeout'],
        [2, 200, null],
      ],
    });
  });

  it('is disabled after 20 failed attempts in a row, like any endpoint, and enabled again by the next start', async ({
    server,
    account,
  }) => {
    const session = await startSession(server, account, { deviceName: 'flaky', eventTypes: ['monitoring.expiring'] });
    for (let i = 0; i < 20; i++) await trigger(server, account, 'monitoring.expiring');
    await runDue(server);
    const attempts = await collect(server, account, session.id, 0, 50);
    expect(attempts).toHaveLength(20);
    const answers = [];
    for (const attempt of attempts)
      answers.push((await report(server, account, session.id, attempt.attemptId, { status: 500, durationMs: 1 })).data);
    // The 20th failure disabled the session: its delivery and every other pending one failed for good.
    expect(answers.at(-1)).toMatchObject({ deliveryStatus: 'failed', nextAttemptAt: null });
    expect((await trigger(server, account, 'monitoring.expiring')).deliveries, 'a disabled session gets nothing').toEqual([]);

    const resumed = await startSession(server, account, { deviceName: 'flaky', eventTypes: ['monitoring.expiring'] });
    expect(resumed).toMatchObject({ id: session.id, resumed: true, consecutiveFailures: 0 });
    expect((await trigger(server, account, 'monitoring.expiring')).deliveries).toEqual([
      { deliveryId: expect.any(String), destination: session.id },
    ]);
  });

  it('keeps deliveries while nobody listens, for an hour per attempt, then retries them on the schedule', async ({ server, account }) => {
    const session = await startSession(server, account);
    const sent = await trigger(server, account, 'monitoring.change_detected');
    await runDue(server);
    await advance(server, LISTEN_HOLD_SECONDS - 1);
    expect(await deliveryLog(server, sent.deliveries[0]!.deliveryId)).toEqual({ status: 'pending', attempts: [] });
    await advance(server, 1);
    // The hold ran out: a timeout, and the retry (30 s after the attempt, long past) is held at once.
    expect(await deliveryLog(server, sent.deliveries[0]!.deliveryId)).toEqual({ status: 'pending', attempts: [[1, null, 'timeout']] });
    const [retry] = await collect(server, account, session.id);
    expect(retry).toMatchObject({ deliveryId: sent.deliveries[0]!.deliveryId, attemptNumber: 2 });
  });
});

const document = loadDocument();
const ajv = createSpecAjv(document);

/** The validator of an event's body as the document's `webhooks` section publishes it. */
function eventValidator(event: string) {
  const webhooks = document.webhooks as Record<
    string,
    { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }
  >;
  const ref = webhooks[event]!.post.requestBody.content['application/json']!.schema.$ref;
  return ajv.getSchema(`doc${ref}`)!;
}

describe('triggers', () => {
  it('send each of the 9 event types, valid by the document, to a listen session and to an ordinary endpoint', async ({
    server,
    account,
  }) => {
    const session = await startSession(server, account);
    const endpoint = await createWebhookEndpoint({
      client: testClient(server, account),
      body: { url: 'https://hooks.example.com/svc', eventTypes: ['*'] },
    });
    expect(endpoint.response.status).toBe(201);

    const sent = [];
    for (const eventType of WEBHOOK_EVENT_TYPES) {
      const result = await trigger(server, account, eventType);
      expect(result.eventType).toBe(eventType);
      expect(new Set(result.deliveries.map((d) => d.destination))).toEqual(new Set([session.id, endpoint.data!.id]));
      sent.push(result);
    }
    await runDue(server);

    const collected = await collect(server, account, session.id);
    expect(collected.map((a) => a.eventType).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const attempt of collected) {
      const validate = eventValidator(attempt.eventType);
      expect(validate(JSON.parse(attempt.body)), `${attempt.eventType}: ${JSON.stringify(validate.errors)}`).toBe(true);
      const answered = await report(server, account, session.id, attempt.attemptId, { status: 200, durationMs: 2 });
      expect(answered.data?.deliveryStatus).toBe('succeeded');
    }

    const { data } = await listReceivedWebhooks({ client: operatorClient(server), query: { accountId: account.id } });
    const atEndpoint = data!.data.filter((hit) => hit.endpointId === endpoint.data!.id);
    expect(atEndpoint.map((hit) => hit.headers['x-svc-event']).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const hit of atEndpoint) {
      const validate = eventValidator(hit.headers['x-svc-event']!);
      expect(validate(JSON.parse(hit.body)), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it('make no delivery when nothing subscribes, and only to subscribers', async ({ server, account }) => {
    expect((await trigger(server, account, 'monitoring.expiring')).deliveries).toEqual([]);
    const session = await startSession(server, account, { eventTypes: ['monitoring.expiring'] });
    expect((await trigger(server, account, 'monitoring.expired')).deliveries).toEqual([]);
    expect((await trigger(server, account, 'monitoring.expiring')).deliveries).toEqual([
      { deliveryId: expect.any(String), destination: session.id },
    ]);
  });
});

describe('the request-log tail', () => {
  it('shows a 422 just caused with its Request-Id, redacted, and afterwards only what is newer', async ({ server, account }) => {
    const before = await tailRequestLog({ client: testClient(server, account) });
    expect(before.response.status).toBe(200);
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const refused = await rawCall(
      server,
      account.keys.secretTest,
      'POST',
      '/webhooks',
      JSON.stringify({ url: 'http://localhost:3000/hooks', eventTypes: ['*'], secret }),
    );
    expect(refused.status).toBe(422);
    const requestId = refused.headers.get('x-request-id');

    const { data } = await tailRequestLog({
      client: testClient(server, account),
      query: { after: before.data!.nextCursor, status: '4xx' },
    });
    expect(data!.data).toHaveLength(1);
    const [entry] = data!.data;
    expect(entry).toMatchObject({
      requestId,
      status: 422,
      method: 'POST',
      path: '/api/test/v2/webhooks',
      operationId: 'createWebhookEndpoint',
    });
    expect(JSON.parse(entry!.requestBody!)).toEqual({ url: 'http://localhost:3000/hooks', eventTypes: ['*'], secret: '[redacted]' });
    expect(JSON.stringify(entry)).not.toContain(secret);

    // The tail's own reads are left out: nothing newer than the 422.
    const after = await tailRequestLog({ client: testClient(server, account), query: { after: data!.nextCursor } });
    expect(after.data).toEqual({ data: [], nextCursor: data!.nextCursor });
  });
});
