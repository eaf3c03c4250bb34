// Consecutive failures (spec 3.6, 8; D-22): every failed attempt counts across deliveries, any 2xx
// resets the count, the 20th in a row disables the endpoint, mails the owner and stops its deliveries;
// re-enabling resets the count.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listWebhookEndpoints, updateWebhookEndpoint } from '../../../generated/client/index.js';
import { webhookAttempts, webhookDeliveries } from '../../../server/store/schema/index.js';
import { AUTO_DISABLE_AFTER_FAILURES } from '../../../server/delivery/schedule.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';
import { advance, createEndpoint, emit, runDue, startDeliveryServer, startReceiver, type Receiver } from './delivery.support.js';

let server: TestServer;
let receiver: Receiver;

beforeAll(async () => {
  server = await startDeliveryServer();
  receiver = await startReceiver(() => server);
});
afterAll(async () => {
  await receiver?.close();
  await server?.close();
});

async function endpointView(account: TestAccount, id: string) {
  const { data } = await listWebhookEndpoints({ client: sdkClient(server, account.keys.secretTest) });
  return data!.data.find((e) => e.id === id)!;
}

function hitsOn(path: string): number {
  return receiver.hits.filter((h) => h.path === path).length;
}

/** Emits `count` events and runs their first attempts (the clock does not move). */
async function deliverMany(account: TestAccount, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(...(await emit(server, account)));
  await runDue(server);
  return ids;
}

describe('auto-disable', () => {
  it('disables the endpoint at the 20th failure in a row, mails the owner and sends nothing more', async () => {
    expect(AUTO_DISABLE_AFTER_FAILURES).toBe(20);
    const account = await server.createAccount({ ownerEmail: 'ops@partner.example' });
    const { id } = await createEndpoint(server, account, `${receiver.url}/broken`);
    receiver.reply = (_n, hit) => ({ status: hit.path === '/broken' ? 500 : 204 });

    const ids = await deliverMany(account, AUTO_DISABLE_AFTER_FAILURES - 1);
    expect(await endpointView(account, id)).toMatchObject({ enabled: true, consecutiveFailures: 19, disabledReason: null });
    expect((await server.admin<{ data: unknown[] }>('GET', `/admin/accounts/${account.id}/mails`)).body.data).toHaveLength(0);

    ids.push(...(await deliverMany(account, 1)));
    expect(hitsOn('/broken')).toBe(20);
    expect(await endpointView(account, id)).toMatchObject({
      enabled: false,
      consecutiveFailures: 20,
      disabledReason: 'consecutive_failures',
    });
    const mails = await server.admin<{ data: { to: string; subject: string; text: string }[] }>(
      'GET',
      `/admin/accounts/${account.id}/mails`,
    );
    expect(mails.body.data).toHaveLength(1);
    expect(mails.body.data[0]).toMatchObject({ to: 'ops@partner.example' });
    expect(mails.body.data[0]!.subject).toContain(id);
    expect(mails.body.data[0]!.text).toContain('"enabled": true');

    // Stopped at once: the 19 earlier deliveries waiting for their retry end failed, without a request.
    const rows = await server.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    expect(rows.map((r) => r.status)).toEqual(rows.map(() => 'failed'));
    const earlier = await server.deps.db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, ids[0]!))
      .orderBy(asc(webhookAttempts.attemptNumber));
    expect(earlier.map((a) => a.errorClass)).toEqual(['http_status', 'endpoint_disabled']);

    await emit(server, account);
    await advance(server, 2 * 86_400);
    expect(hitsOn('/broken')).toBe(20);
    expect((await server.admin<{ data: unknown[] }>('GET', `/admin/accounts/${account.id}/mails`)).body.data).toHaveLength(1);
  });

  it('re-enabling resets the count and deliveries flow again', async () => {
    const account = await server.createAccount();
    const { id } = await createEndpoint(server, account, `${receiver.url}/revived`);
    receiver.reply = (_n, hit) => ({ status: hit.path === '/revived' ? 500 : 204 });
    await deliverMany(account, AUTO_DISABLE_AFTER_FAILURES);
    expect(await endpointView(account, id)).toMatchObject({ enabled: false, consecutiveFailures: 20 });

    const { data } = await updateWebhookEndpoint({
      client: sdkClient(server, account.keys.secretTest),
      path: { id },
      body: { enabled: true },
    });
    expect(data).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledReason: null });
    await deliverMany(account, 3);
    expect(hitsOn('/revived')).toBe(23);
    expect(await endpointView(account, id)).toMatchObject({ enabled: true, consecutiveFailures: 3 });
  });

  it('any 2xx resets the count, so failures must be consecutive', async () => {
    const account = await server.createAccount();
    const { id } = await createEndpoint(server, account, `${receiver.url}/patchy`);
    let failing = true;
    receiver.reply = (_n, hit) => ({ status: hit.path === '/patchy' && failing ? 502 : 200 });
    await deliverMany(account, AUTO_DISABLE_AFTER_FAILURES - 1);
    expect((await endpointView(account, id)).consecutiveFailures).toBe(19);

    failing = false;
    await deliverMany(account, 1);
    expect((await endpointView(account, id)).consecutiveFailures).toBe(0);

    failing = true;
    await deliverMany(account, AUTO_DISABLE_AFTER_FAILURES - 1);
    expect(await endpointView(account, id)).toMatchObject({ enabled: true, consecutiveFailures: 19 });
  });

  it('a manual disable stops pending retries at once; re-enabling does not revive them', async () => {
    const account = await server.createAccount();
    const { id } = await createEndpoint(server, account, `${receiver.url}/manual`);
    receiver.reply = (_n, hit) => ({ status: hit.path === '/manual' ? 503 : 204 });
    const [deliveryId] = await deliverMany(account, 1);
    expect(hitsOn('/manual')).toBe(1);

    const client = sdkClient(server, account.keys.secretTest);
    const disabled = await updateWebhookEndpoint({ client, path: { id }, body: { enabled: false } });
    expect(disabled.response.status).toBe(200);
    expect(disabled.data?.enabled).toBe(false);
    const [row] = await server.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId!));
    expect(row!.status).toBe('failed');

    const enabled = await updateWebhookEndpoint({ client, path: { id }, body: { enabled: true } });
    expect(enabled.response.status).toBe(200);
    expect(enabled.data?.enabled).toBe(true);
    await advance(server, 600);
    expect(hitsOn('/manual')).toBe(1);
  });
});
