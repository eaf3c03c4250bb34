// Webhook endpoint management through the generated SDK (spec 2.2, 3.6, 4.2; D-15, D-16, D-21, D-26).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect } from 'vitest';
import { serverTest } from '../../support/fixtures.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookEndpointSecret,
  updateWebhookEndpoint,
} from '../../../generated/client/index.js';
import { openEndpointSecret } from '../../../server/delivery/endpoint-secrets.js';
import { webhookDeliveries, webhookEndpoints } from '../../../server/store/schema/index.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';
import { SECRET_PATTERN, createOk, startWebhookServer } from './endpoints.support.js';

const it = serverTest(() => startWebhookServer());
let server: TestServer;
it.beforeAll(async ({ server: started }) => {
  server = started;
});

async function storedRow(id: string) {
  const [row] = await server.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row!;
}

/** The stored secret, opened as the delivery job opens it: the row itself holds it sealed only. */
async function storedSecret(id: string): Promise<string> {
  const row = await storedRow(id);
  expect(row.secret).toBeNull();
  expect(row.secretSealed).toMatch(/^sealed:v1:/);
  expect(row.secretSealed).not.toContain('whsec_');
  return openEndpointSecret(server.deps.sealer, row);
}

async function list(key: string, prefix?: string) {
  const { data, response } = await listWebhookEndpoints({ client: sdkClient(server, key, prefix) });
  expect(response.status).toBe(200);
  return data!.data;
}

describe('create', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await server.createAccount();
  });

  it('answers 201 with the whole record and a whsec_ secret (D-15, D-16, D-21)', async () => {
    const now = server.clock.now().toISOString();
    const created = await createOk(server, account.keys.secretTest, 'https://hooks.example.invalid/svc', [
      'monitoring.change_detected',
      'monitoring.expiring',
    ]);
    expect(created).toEqual({
      id: expect.stringMatching(/^we_[A-Za-z0-9]{24}$/),
      url: 'https://hooks.example.invalid/svc',
      eventTypes: ['monitoring.change_detected', 'monitoring.expiring'],
      enabled: true,
      consecutiveFailures: 0,
      disabledReason: null,
      createdAt: now,
      updatedAt: now,
      secret: expect.stringMatching(SECRET_PATTERN),
    });
    // Stored (sealed) so it can sign (D-21), and exactly what was shown.
    expect(await storedSecret(created.id)).toBe(created.secret);
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
  });

  it('accepts `*` alone, every known name, a host with several public addresses and an explicit port', async () => {
    expect((await createOk(server, account.keys.secretTest, 'https://hooks.example.invalid/all', ['*'])).eventTypes).toEqual(['*']);
    const names = [
      'company_registration.status_changed',
      'abn_registration.status_changed',
      'ppsr.alert.grantor_registration_changed',
      'monitoring.expired',
    ];
    expect((await createOk(server, account.keys.secretTest, 'https://other.example.invalid:8443/in', names)).eventTypes).toEqual(names);
    expect((await createOk(server, account.keys.secretTest, 'https://93.184.216.34/hook', ['monitoring.expired'])).url).toBe(
      'https://93.184.216.34/hook',
    );
  });

  it('stores a repeated event name once', async () => {
    const created = await createOk(server, account.keys.secretTest, 'https://hooks.example.invalid/dup', [
      'monitoring.expired',
      'monitoring.expiring',
      'monitoring.expired',
    ]);
    expect(created.eventTypes).toEqual(['monitoring.expired', 'monitoring.expiring']);
  });

  it('gives every endpoint its own id and secret', async () => {
    const a = await createOk(server, account.keys.secretTest);
    const b = await createOk(server, account.keys.secretTest);
    expect(a.id).not.toBe(b.id);
    expect(a.secret).not.toBe(b.secret);
  });

  it('replays a create sent again with the same Idempotency-Key (D-18)', async () => {
    const fresh = await server.createAccount();
    const client = sdkClient(server, fresh.keys.secretTest);
    const body = { url: 'https://hooks.example.invalid/idem', eventTypes: ['*' as const] };
    const first = await createWebhookEndpoint({ client, body, headers: { 'Idempotency-Key': 'create-hook-1' } });
    const second = await createWebhookEndpoint({ client, body, headers: { 'Idempotency-Key': 'create-hook-1' } });
    expect(first.response.status).toBe(201);
    expect(second.response.status).toBe(201);
    expect(second.response.headers.get('idempotent-replayed')).toBe('true');
    expect(second.data).toEqual(first.data);
    expect(await list(fresh.keys.secretTest)).toHaveLength(1);
  });

  it('works on the live prefix with a live key', async () => {
    const created = await createOk(server, account.keys.secretLive, 'https://hooks.example.invalid/live', ['*'], '/api/v2');
    expect((await list(account.keys.secretLive, '/api/v2')).map((e) => e.id)).toEqual([created.id]);
  });
});

