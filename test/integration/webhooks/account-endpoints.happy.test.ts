// The operator's read of every webhook endpoint of an account (listAccountWebhookEndpoints): each
// key sees only its own endpoints through the public API (spec 2.2), so a team whose key was revoked
// (the sandbox console revokes its keys at sign-out) would not find the endpoints that keep getting
// the account's deliveries; the operator read lists them all with the key that owns each.
import { describe, expect } from 'vitest';
import { createWebhookEndpoint, listWebhookEndpoints } from '../../../generated/client/index.js';
import { listAccountWebhookEndpoints } from '../../../generated/admin-client/index.js';
import { AccountWebhookEndpointList } from '../../../schemas/admin/webhook-endpoints.js';
import { serverTest } from '../../support/fixtures.js';
import { sdkClient } from '../../support/harness.js';
import { operatorClient } from '../request-log/support.js';
import { startWebhookServer } from './endpoints.support.js';

// A server whose resolver knows hooks.example.com (endpoints.support.ts).
const it = serverTest(() => startWebhookServer());

describe('every webhook endpoint of an account, with the key that owns it', () => {
  it("lists the endpoints of a revoked key and of the account's other keys, which the public API hides from a new key", async ({
    server,
    account,
  }) => {
    const made = await server.admin<{ key: { id: string }; secret: string }>('POST', `/admin/accounts/${account.id}/keys`, {
      type: 'secret',
      environment: 'test',
    });
    const first = await createWebhookEndpoint({
      client: sdkClient(server, account.keys.secretTest),
      body: { url: 'https://hooks.example.com/first', eventTypes: ['*'] },
    });
    const second = await createWebhookEndpoint({
      client: sdkClient(server, made.body.secret),
      body: { url: 'https://hooks.example.com/second', eventTypes: ['form484.status_changed'] },
    });
    expect((await server.admin('DELETE', `/admin/keys/${made.body.key.id}`)).status).toBe(204);
    const fresh = await server.admin<{ key: { id: string }; secret: string }>('POST', `/admin/accounts/${account.id}/keys`, {
      type: 'secret',
      environment: 'test',
    });
    // The public API: a new key sees none of them.
    expect((await listWebhookEndpoints({ client: sdkClient(server, fresh.body.secret) })).data?.data).toEqual([]);

    const { data, response } = await listAccountWebhookEndpoints({ client: operatorClient(server), path: { accountId: account.id } });
    expect(response.status).toBe(200);
    const own = (await server.admin<{ keys: { id: string; type: string; environment: string }[] }>('GET', `/admin/accounts/${account.id}`))
      .body.keys;
    // The account's own test secret key: neither the one revoked above nor the fresh one.
    const firstKey = own.find(
      (k) => k.type === 'secret' && k.environment === 'test' && k.id !== made.body.key.id && k.id !== fresh.body.key.id,
    )!.id;
    // Both made at the same instant of the manual clock: then in id order, so compared by URL here.
    const listed = AccountWebhookEndpointList.parse(data);
    listed.data.sort((a, b) => a.url.localeCompare(b.url));
    expect(listed).toStrictEqual({
      data: [
        {
          id: first.data!.id,
          environment: 'test',
          keyId: firstKey,
          url: 'https://hooks.example.com/first',
          eventTypes: ['*'],
          enabled: true,
          disabledReason: null,
          createdAt: server.clock.now().toISOString(),
        },
        {
          id: second.data!.id,
          environment: 'test',
          keyId: made.body.key.id,
          url: 'https://hooks.example.com/second',
          eventTypes: ['form484.status_changed'],
          enabled: true,
          disabledReason: null,
          createdAt: server.clock.now().toISOString(),
        },
      ],
    });
  });

  it('answers an empty list for an account without endpoints', async ({ server, account }) => {
    expect((await server.admin('GET', `/admin/accounts/${account.id}/webhook-endpoints`)).body).toStrictEqual({ data: [] });
  });
});
