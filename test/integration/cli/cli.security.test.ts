// Who may use the command line's operations (D-78 to D-81): the account's test secret key only; the
// live prefix answers 404; another account's session and attempts are 404 and its events never
// reach this account's session; the tail shows only the caller's own requests.
import { describe, expect } from 'vitest';
import { collectListenDeliveries, createListenSession, tailRequestLog } from '../../../generated/client/index.js';
import { serverTest } from '../../support/fixtures.js';
import { startTestServer } from '../../support/harness.js';
import { rawCall } from '../../support/requests.js';
import { collect, report, runDue, startSession, testClient, trigger } from './support.js';

const it = serverTest(() => startTestServer({ record: false }));

const OPERATIONS: [string, string, string?][] = [
  ['POST', '/cli/listen-sessions', '{}'],
  ['GET', '/cli/listen-sessions/ls_000000000000000000000000/deliveries'],
  ['POST', '/cli/listen-sessions/ls_000000000000000000000000/attempts/la_000000000000000000000000', '{"status":200,"durationMs":1}'],
  ['POST', '/cli/triggers', '{"eventType":"monitoring.expired"}'],
  ['GET', '/cli/request-log'],
];

describe('keys and prefixes', () => {
  it('answer 404 on the live prefix with a live key', async ({ server, account }) => {
    for (const [method, path, body] of OPERATIONS) {
      const answer = await rawCall(server, account.keys.secretLive, method, path, body, {}, '/api/v2');
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toMatchObject({ error: 'not_found' });
    }
  });

  it('refuse no key (401), a publishable key and a live key on the test prefix (403)', async ({ server, account }) => {
    for (const [method, path, body] of OPERATIONS) {
      expect((await rawCall(server, '', method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await rawCall(server, account.keys.publishableTest, method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await rawCall(server, account.keys.secretLive, method, path, body)).status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('accounts', () => {
  it("treat another account's session and attempts as unknown, and keep their events apart", async ({ server, account }) => {
    const other = await server.createAccount();
    const mine = await startSession(server, account, { deviceName: 'laptop' });
    const theirs = await startSession(server, other, { deviceName: 'laptop' });
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.secret).not.toBe(mine.secret);

    await trigger(server, other, 'monitoring.expired');
    await runDue(server);
    expect(await collect(server, account, mine.id), "another account's event").toEqual([]);
    const foreign = await collectListenDeliveries({ client: testClient(server, account), path: { id: theirs.id } });
    expect(foreign.response.status).toBe(404);
    const [theirAttempt] = await collect(server, other, theirs.id);
    const reportTheirs = await report(server, account, theirs.id, theirAttempt!.attemptId, { status: 200, durationMs: 1 });
    expect(reportTheirs.response.status).toBe(404);
    // Through my own session id, their attempt does not exist either.
    const viaMine = await report(server, account, mine.id, theirAttempt!.attemptId, { status: 200, durationMs: 1 });
    expect(viaMine.response.status).toBe(404);
    // Still theirs to report.
    expect((await report(server, other, theirs.id, theirAttempt!.attemptId, { status: 200, durationMs: 1 })).response.status).toBe(200);
  });

  it("show only the caller's own requests in the tail", async ({ server, account }) => {
    const other = await server.createAccount();
    const theirs = await rawCall(server, other.keys.secretTest, 'POST', '/webhooks', '{}');
    expect(theirs.status).toBe(422);
    const mine = await rawCall(server, account.keys.secretTest, 'POST', '/webhooks', '{}');
    const { data } = await tailRequestLog({ client: testClient(server, account), query: { limit: 100 } });
    const ids = data!.data.map((entry) => entry.requestId);
    expect(ids).toContain(mine.headers.get('x-request-id'));
    expect(ids).not.toContain(theirs.headers.get('x-request-id'));
  });

  it('give a listen session no place among the /webhooks endpoints of any key', async ({ server, account }) => {
    await createListenSession({ client: testClient(server, account), body: {} });
    const listed = await rawCall(server, account.keys.secretTest, 'GET', '/webhooks');
    expect(listed.body).toEqual({ data: [] });
    const session = await startSession(server, account);
    // Not a webhook endpoint id: the /webhooks operations cannot reach it.
    const patched = await rawCall(server, account.keys.secretTest, 'PATCH', `/webhooks/${session.id}`, '{"enabled":false}');
    expect(patched.status).toBe(404);
  });
});