describe('list', () => {
  it('lists this key’s endpoints oldest first, never with a secret', async ({ account }) => {
    expect(await list(account.keys.secretTest)).toEqual([]);
    const first = await createOk(server, account.keys.secretTest, 'https://hooks.example.invalid/1');
    server.clock.advance(1);
    const second = await createOk(server, account.keys.secretTest, 'https://hooks.example.invalid/2', ['monitoring.expired']);
    server.clock.advance(1);
    const third = await createOk(server, account.keys.secretTest, 'https://hooks.example.invalid/3');
    const listed = await list(account.keys.secretTest);
    expect(listed.map((e) => e.id)).toEqual([first.id, second.id, third.id]);
    const { secret: _secret, ...withoutSecret } = second;
    expect(listed[1]).toEqual(withoutSecret);
    for (const endpoint of listed) expect(endpoint).not.toHaveProperty('secret');
  });
});

describe('update', () => {
  let key: string;
  beforeAll(async () => {
    key = (await server.createAccount()).keys.secretTest;
  });
  const patch = (id: string, body: Parameters<typeof updateWebhookEndpoint>[0]['body']) =>
    updateWebhookEndpoint({ client: sdkClient(server, key), path: { id }, body });

  it('changes url and eventTypes, moves updatedAt and never returns the secret', async () => {
    const created = await createOk(server, key);
    server.clock.advance(60);
    const { data, response } = await patch(created.id, {
      url: 'https://other.example.invalid/new',
      eventTypes: ['monitoring.change_detected'],
    });
    expect(response.status).toBe(200);
    expect(data).toEqual({
      ...created,
      secret: undefined,
      url: 'https://other.example.invalid/new',
      eventTypes: ['monitoring.change_detected'],
      updatedAt: server.clock.now().toISOString(),
    });
    expect(data).not.toHaveProperty('secret');
    expect(await storedSecret(created.id)).toBe(created.secret);
  });

  it('disabling sets disabledReason manual; enabling clears it and resets the failure count (3.6)', async () => {
    const created = await createOk(server, key);
    const disabled = await patch(created.id, { enabled: false });
    expect(disabled.data).toMatchObject({ enabled: false, disabledReason: 'manual', consecutiveFailures: 0 });
    // As the delivery job leaves it after failures, then the partner fixes the receiver.
    await server.deps.db.update(webhookEndpoints).set({ consecutiveFailures: 7 }).where(eq(webhookEndpoints.id, created.id));
    const enabled = await patch(created.id, { enabled: true });
    expect(enabled.data).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
  });

  it('re-enables an endpoint the delivery job disabled after 20 failures', async () => {
    const created = await createOk(server, key);
    await server.deps.db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: 'consecutive_failures', consecutiveFailures: 20 })
      .where(eq(webhookEndpoints.id, created.id));
    expect((await list(key)).find((e) => e.id === created.id)).toMatchObject({
      enabled: false,
      disabledReason: 'consecutive_failures',
      consecutiveFailures: 20,
    });
    // Disabling again keeps the reason that says why it stopped.
    expect((await patch(created.id, { enabled: false })).data).toMatchObject({ enabled: false, disabledReason: 'consecutive_failures' });
    expect((await patch(created.id, { enabled: true })).data).toMatchObject({
      enabled: true,
      disabledReason: null,
      consecutiveFailures: 0,
    });
  });

  it('an empty update changes nothing', async () => {
    const created = await createOk(server, key);
    server.clock.advance(5);
    const { data, response } = await patch(created.id, {});
    expect(response.status).toBe(200);
    expect(data?.updatedAt).toBe(created.updatedAt);
  });
});

