// The built-in receiver opens nothing else (D-59): on a server without SVC_WEBHOOK_ALLOW_LOCAL only its
// exact URLs, registered with a test key, skip the address check (they are delivered in-process);
// every other loopback or private URL, the receiver's path on another host or port, and the receiver
// registered with a live key are refused as D-23 says, and its HTTP route is not mounted.
import { describe, expect } from 'vitest';
import { createWebhookEndpoint, updateWebhookEndpoint } from '../../../generated/client/index.js';
import { serverTest } from '../../support/fixtures.js';
import { sdkClient, startTestServer } from '../../support/harness.js';
import { PREFIX } from '../../support/requests.js';
import { DNS, resolveHost } from './endpoints.support.js';

const it = serverTest(() =>
  startTestServer({
    // A name of our own pointing at this machine: the receiver's path on it is still an address to check.
    resolveHost: (host) => (host === 'rebind.example.invalid' ? Promise.resolve(['127.0.0.1']) : resolveHost(host)),
    record: false,
  }),
);

describe('URLs the receiver does not open', () => {
  it('refuses every other loopback or private URL from a test key, the receiver path included', async ({ server, account }) => {
    const { port } = new URL(server.url);
    const other = String(Number(port) + 1);
    const refused: [string, string][] = [
      ['http://127.0.0.1:9/hook', 'url_not_https'],
      [`http://127.0.0.1:${port}/sandbox/webhook-receiver/other`, 'url_not_https'],
      [`http://127.0.0.1:${port}/hook`, 'url_not_https'],
      [`http://127.0.0.1:${other}/sandbox/webhook-receiver/ok`, 'url_not_https'],
      [`http://127.0.0.1:${port}/sandbox/webhook-receiver/ok?next=1`, 'url_not_https'],
      [`http://127.0.0.1:${port}/prefix/sandbox/webhook-receiver/ok`, 'url_not_https'],
      [`http://u:p@127.0.0.1:${port}/sandbox/webhook-receiver/ok`, 'url_not_https'],
      [`https://127.0.0.1:${port}/sandbox/webhook-receiver/ok`, 'url_not_public'],
      [`https://[::ffff:127.0.0.1]:${port}/sandbox/webhook-receiver/ok`, 'url_not_public'],
      ['https://10.0.0.1/sandbox/webhook-receiver/ok', 'url_not_public'],
      ['https://169.254.169.254/sandbox/webhook-receiver/fail', 'url_not_public'],
      ['https://internal.example.invalid/sandbox/webhook-receiver/ok', 'url_not_public'],
      ['https://rebind.example.invalid/sandbox/webhook-receiver/ok', 'url_not_public'],
    ];
    expect(DNS['internal.example.invalid']).toEqual(['10.0.0.5']);
    const client = sdkClient(server, account.keys.secretTest);
    for (const [url, code] of refused) {
      const { response, error } = await createWebhookEndpoint({ client, body: { url, eventTypes: ['*'] } });
      expect(response.status, url).toBe(422);
      expect(error, url).toMatchObject({ error: 'validation_failed', errors: { url: [{ code }] } });
    }
  });

  it('refuses the receiver from a live key, on create and on update, as any loopback URL', async ({ server, account }) => {
    const live = sdkClient(server, account.keys.secretLive, PREFIX.live);
    const url = `${server.url}/sandbox/webhook-receiver/ok`;
    const created = await createWebhookEndpoint({ client: live, body: { url, eventTypes: ['*'] } });
    expect(created.response.status).toBe(422);
    expect(created.error).toMatchObject({ errors: { url: [{ code: 'url_not_https' }] } });

    const endpoint = await createWebhookEndpoint({ client: live, body: { url: 'https://hooks.example.invalid/svc', eventTypes: ['*'] } });
    expect(endpoint.response.status).toBe(201);
    const updated = await updateWebhookEndpoint({ client: live, path: { id: endpoint.data!.id }, body: { url } });
    expect(updated.response.status).toBe(422);
    expect(updated.error).toMatchObject({ errors: { url: [{ code: 'url_not_https' }] } });
  });

  it('does not mount the receiver over HTTP without SVC_WEBHOOK_ALLOW_LOCAL', async ({ server }) => {
    for (const path of ['ok', 'fail']) {
      const answer = await fetch(`${server.url}/sandbox/webhook-receiver/${path}`, { method: 'POST', body: '{}' });
      expect(answer.status).toBe(404);
    }
  });
});
