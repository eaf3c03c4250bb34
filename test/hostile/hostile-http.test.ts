// Browsers and HTTP: publishable keys could not work from a browser (OPTIONS preflights got
// 405 and no answer carried Access-Control-Allow-Origin), HEAD got 405, and paths were
// case-insensitive (/API/TEST/V2/webhooks answered 200). CORS follows D-47; the browser itself is
// exercised in test/e2e/cors.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type TestAccount, type TestServer } from '../support/harness.js';
import { isApiError, isSharedError, PREFIX, rawRequest, type Answer } from '../support/wire.js';
import { addKey, startWebhookServer } from '../integration/webhooks/endpoints.support.js';

const T = PREFIX.test;
const ALLOWED = 'https://shop.partner.example.com';
const HELPER = '/helpers/industries?q=cafe';

let server: TestServer;
let account: TestAccount;
let publishable: string;

beforeAll(async () => {
  server = await startWebhookServer({ record: false });
  account = await server.createAccount();
  publishable = (await addKey(server, account.id, 'publishable', 'test', ['shop.partner.example.com'])).secret;
});
afterAll(async () => {
  await server?.close();
});

function send(method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return rawRequest(`${server.url}${path}`, method, headers);
}

describe('CORS for publishable keys (D-47)', () => {
  it('answers a preflight of a helper on every prefix, whatever the Origin, without a key', async () => {
    for (const prefix of Object.values(PREFIX))
      for (const origin of [ALLOWED, 'https://evil.example.org']) {
        const answer = await send('OPTIONS', `${prefix}${HELPER}`, {
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        });
        expect(answer.status, `${prefix} ${origin}: ${answer.text}`).toBe(204);
        expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
        expect(answer.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
        expect(answer.headers.get('access-control-allow-methods')).toContain('GET');
        expect(answer.headers.get('vary')).toContain('Origin');
        expect(answer.text).toBe('');
      }
  });

  it('answers no preflight where a secret key is needed: 405, no CORS headers', async () => {
    for (const path of ['/webhooks', '/lodgements/1001', '/ppsr/searches']) {
      const answer = await send('OPTIONS', `${T}${path}`, { Origin: ALLOWED, 'Access-Control-Request-Method': 'GET' });
      expect(answer.status, `${path}: ${answer.text}`).toBe(405);
      expect(isSharedError(answer.body), answer.text).toBe(true);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('echoes an allowed Origin on the answer to a publishable key (its domains and the always-allowed hosts)', async () => {
    for (const origin of [ALLOWED, 'http://localhost:5173', 'http://127.0.0.1:8080', 'https://app.test']) {
      const answer = await send('GET', `${T}${HELPER}`, { Authorization: `Bearer ${publishable}`, Origin: origin });
      expect(answer.status, `${origin}: ${answer.text}`).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
      expect(answer.headers.get('vary')).toContain('Origin');
      expect(answer.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
    }
    // Its errors are readable by the page too (a 422 for a bad query).
    const invalid = await send('GET', `${T}/helpers/industries?perPage=1000`, { Authorization: `Bearer ${publishable}`, Origin: ALLOWED });
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('carries no Access-Control-Allow-Origin to an Origin the key does not allow (403), nor to secret keys', async () => {
    const refused = await send('GET', `${T}${HELPER}`, { Authorization: `Bearer ${publishable}`, Origin: 'https://evil.example.org' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const server2server = await send('GET', `${T}${HELPER}`, { Authorization: `Bearer ${account.keys.secretTest}` });
    expect(server2server.status).toBe(200);
    expect(server2server.headers.get('access-control-allow-origin')).toBeNull();
    const secretOnly = await send('GET', `${T}/webhooks`, { Authorization: `Bearer ${account.keys.secretTest}` });
    expect(secretOnly.status).toBe(200);
    expect(secretOnly.headers.get('access-control-allow-origin')).toBeNull();
    const referer = await send('GET', `${T}${HELPER}`, { Authorization: `Bearer ${publishable}`, Referer: `${ALLOWED}/checkout` });
    expect(referer.status).toBe(200);
    expect(referer.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('HEAD where GET exists', () => {
  it('answers HEAD like GET without a body, public and operator', async () => {
    for (const [path, authorization] of [
      [`${T}/webhooks`, `Bearer ${account.keys.secretTest}`],
      [`${T}${HELPER}`, `Bearer ${account.keys.secretTest}`],
      ['/admin/clock', `Bearer ${ADMIN_TOKEN}`],
      [`/admin/accounts/${account.id}`, `Bearer ${ADMIN_TOKEN}`],
    ] as const) {
      const get = await send('GET', path, { Authorization: authorization });
      const head = await send('HEAD', path, { Authorization: authorization });
      expect(head.status, `${path}: ${head.text}`).toBe(get.status);
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(head.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('answers HEAD with the GET refusal (401, 404) and 405 where the path has no GET', async () => {
    expect((await send('HEAD', `${T}/webhooks`)).status).toBe(401);
    const missing = await send('HEAD', `${T}/lodgements/999999`, { Authorization: `Bearer ${account.keys.secretTest}` });
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('');
    const postOnly = await send('HEAD', `${T}/abn/registrations`, { Authorization: `Bearer ${account.keys.secretTest}` });
    expect(postOnly.status).toBe(405);
    expect(postOnly.headers.get('allow')).toBe('POST');
  });
});

describe('paths are case-sensitive', () => {
  it('answers 404 in the shared shape for any other spelling of a prefix or path', async () => {
    const headers = { Authorization: `Bearer ${account.keys.secretTest}` };
    for (const path of [
      '/API/TEST/V2/webhooks',
      '/api/TEST/v2/webhooks',
      '/Api/test/v2/webhooks',
      `${T}/Webhooks`,
      `${T}/WEBHOOKS`,
      `${T}/helpers/Industries`,
    ]) {
      const answer = await send('GET', path, headers);
      expect(answer.status, `${path}: ${answer.text}`).toBe(404);
      expect(isSharedError(answer.body), answer.text).toBe(true);
    }
    const operator = await send('GET', '/ADMIN/clock', { Authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(operator.status).toBe(404);
    const right = await send('GET', `${T}/webhooks`, headers);
    expect(right.status).toBe(200);
    expect(isApiError(right.body)).toBe(false);
  });
});
