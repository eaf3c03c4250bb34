// Example hosts outside the test environment (D-60): a live key registering a URL on a host reserved
// for documentation gets 422 `url_invalid`, as for a host that does not resolve, even where DNS would
// answer for it (example.com has public addresses); nothing is created. With a test key only plain
// https URLs count: `http:` and credentials are refused as for any URL.
import { describe, expect } from 'vitest';
import { createWebhookEndpoint, listWebhookEndpoints, updateWebhookEndpoint } from '../../../generated/client/index.js';
import { serverTest } from '../../support/fixtures.js';
import { sdkClient, startTestServer } from '../../support/harness.js';
import { PREFIX } from '../../support/requests.js';

const PUBLIC_IP = '93.184.216.34';
// A DNS that answers every name with a public address: only D-60 refuses the example hosts.
const it = serverTest(() => startTestServer({ resolveHost: () => Promise.resolve([PUBLIC_IP]), record: false }));

describe('documentation hosts with a live key (D-60)', () => {
  it('refuses them with url_invalid on create and update, creating and changing nothing', async ({ server, account }) => {
    const live = sdkClient(server, account.keys.secretLive, PREFIX.live);
    for (const url of ['https://hooks.example.com/svc', 'https://example.net/', 'https://x.example/hook', 'https://ci.test/hook']) {
      const { response, error } = await createWebhookEndpoint({ client: live, body: { url, eventTypes: ['*'] } });
      expect(response.status, url).toBe(422);
      expect(error).toMatchObject({ errors: { url: [{ code: 'url_invalid' }] } });
    }
    expect((await listWebhookEndpoints({ client: live })).data!.data).toEqual([]);

    const endpoint = await createWebhookEndpoint({ client: live, body: { url: 'https://hooks.partner.invalid/svc', eventTypes: ['*'] } });
    expect(endpoint.response.status).toBe(201);
    const updated = await updateWebhookEndpoint({
      client: live,
      path: { id: endpoint.data!.id },
      body: { url: 'https://hooks.example.com/svc' },
    });
    expect(updated.response.status).toBe(422);
    expect(updated.error).toMatchObject({ errors: { url: [{ code: 'url_invalid' }] } });
    expect((await listWebhookEndpoints({ client: live })).data!.data.map((e) => e.url)).toEqual(['https://hooks.partner.invalid/svc']);
  });
});

describe('documentation hosts with a test key: only plain https', () => {
  it('refuses http: and credentials as for any URL', async ({ server, account }) => {
    const client = sdkClient(server, account.keys.secretTest);
    const refused: [string, string][] = [
      ['http://hooks.example.com/svc', 'url_not_https'],
      ['https://user:pass@hooks.example.com/svc', 'url_invalid'],
    ];
    for (const [url, code] of refused) {
      const { response, error } = await createWebhookEndpoint({ client, body: { url, eventTypes: ['*'] } });
      expect(response.status, url).toBe(422);
      expect(error).toMatchObject({ errors: { url: [{ code }] } });
    }
    expect((await listWebhookEndpoints({ client })).data!.data).toEqual([]);
  });
});
