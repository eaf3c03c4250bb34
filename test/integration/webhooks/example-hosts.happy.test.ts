// Example hosts in the test environment (D-60): the document's own example body for creating a
// webhook endpoint (`https://hooks.example.com/svc`) works as printed with a test key, on a server
// whose DNS answers nothing: the host is never resolved, and the deliveries go to the built-in test
// receiver (D-59), signed, recorded and answered 200.
import { describe, expect } from 'vitest';
import { listReceivedWebhooks } from '../../../generated/admin-client/index.js';
import {
  createWebhookEndpoint,
  listWebhookDeliveries,
  updateWebhookEndpoint,
  verifyWebhook,
  type CreateWebhookEndpointRequest,
} from '../../../generated/client/index.js';
import { serverTest } from '../../support/fixtures.js';
import { loadDocument, type JsonObject } from '../../support/document.js';
import { sdkClient, startTestServer } from '../../support/harness.js';
import { advance } from '../../support/requests.js';
import { operatorClient } from '../request-log/support.js';

const asked: string[] = [];
// A DNS that answers nothing and notes every name it is asked.
const it = serverTest(() =>
  startTestServer({
    resolveHost: (host) => {
      asked.push(host);
      return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));
    },
    record: false,
  }),
);

/** The request examples the document gives for `POST /webhooks`. */
function documentedBodies(): CreateWebhookEndpointRequest[] {
  const paths = loadDocument().paths as Record<string, { post: { requestBody: { content: Record<string, { examples: JsonObject }> } } }>;
  const examples = paths['/webhooks']!.post.requestBody.content['application/json']!.examples;
  return Object.values(examples).map((example) => (example as { value: CreateWebhookEndpointRequest }).value);
}

describe('documentation hosts with a test key (D-60)', () => {
  it("creates the document's example endpoints without resolving their host, and delivers to the receiver", async ({ server, account }) => {
    const client = sdkClient(server, account.keys.secretTest);
    const bodies = documentedBodies();
    expect(bodies.map((body) => body.url)).toContain('https://hooks.example.com/svc');
    const created = [];
    for (const body of bodies) {
      const { data, response, error } = await createWebhookEndpoint({ client, body });
      expect(response.status, JSON.stringify(error)).toBe(201);
      expect(data!.url).toBe(body.url);
      created.push(data!);
    }
    expect(asked).toEqual([]);

    // The "every event" example gets an ABN registration's status change, in-process.
    const everything = created.find((endpoint) => endpoint.eventTypes.includes('*'))!;
    const lodgement = await server.admin<{ requestId: number }>('POST', '/admin/lodgements', {
      accountId: account.id,
      environment: 'test',
      kind: 'abn_registration',
    });
    expect((await server.admin('POST', `/admin/lodgements/${lodgement.body.requestId}/status`, { status: 'finished' })).status).toBe(200);
    await advance(server, 1);

    const { data } = await listReceivedWebhooks({ client: operatorClient(server), query: { accountId: account.id } });
    expect(data!.data).toHaveLength(1);
    const [got] = data!.data;
    expect(got).toMatchObject({ path: 'ok', answeredStatus: 200, via: 'in_process', endpointId: everything.id });
    const event = verifyWebhook(got!.body, got!.headers, [everything.secret], { now: () => server.wallClock.now().getTime() });
    expect(event).toMatchObject({ event: 'abn_registration.status_changed', requestId: lodgement.body.requestId });
    const deliveries = await listWebhookDeliveries({ client, path: { id: everything.id } });
    expect(deliveries.data!.data).toEqual([expect.objectContaining({ deliveryId: got!.deliveryId, status: 'succeeded' })]);
    expect(asked).toEqual([]);
  });

  it('takes every reserved name: example.net, example.org, subdomains, anything under .example or .test, any case', async ({
    server,
    account,
  }) => {
    const client = sdkClient(server, account.keys.secretTest);
    for (const url of [
      'https://example.com/hook',
      'https://a.b.example.net/hook',
      'https://example.org:8443/hook?x=1',
      'https://partner.example/hook',
      'https://ci.partner.test/hook',
      'https://HOOKS.EXAMPLE.COM./hook',
    ]) {
      const { response, error } = await createWebhookEndpoint({ client, body: { url, eventTypes: ['*'] } });
      expect(response.status, `${url}: ${JSON.stringify(error)}`).toBe(201);
    }
    expect(asked).toEqual([]);
  });

  it('moves an endpoint onto an example host by update, delivered in-process from then on', async ({ server, account }) => {
    const client = sdkClient(server, account.keys.secretTest);
    const receiverUrl = `${server.url}/sandbox/webhook-receiver/fail`;
    const created = await createWebhookEndpoint({ client, body: { url: receiverUrl, eventTypes: ['*'] } });
    expect(created.response.status).toBe(201);
    const updated = await updateWebhookEndpoint({ client, path: { id: created.data!.id }, body: { url: 'https://hooks.example.org/svc' } });
    expect(updated.response.status).toBe(200);
    const lodgement = await server.admin<{ requestId: number }>('POST', '/admin/lodgements', {
      accountId: account.id,
      environment: 'test',
      kind: 'abn_registration',
    });
    await server.admin('POST', `/admin/lodgements/${lodgement.body.requestId}/status`, { status: 'finished' });
    await advance(server, 1);
    const { data } = await listReceivedWebhooks({ client: operatorClient(server), query: { accountId: account.id } });
    expect(data!.data.map((hit) => [hit.path, hit.answeredStatus, hit.via])).toEqual([['ok', 200, 'in_process']]);
  });
});
