// What the request log (D-51) must never give away: signing secrets, keys and credentials headers,
// in what it answers and in what it stores; one account's requests to another account; requests that
// named no account.
import { describe, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { createWebhookEndpoint, rotateWebhookEndpointSecret } from '../../../generated/client/index.js';
import { getAccountRequest, listAccountRequests } from '../../../generated/admin-client/index.js';
import { serverTest } from '../../support/fixtures.js';
import { sdkClient } from '../../support/harness.js';
import { PREFIX, rawCall } from '../../support/requests.js';
import { startWebhookServer } from '../webhooks/endpoints.support.js';
import { operatorClient, requestIdOf, requestOf, requestsOf } from './support.js';

const it = serverTest(() => startWebhookServer());

describe('redaction', () => {
  it('keeps a webhook signing secret out of the answer kept, and out of the database', async ({ server, account }) => {
    const client = sdkClient(server, account.keys.secretTest);
    const created = await createWebhookEndpoint({
      client,
      body: { url: 'https://hooks.example.com/svc', eventTypes: ['abn_registration.status_changed'] },
    });
    expect(created.response.status).toBe(201);
    const rotated = await rotateWebhookEndpointSecret({ client, path: { id: created.data!.id } });
    const secrets = [created.data!.secret, rotated.data!.secret];

    for (const response of [created.response, rotated.response]) {
      const entry = await requestOf(server, account.id, requestIdOf(response));
      expect(entry.responseBody).toMatchObject({ id: created.data!.id, secret: '[redacted]' });
      for (const secret of secrets) expect(JSON.stringify(entry)).not.toContain(secret);
    }
    const stored = await server.deps.db.execute(sql`select * from request_log where account_id = ${account.id}`);
    for (const secret of secrets) expect(JSON.stringify(stored)).not.toContain(secret);
    expect(JSON.stringify(stored)).not.toContain('whsec_');
  });

  it('redacts API keys and secrets wherever they appear in a body, sent or answered', async ({ server, account }) => {
    const key = account.keys.secretTest;
    // A key pasted into a URL (echoed back in the answer) and under a member named `secret`.
    const url = `https://hooks.example.com/svc?key=${key}`;
    const created = await rawCall(server, key, 'POST', '/webhooks', JSON.stringify({ url, eventTypes: ['*'] }));
    expect(created.status).toBe(201);
    const refused = await rawCall(
      server,
      key,
      'POST',
      '/webhooks',
      JSON.stringify({ url: 'https://hooks.example.com/svc', eventTypes: ['*'], secret: 'my own secret', note: account.keys.secretLive }),
    );
    expect(refused.status).toBe(422);

    const kept = await requestOf(server, account.id, requestIdOf(created));
    expect(kept.requestBody).toEqual({ url: 'https://hooks.example.com/svc?key=[redacted]', eventTypes: ['*'] });
    expect(kept.responseBody).toMatchObject({ url: 'https://hooks.example.com/svc?key=[redacted]', secret: '[redacted]' });
    const refusedEntry = await requestOf(server, account.id, requestIdOf(refused));
    expect(refusedEntry.requestBody).toMatchObject({ secret: '[redacted]', note: '[redacted]' });

    const everything = JSON.stringify(await server.deps.db.execute(sql`select * from request_log where account_id = ${account.id}`));
    for (const secret of Object.values(account.keys)) expect(everything).not.toContain(secret);
    expect(everything).not.toContain('my own secret');
  });

  it('keeps no Authorization header, and no key in a body that is not JSON', async ({ server, account }) => {
    const answer = await rawCall(server, account.keys.secretTest, 'POST', '/abn/registrations', `not json ${account.keys.publishableTest}`);
    expect(answer.status).toBe(400);
    const entry = await requestOf(server, account.id, requestIdOf(answer));
    expect(entry.requestBody).toBe('not json [redacted]');
    expect(Object.keys(entry.requestHeaders).sort()).toEqual(['content-type', 'user-agent']);
    expect(JSON.stringify(entry)).not.toContain(account.keys.secretTest);
  });
});

describe("one account's log", () => {
  it("answers another account's request id with 404, and never lists it", async ({ server, account }) => {
    const other = await server.createAccount();
    const answer = await rawCall(server, other.keys.secretTest, 'GET', '/webhooks');
    const requestId = requestIdOf(answer);
    expect((await requestOf(server, other.id, requestId)).status).toBe(200);

    const { response, error } = await getAccountRequest({ client: operatorClient(server), path: { accountId: account.id, requestId } });
    expect(response.status).toBe(404);
    expect(error).toEqual({ error: 'not_found', message: 'No such request in this account.' });
    expect((await requestsOf(server, account.id, { requestId })).data).toEqual([]);
  });

  it('does not log requests refused by authentication: they name no account', async ({ server, account }) => {
    const unknownKey = `svc_sk_test_${'A'.repeat(32)}`;
    const refusals = [
      await rawCall(server, unknownKey, 'GET', '/webhooks'),
      // A live key on the test prefix (D-03), and a secret key from a browser.
      await rawCall(server, account.keys.secretLive, 'GET', '/webhooks'),
      await rawCall(server, account.keys.secretTest, 'GET', '/webhooks', undefined, { Origin: 'https://evil.example' }),
      await rawCall(server, account.keys.secretTest, 'GET', '/webhooks', undefined, {}, PREFIX.live),
    ];
    expect(refusals.map((r) => r.status)).toEqual([401, 403, 403, 403]);
    expect((await requestsOf(server, account.id)).meta.total).toBe(0);
  });

  it('is read with the operator token only', async ({ server, account }) => {
    const response = await fetch(`${server.url}/admin/accounts/${account.id}/requests`, {
      headers: { Authorization: `Bearer ${account.keys.secretTest}` },
    });
    expect(response.status).toBe(401);
    const { response: listed } = await listAccountRequests({ client: operatorClient(server), path: { accountId: account.id } });
    expect(listed.status).toBe(200);
  });
});