describe('rotate secret', () => {
  it('returns a new secret once, stores it, and leaves everything else alone (D-21)', async () => {
    const key = (await server.createAccount()).keys.secretTest;
    const created = await createOk(server, key);
    server.clock.advance(30);
    const { data, response } = await rotateWebhookEndpointSecret({ client: sdkClient(server, key), path: { id: created.id } });
    expect(response.status).toBe(200);
    expect(data).toEqual({ ...created, secret: expect.stringMatching(SECRET_PATTERN), updatedAt: server.clock.now().toISOString() });
    expect(data!.secret).not.toBe(created.secret);
    expect(await storedSecret(created.id)).toBe(data!.secret);
    for (const endpoint of await list(key)) expect(endpoint).not.toHaveProperty('secret');
  });
});

describe('delete', () => {
  it('answers 204, drops the endpoint from the list and its pending deliveries, and 404s afterwards', async () => {
    const key = (await server.createAccount()).keys.secretTest;
    const kept = await createOk(server, key, 'https://hooks.example.invalid/kept');
    const gone = await createOk(server, key, 'https://hooks.example.invalid/gone');
    const row = await storedRow(gone.id);
    await server.deps.db.insert(webhookDeliveries).values({
      id: 'dlv_AAAAAAAAAAAAAAAAAAAAAAAA',
      endpointId: gone.id,
      accountId: row.accountId,
      environment: row.environment,
      event: 'monitoring.expired',
      body: '{}',
      status: 'pending',
      nextAttemptAt: server.clock.now(),
      createdAt: server.clock.now(),
    });

    const client = sdkClient(server, key);
    const deleted = await deleteWebhookEndpoint({ client, path: { id: gone.id } });
    expect(deleted.response.status).toBe(204);
    expect((await list(key)).map((e) => e.id)).toEqual([kept.id]);
    const [delivery] = await server.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, gone.id));
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect((await storedRow(gone.id)).deletedAt).toEqual(server.clock.now());

    expect((await deleteWebhookEndpoint({ client, path: { id: gone.id } })).response.status).toBe(404);
    expect((await updateWebhookEndpoint({ client, path: { id: gone.id }, body: { enabled: true } })).response.status).toBe(404);
    expect((await rotateWebhookEndpointSecret({ client, path: { id: gone.id } })).response.status).toBe(404);
  });
});

describe('ownership follows the key through a roll (3.7)', () => {
  it('the rolled key sees, changes and counts the endpoints of the key it replaced', async ({ account }) => {
    const created = await createOk(server, account.keys.secretTest);
    const read = await server.admin<{ keys: { id: string; type: string; environment: string }[] }>('GET', `/admin/accounts/${account.id}`);
    const keyId = read.body.keys.find((k) => k.type === 'secret' && k.environment === 'test')!.id;
    const rolled = await server.admin<{ secret: string }>('POST', `/admin/keys/${keyId}/roll`, { strategy: 'delayed' });
    expect(rolled.status).toBe(200);
    // During a delayed roll both keys work and see the same endpoints.
    expect((await list(account.keys.secretTest)).map((e) => e.id)).toEqual([created.id]);
    expect((await list(rolled.body.secret)).map((e) => e.id)).toEqual([created.id]);
    const { response } = await updateWebhookEndpoint({
      client: sdkClient(server, rolled.body.secret),
      path: { id: created.id },
      body: { enabled: false },
    });
    expect(response.status).toBe(200);
  });
});

describe('V1 personal access tokens', () => {
  it('manage endpoints of their own (owner pat:<account>), apart from the account’s API keys', async ({ account }) => {
    const token = await server.admin<{ token: string }>('POST', `/admin/accounts/${account.id}/tokens`, { name: 'legacy' });
    expect(token.status).toBe(201);
    const created = await createOk(server, token.body.token, 'https://hooks.example.invalid/v1', ['*'], '/api/test/v1');
    expect((await list(token.body.token, '/api/test/v1')).map((e) => e.id)).toEqual([created.id]);
    expect(await list(account.keys.secretTest)).toEqual([]);
    expect((await storedRow(created.id)).keyId).toBe(`pat:${account.id}`);
  });
});
