// D-49: a test secret key is accepted from this service's own pages (the sandbox console): the
// browser's Sec-Fetch-Site: same-origin, and an Origin naming the host the request came to. Anything
// else a browser sends with a secret key stays refused (D-03), and live keys are refused always.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../support/harness.js';

describe('secret keys from the service’s own console (D-49)', () => {
  let server: TestServer;
  let account: TestAccount;
  beforeAll(async () => {
    // Browser headers (Sec-Fetch-*) are no partner's traffic: not recorded for the Prism proxy replay.
    server = await startTestServer({ record: false });
    account = await server.createAccount();
  });
  afterAll(async () => server?.close());

  async function call(prefix: string, key: string, headers: Record<string, string>) {
    const response = await fetch(`${server.url}${prefix}/webhooks`, { headers: { Authorization: `Bearer ${key}`, ...headers } });
    return { status: response.status, body: (await response.json()) as unknown, cors: response.headers.get('access-control-allow-origin') };
  }
  const sameOrigin = () => ({ 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors', Origin: server.url });

  it('accepts a test secret key sent by a page of this origin, with no CORS header', async () => {
    const answer = await call('/api/test/v2', account.keys.secretTest, sameOrigin());
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [] });
    expect(answer.cors).toBeNull();
  });

  it('accepts a same-origin GET without Origin (browsers leave it out on same-origin GETs)', async () => {
    const answer = await call('/api/test/v2', account.keys.secretTest, { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors' });
    expect(answer.status).toBe(200);
  });

  it.each([
    ['another site', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'cors', Origin: 'https://evil.example' }],
    ['a sibling origin', { 'Sec-Fetch-Site': 'same-site', 'Sec-Fetch-Mode': 'cors', Origin: 'http://127.0.0.1:1' }],
    [
      'same-origin claimed with a foreign Origin',
      { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors', Origin: 'https://evil.example' },
    ],
    ['an Origin alone', { Origin: 'https://evil.example' }],
  ])('refuses a test secret key from %s (403, D-03)', async (_name, headers) => {
    const answer = await call('/api/test/v2', account.keys.secretTest, headers);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ errors: ['Secret keys must not be used from a browser; use a publishable key.'] });
  });

  it('refuses a live secret key even from this origin', async () => {
    const answer = await call('/api/v2', account.keys.secretLive, {
      'Sec-Fetch-Site': 'same-origin',
      'Sec-Fetch-Mode': 'cors',
      Origin: server.url,
    });
    expect(answer.status).toBe(403);
  });
});
