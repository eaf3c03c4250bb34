// The command line's refusals (D-10, D-12, D-26, D-79): each bad input answers a family-shaped error
// naming the problem, and changes nothing.
import { describe, expect } from 'vitest';
import { collectListenDeliveries, createListenSession } from '../../../generated/client/index.js';
import { serverTest } from '../../support/fixtures.js';
import { startTestServer } from '../../support/harness.js';
import { rawCall } from '../../support/requests.js';
import { collect, report, runDue, startSession, testClient, trigger } from './support.js';

const it = serverTest(() => startTestServer({ record: false }));

describe('starting a listen session', () => {
  it('refuses unknown event types and "*" beside others in D-26 words, and creates nothing', async ({ server, account }) => {
    const unknown = await rawCall(
      server,
      account.keys.secretTest,
      'POST',
      '/cli/listen-sessions',
      JSON.stringify({ eventTypes: ['monitoring.changed'] }),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ error: 'validation_failed', errors: { 'eventTypes.0': [{ code: 'unknown_event_type' }] } });
    // The SDK's own validators refuse these before sending; raw requests show what the server answers.
    const star = await createListenSession({ client: testClient(server, account), body: { eventTypes: ['*', 'monitoring.expired'] } });
    expect(star.response.status).toBe(422);
    expect(star.error).toMatchObject({ errors: { 'eventTypes.0': [{ code: 'unknown_event_type' }] } });
    const badName = await rawCall(
      server,
      account.keys.secretTest,
      'POST',
      '/cli/listen-sessions',
      JSON.stringify({ deviceName: 'my laptop!' }),
    );
    expect(badName.status).toBe(422);
    expect(badName.body).toMatchObject({ error: 'validation_failed', errors: { deviceName: [expect.anything()] } });
    // Nothing was made: the first valid start creates.
    expect(await startSession(server, account)).toMatchObject({ resumed: false });
  });
});

describe('collecting and reporting', () => {
  it('refuses a wait beyond 25 s and an unknown session', async ({ server, account }) => {
    const session = await startSession(server, account);
    const tooLong = await rawCall(server, account.keys.secretTest, 'GET', `/cli/listen-sessions/${session.id}/deliveries?wait=26`);
    expect(tooLong.status).toBe(422);
    expect(tooLong.body).toMatchObject({ error: 'validation_failed', errors: { wait: [expect.anything()] } });
    const unknown = await collectListenDeliveries({ client: testClient(server, account), path: { id: 'ls_000000000000000000000000' } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toMatchObject({ error: 'not_found' });
  });

  it('wants exactly one of status and error, reports an attempt once, and knows only attempts it handed out', async ({
    server,
    account,
  }) => {
    const session = await startSession(server, account);
    await trigger(server, account, 'company_registration.status_changed');
    await runDue(server);
    const [attempt] = await collect(server, account, session.id);
    const neither = await report(server, account, session.id, attempt!.attemptId, { durationMs: 1 });
    expect(neither.response.status).toBe(422);
    expect(neither.error).toMatchObject({ error: 'validation_failed', errors: { status: [{ code: 'required' }] } });
    const both = await report(server, account, session.id, attempt!.attemptId, { status: 200, error: 'refused', durationMs: 1 });
    expect(both.response.status).toBe(422);
    const unknown = await report(server, account, session.id, 'la_000000000000000000000000', { status: 200, durationMs: 1 });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toMatchObject({ error: 'not_found' });

    expect((await report(server, account, session.id, attempt!.attemptId, { status: 200, durationMs: 1 })).response.status).toBe(200);
    const twice = await report(server, account, session.id, attempt!.attemptId, { status: 500, durationMs: 1 });
    expect(twice.response.status).toBe(409);
    expect(twice.error).toMatchObject({ error: 'attempt_closed' });
  });
});

describe('triggers and the tail', () => {
  it('refuse an unknown event type and a malformed filter', async ({ server, account }) => {
    const key = account.keys.secretTest;
    const unknown = await rawCall(server, key, 'POST', '/cli/triggers', JSON.stringify({ eventType: 'monitoring.changed' }));
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ error: 'validation_failed', errors: { eventType: [expect.anything()] } });
    expect((await rawCall(server, key, 'POST', '/cli/triggers', '{}')).status).toBe(422);
    expect((await rawCall(server, key, 'GET', '/cli/request-log?status=teapot')).status).toBe(422);
    expect((await rawCall(server, key, 'GET', '/cli/request-log?after=-1')).status).toBe(422);
    expect((await rawCall(server, key, 'GET', '/cli/request-log?wait=26')).status).toBe(422);
    // Nothing was sent: no delivery exists for the account.
    const session = await startSession(server, account);
    await runDue(server);
    expect(await collect(server, account, session.id)).toEqual([]);
  });
});
