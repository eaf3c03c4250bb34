// Who may see and change a webhook endpoint (spec 2.2: it belongs to the key that created it, and so
// to that key's environment), secrets never leaking on read, the auth refusals of D-03, and the D-24
// local-development switch never opening more than loopback.
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { serverTest } from '../../support/fixtures.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookEndpointSecret,
  updateWebhookEndpoint,
} from '../../../generated/client/index.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';
import { addKey, createOk, startWebhookServer } from './endpoints.support.js';

const it = serverTest(() => startWebhookServer());
let server: TestServer;
let owner: TestAccount;
let endpointId: string;
it.beforeAll(async ({ server: started }) => {
  server = started;
  owner = await server.createAccount();
  endpointId = (await createOk(server, owner.keys.secretTest, 'https://hooks.example.invalid/owned')).id;
});

/** Every by-id verb, as `key` on `prefix`; each must answer 404 not_found for someone else's id. */
async function expectInvisible(key: string, prefix = '/api/test/v2') {
  const client = sdkClient(server, key, prefix);
  const calls = {
    update: () => updateWebhookEndpoint({ client, path: { id: endpointId }, body: { enabled: false } }),
    updateUrl: () => updateWebhookEndpoint({ client, path: { id: endpointId }, body: { url: 'https://hooks.example.invalid/stolen' } }),
    rotate: () => rotateWebhookEndpointSecret({ client, path: { id: endpointId } }),
    delete: () => deleteWebhookEndpoint({ client, path: { id: endpointId } }),
  };
  for (const [name, call] of Object.entries(calls)) {
    const { error, response } = await call();
    expect(response.status, name).toBe(404);
    expect(error, name).toMatchObject({ error: 'not_found' });
  }
  const { data } = await listWebhookEndpoints({ client });
  expect(data?.data.map((e) => e.id)).not.toContain(endpointId);
}

async function expectUntouched() {
  const { data } = await listWebhookEndpoints({ client: sdkClient(server, owner.keys.secretTest) });
  expect(data?.data).toEqual([expect.objectContaining({ id: endpointId, url: 'https://hooks.example.invalid/owned', enabled: true })]);
}

describe('endpoints belong to the key that created them', () => {
  it('another secret key of the same account and environment gets 404', async () => {
    const second = await addKey(server, owner.id, 'secret', 'test');
    await expectInvisible(second.secret);
    await expectUntouched();
  });

  it('the same account’s key of the other environment gets 404', async () => {
    await expectInvisible(owner.keys.secretLive, '/api/v2');
    await expectUntouched();
  });

  it('another account gets 404', async () => {
    const stranger = await server.createAccount();
    await expectInvisible(stranger.keys.secretTest);
    await expectUntouched();
  });

  it('the account’s V1 personal access token gets 404 (it owns pat:<account>, not the key’s endpoints)', async () => {
    const token = await server.admin<{ token: string }>('POST', `/admin/accounts/${owner.id}/tokens`, { name: 'legacy' });
    await expectInvisible(token.body.token, '/api/test/v1');
    await expectUntouched();
  });

  it('the owner still sees and manages it through the V1 prefix with its key', async () => {
    const { data, response } = await listWebhookEndpoints({ client: sdkClient(server, owner.keys.secretTest, '/api/test/v1') });
    expect(response.status).toBe(200);
    expect(data?.data.map((e) => e.id)).toEqual([endpointId]);
  });
});

describe('secrets', () => {
  it('appear on create and rotate only, never on list or update', async ({ account }) => {
    const client = sdkClient(server, account.keys.secretTest);
    const created = await createOk(server, account.keys.secretTest);
    const rotated = await rotateWebhookEndpointSecret({ client, path: { id: created.id } });
    const updated = await updateWebhookEndpoint({ client, path: { id: created.id }, body: { eventTypes: ['monitoring.expired'] } });
    const listed = await listWebhookEndpoints({ client });
    for (const text of [JSON.stringify(updated.data), JSON.stringify(listed.data)]) {
      expect(text).not.toContain('whsec_');
      expect(text).not.toContain(created.secret.slice(6));
      expect(text).not.toContain(rotated.data!.secret.slice(6));
    }
  });
});

describe('authentication (D-03)', () => {
  it('refuses a request without a key (401) and a publishable key (403) in the shared shape', async () => {
    const none = await fetch(`${server.url}/api/test/v2/webhooks`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ errors: [expect.any(String)] });

    const publishable = await listWebhookEndpoints({
      client: sdkClient(server, owner.keys.publishableTest, '/api/test/v2', { Origin: 'https://localhost' }),
    });
    expect(publishable.response.status).toBe(403);
    expect(publishable.error).toEqual({ errors: [expect.any(String)] });
  });

  it('refuses a test key on the live prefix (403) without touching anything', async () => {
    const { response } = await createWebhookEndpoint({
      client: sdkClient(server, owner.keys.secretTest, '/api/v2'),
      body: { url: 'https://hooks.example.invalid/x', eventTypes: ['*'] },
    });
    expect(response.status).toBe(403);
    await expectUntouched();
  });
});

describe('SVC_WEBHOOK_ALLOW_LOCAL=1 (D-24)', () => {
  let local: TestServer;
  let key: string;
  beforeAll(async () => {
    local = await startWebhookServer({ env: { SVC_WEBHOOK_ALLOW_LOCAL: '1' } });
    key = (await local.createAccount()).keys.secretTest;
  });
  afterAll(async () => {
    await local?.close();
  });

  it('allows http: and loopback targets', async () => {
    for (const url of [
      'http://127.0.0.1:4567/hook',
      'http://localhost:4567/hook',
      'http://[::1]:4567/hook',
      'http://2130706433:4567/hook',
      'http://hooks.example.invalid/hook',
    ]) {
      const { response } = await createWebhookEndpoint({ client: sdkClient(local, key), body: { url, eventTypes: ['*'] } });
      expect(response.status, url).toBe(201);
    }
  });

  it('never other private ranges', async () => {
    for (const url of [
      'http://10.0.0.1/hook',
      'http://0x0a.1/hook',
      'https://169.254.169.254/',
      'http://192.168.0.10/',
      'http://100.64.0.1/',
      'http://[fd00::1]/',
      'http://internal.example.invalid/',
      'http://mixed.example.invalid/',
    ]) {
      const { error, response } = await createWebhookEndpoint({
        client: sdkClient(local, key),
        body: { url, eventTypes: ['*'] },
        requestValidator: undefined,
      });
      expect(response.status, url).toBe(422);
      expect(error).toMatchObject({ errors: { url: [{ code: 'url_not_public' }] } });
    }
  });
});
