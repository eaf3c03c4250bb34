// The operator operations the sandbox console reads: every account, every request kind
// together, a Form 484 moved by the operator with its D-46 events, and the built-in webhook receiver
// recording the signed deliveries it got. Through the generated operator SDK, as the console calls them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createConfig } from '../../../generated/admin-client/client/index.js';
import {
  listAccounts,
  listPpsrSearches,
  listLodgements,
  listReceivedWebhooks,
  setForm484Status,
  type ReceivedWebhook,
} from '../../../generated/admin-client/index.js';
import { createPpsrSearch, createWebhookEndpoint, verifyWebhook } from '../../../generated/client/index.js';
import { ADMIN_TOKEN, sdkClient, startTestServer, type TestServer } from '../../support/harness.js';
import { documentExamples, lodge } from '../form484/support.js';

describe('operator reads of the sandbox console', () => {
  let server: TestServer;
  let operator: ReturnType<typeof createClient>;

  beforeAll(async () => {
    // Endpoints on the server's own loopback receiver cannot be replayed through Prism against another server: not recorded.
    server = await startTestServer({ env: { SVC_WEBHOOK_ALLOW_LOCAL: '1' }, record: false });
    operator = createClient(createConfig({ baseUrl: server.url, auth: () => ADMIN_TOKEN }));
  });
  afterAll(async () => server?.close());

  it('lists every account newest first, with key records and never a key', async () => {
    const first = await server.createAccount({ name: 'First Pty Ltd' });
    await server.clock.advance(1000);
    const second = await server.createAccount({ name: 'Second Pty Ltd' });
    const { data, response } = await listAccounts({ client: operator });
    expect(response.status).toBe(200);
    const ids = data!.data.map((a) => a.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const listed = data!.data.find((a) => a.id === second.id)!;
    expect(listed.name).toBe('Second Pty Ltd');
    expect(listed.keys).toHaveLength(4);
    expect(JSON.stringify(data)).not.toContain(second.keys.secretTest);
  });

  it('lists Form 484 lodgements with the other kinds, filters by account and kind, and moves one with its events', async () => {
    const account = await server.createAccount();
    const other = await server.createAccount();
    const receiverUrl = `${server.url}/sandbox/webhook-receiver/ok`;
    const created = await createWebhookEndpoint({
      client: sdkClient(server, account.keys.secretTest),
      body: { url: receiverUrl, eventTypes: ['form484.status_changed'] },
    });
    expect(created.response.status).toBe(201);
    const example = Object.values(documentExamples())[0]!;
    const lodged = await lodge(server, account.keys.secretTest, example);
    const requestId = lodged.requestId;
    await server.admin('POST', '/admin/lodgements', { accountId: account.id, environment: 'test', kind: 'abn_registration' });
    await lodge(server, other.keys.secretTest, example);

    const all = await listLodgements({ client: operator, query: { accountId: account.id } });
    expect(all.data!.data.map((row) => row.kind).sort()).toEqual(['abn_registration', 'form484']);
    const only484 = await listLodgements({ client: operator, query: { accountId: account.id, kind: 'form484' } });
    expect(only484.data!.data).toEqual([
      expect.objectContaining({ kind: 'form484', requestId, accountId: account.id, environment: 'test', status: 'new' }),
    ]);

    const review = await setForm484Status({ client: operator, path: { requestId }, body: { status: 'manual review' } });
    expect(review.data).toMatchObject({ kind: 'form484', requestId, status: 'manual review' });
    const finished = await setForm484Status({ client: operator, path: { requestId }, body: { status: 'finished' } });
    expect(finished.data!.status).toBe('finished');
    await server.admin('POST', '/admin/jobs/webhook-delivery/run');

    const received = await listReceivedWebhooks({ client: operator });
    const mine = received.data!.data.filter((entry: ReceivedWebhook) => entry.body.includes(`"requestId":${requestId}`));
    expect(mine.map((entry) => (JSON.parse(entry.body) as { status: string }).status).sort()).toEqual(['finished', 'manual review']);
    const secret = created.data!.secret;
    for (const entry of mine) {
      expect(entry.path).toBe('ok');
      expect(entry.answeredStatus).toBe(200);
      expect(entry.headers['x-svc-event']).toBe('form484.status_changed');
      // The signature the receiver saw verifies with the endpoint's secret (the SDK's verifier).
      const event = verifyWebhook(entry.body, entry.headers, [secret], { now: () => server.wallClock.now().getTime() });
      expect(event.event).toBe('form484.status_changed');
    }
  });

  it('the failing receiver answers 500, so the delivery is retried', async () => {
    const account = await server.createAccount();
    const created = await createWebhookEndpoint({
      client: sdkClient(server, account.keys.secretTest),
      body: { url: `${server.url}/sandbox/webhook-receiver/fail`, eventTypes: ['form484.status_changed'] },
    });
    const lodged = await lodge(server, account.keys.secretTest, Object.values(documentExamples())[0]!);
    await setForm484Status({ client: operator, path: { requestId: lodged.requestId }, body: { status: 'rejected' } });
    await server.admin('POST', '/admin/jobs/webhook-delivery/run');
    await server.admin('POST', '/admin/clock/advance', { seconds: 60 });
    const received = await listReceivedWebhooks({ client: operator });
    const mine = received.data!.data.filter((entry) => entry.body.includes(`"requestId":${lodged.requestId}`));
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.every((entry) => entry.path === 'fail' && entry.answeredStatus === 500)).toBe(true);
    expect(new Set(mine.map((entry) => entry.headers['webhook-id']))).toEqual(new Set([mine[0]!.headers['webhook-id']]));
    expect(created.data!.id).toMatch(/^we_/);
  });

  it('lists PPSR searches of one account newest first, with what was searched and where each is', async () => {
    const account = await server.createAccount();
    const client = sdkClient(server, account.keys.secretTest);
    const first = await createPpsrSearch({ client, body: { vin: '1HGCM82633A004352' } });
    await server.clock.advance(1000);
    const second = await createPpsrSearch({ client, body: { acn: '100000011' } });
    await server.admin('POST', '/admin/jobs/ppsr-processing/run');
    const { data } = await listPpsrSearches({ client: operator, query: { accountId: account.id } });
    expect(data!.data).toEqual([
      expect.objectContaining({
        requestId: second.data!.requestId,
        status: 'completed',
        environment: 'test',
        request: { acn: '100000011' },
      }),
      expect.objectContaining({ requestId: first.data!.requestId, status: 'completed', request: { vin: '1HGCM82633A004352' } }),
    ]);
    const none = await listPpsrSearches({ client: operator, query: { accountId: 'acct_none' } });
    expect(none.data!.data).toEqual([]);
  });

  it('the receiver answers only its two paths', async () => {
    const other = await fetch(`${server.url}/sandbox/webhook-receiver/maybe`, { method: 'POST', body: '{}' });
    expect(other.status).toBe(404);
  });
});
