// D-03 and D-49, closed: a V1 personal access token was accepted from a cross-site browser request
// where a secret key got 403; a live secret key passed with `Sec-Fetch-Site: same-origin` alone; and
// a test secret key passed a DNS-rebinding request (Host and Origin both naming an outside host that
// resolves to this machine). Now any Origin or Sec-Fetch-* header marks a browser (but Node's own
// `Sec-Fetch-Mode: cors`, which the SDK's fetch sends on servers), tokens and live keys are refused
// from every browser, and the console exception needs the service's own host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../support/harness.js';
import { rawRequest, type Answer } from '../../support/wire.js';

const SECRET_REFUSED = { errors: ['Secret keys must not be used from a browser; use a publishable key.'] };
const TOKEN_REFUSED = { errors: ['Personal access tokens must not be used from a browser; use a publishable key.'] };

describe('secret credentials and browser signals', () => {
  let server: TestServer;
  let account: TestAccount;
  let token: string;
  let port: string;
  beforeAll(async () => {
    // Browser headers are no partner's traffic: not recorded for the Prism proxy replay.
    server = await startTestServer({ record: false });
    account = await server.createAccount();
    token = (await server.admin<{ token: string }>('POST', `/admin/accounts/${account.id}/tokens`, { name: 'browser' })).body.token;
    port = new URL(server.url).port;
  });
  afterAll(async () => server?.close());

  const call = (path: string, headers: Record<string, string>): Promise<Answer> =>
    rawRequest(`${server.url}${path}/webhooks`, 'GET', headers);
  const ownOrigin = () => ({ 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty', Origin: server.url });

  const browserSignals: [string, () => Record<string, string>][] = [
    ['a cross-site fetch', () => ({ 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors', Origin: 'https://evil.example' })],
    ['a same-origin fetch of this service', ownOrigin],
    ['Sec-Fetch-Site: same-origin alone', () => ({ 'Sec-Fetch-Site': 'same-origin' })],
    ['Sec-Fetch-Dest alone', () => ({ 'Sec-Fetch-Dest': 'document' })],
    ['Sec-Fetch-User alone', () => ({ 'Sec-Fetch-User': '?1' })],
    ['Sec-Fetch-Mode: navigate alone', () => ({ 'Sec-Fetch-Mode': 'navigate' })],
    ['an Origin alone', () => ({ Origin: server.url })],
    ['Origin: null', () => ({ Origin: 'null' })],
  ];

  it.each(browserSignals)('refuses a live secret key with %s (403)', async (_name, headers) => {
    const answer = await call('/api/v2', { Authorization: `Bearer ${account.keys.secretLive}`, ...headers() });
    expect(answer.status, answer.text).toBe(403);
    expect(answer.body).toEqual(SECRET_REFUSED);
  });

  it.each(browserSignals)('refuses a V1 X-Auth-SVC live secret key with %s (403)', async (_name, headers) => {
    const answer = await call('/api/v1', { 'X-Auth-SVC': account.keys.secretLive, ...headers() });
    expect(answer.status, answer.text).toBe(403);
    expect(answer.body).toEqual(SECRET_REFUSED);
  });

  it.each(browserSignals)('refuses a personal access token with %s, on both V1 prefixes (403)', async (_name, headers) => {
    for (const prefix of ['/api/v1', '/api/test/v1']) {
      const answer = await call(prefix, { Authorization: `Bearer ${token}`, ...headers() });
      expect(answer.status, `${prefix}: ${answer.text}`).toBe(403);
      expect(answer.body).toEqual(TOKEN_REFUSED);
    }
  });

  it("accepts each from a server: no browser header, or only Node fetch's own Sec-Fetch-Mode: cors", async () => {
    for (const headers of [{}, { 'Sec-Fetch-Mode': 'cors' }] as Record<string, string>[]) {
      expect((await call('/api/v2', { Authorization: `Bearer ${account.keys.secretLive}`, ...headers })).status).toBe(200);
      expect((await call('/api/v1', { 'X-Auth-SVC': account.keys.secretLive, ...headers })).status).toBe(200);
      expect((await call('/api/v1', { Authorization: `Bearer ${token}`, ...headers })).status).toBe(200);
      expect((await call('/api/test/v2', { Authorization: `Bearer ${account.keys.secretTest}`, ...headers })).status).toBe(200);
    }
    // Node's fetch itself (it adds Sec-Fetch-Mode: cors on every request).
    const viaFetch = await fetch(`${server.url}/api/v2/webhooks`, { headers: { Authorization: `Bearer ${account.keys.secretLive}` } });
    expect(viaFetch.status).toBe(200);
  });

  describe('the console exception (D-49) needs this service’s own host', () => {
    it('accepts a test secret key from a same-origin page on the loopback names of its port', async () => {
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
        const answer = await call('/api/test/v2', {
          Authorization: `Bearer ${account.keys.secretTest}`,
          Host: host,
          'Sec-Fetch-Site': 'same-origin',
          'Sec-Fetch-Mode': 'cors',
          Origin: `http://${host.toLowerCase()}`,
        });
        expect(answer.status, `${host}: ${answer.text}`).toBe(200);
      }
    });

    it.each([
      [
        'Host and Origin naming an outside host (DNS rebinding)',
        (p: string) => ({ Host: `evil.example:${p}`, Origin: `http://evil.example:${p}` }),
      ],
      ['an outside Host without Origin', (p: string) => ({ Host: `evil.example:${p}` })],
      ['an outside Host on the default port', () => ({ Host: 'evil.example', Origin: 'http://evil.example' })],
      ['a loopback name on another port', () => ({ Host: 'localhost:1', Origin: 'http://localhost:1' })],
      ['an own Host with a foreign Origin', (p: string) => ({ Host: `127.0.0.1:${p}`, Origin: 'http://evil.example' })],
      ['an own Host with a loopback Origin of another port', (p: string) => ({ Host: `127.0.0.1:${p}`, Origin: 'http://127.0.0.1:1' })],
      ['a Host that is no host', () => ({ Host: 'evil.example/x@127.0.0.1' })],
    ])('refuses a test secret key from a same-origin page with %s (403)', async (_name, headers) => {
      const answer = await call('/api/test/v2', {
        Authorization: `Bearer ${account.keys.secretTest}`,
        'Sec-Fetch-Site': 'same-origin',
        'Sec-Fetch-Mode': 'cors',
        ...headers(port),
      });
      expect(answer.status, answer.text).toBe(403);
      expect(answer.body).toEqual(SECRET_REFUSED);
    });
  });
});

describe('the console exception behind a proxy (SVC_PUBLIC_URL)', () => {
  it('accepts the public URL’s host and still refuses an outside one', async () => {
    const server = await startTestServer({ record: false, env: { SVC_PUBLIC_URL: 'https://sandbox.example.com/' } });
    try {
      const account = await server.createAccount();
      const from = (host: string) =>
        rawRequest(`${server.url}/api/test/v2/webhooks`, 'GET', {
          Authorization: `Bearer ${account.keys.secretTest}`,
          Host: host,
          'Sec-Fetch-Site': 'same-origin',
          'Sec-Fetch-Mode': 'cors',
          Origin: `https://${host}`,
        });
      expect((await from('sandbox.example.com')).status).toBe(200);
      expect((await from('Sandbox.Example.com')).status).toBe(200);
      expect((await from('evil.example')).status).toBe(403);
    } finally {
      await server.close();
    }
  });
});
