// The hostile-input gate for headers a caller lies in (D-52, D-53, D-54, D-03, D-49): from one client
// address that has spent its whole bad-credential budget, fast-check sends random mixes of every kind
// of credential with spoofed Host, X-Forwarded-For, X-Forwarded-Proto, X-Forwarded-Host, Forwarded,
// Origin and Sec-Fetch-* headers, from a fixed seed. Each answer must be exactly what the rules say:
// - bad or missing credentials: 429, whatever X-Forwarded-For claims (the socket is the address);
// - a valid credential is never refused by the budget (no 429);
// - a secret key, X-Auth-SVC key or personal access token with any browser signal: 403, but a test
//   key from a same-origin page whose Host (and Origin, if sent) is this service's own;
// - a 2xx never names a caller-chosen host, and documentUrl starts with the service's own URL;
// - never a 5xx, always an X-Request-Id.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGULATOR_DECISION_DELAY_SECONDS, REGULATOR_SUBMIT_DELAY_SECONDS } from '../../server/domain/lodgements/regulator-flow.js';
import { UNAUTHENTICATED_LIMIT } from '../../server/http/refusal-limit.js';
import { ADMIN_TOKEN, startTestServer, type TestAccount, type TestServer } from '../support/harness.js';
import { rawRequest, type Answer } from '../support/wire.js';
import { advance, documentExamples, lodge } from '../integration/form484/support.js';

const SEED = 20261126;
const RUNS = 500;
const EVIL = 'evil.example';
const WELL_FORMED_UNKNOWN = 'svc_sk_test_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

type CredentialKind = 'liveKey' | 'testKey' | 'xAuthLive' | 'token' | 'admin' | 'publishable' | 'unknownKey' | 'garbage' | 'none';
type HostKind = 'own' | 'localhost' | 'evil' | 'evilOnPort' | 'garbage';
type OriginKind = 'none' | 'matching' | 'evil' | 'null';

interface Case {
  credential: CredentialKind;
  host: HostKind;
  origin: OriginKind;
  fetchHeaders: Record<string, string>;
  forwarded: Record<string, string>;
}

const fetchHeaders = fc.record(
  {
    'Sec-Fetch-Site': fc.constantFrom('same-origin', 'same-site', 'cross-site', 'none'),
    'Sec-Fetch-Mode': fc.constantFrom('cors', 'navigate', 'no-cors', 'same-origin'),
    'Sec-Fetch-Dest': fc.constantFrom('empty', 'document', 'script'),
    'Sec-Fetch-User': fc.constant('?1'),
  },
  { requiredKeys: [] },
);

const address = fc.oneof(fc.ipV4(), fc.ipV6(), fc.constantFrom('127.0.0.1', 'unknown', '', 'not-an-ip', '1.2.3.4, 5.6.7.8', `${EVIL}`));

const forwarded = fc.record(
  {
    'X-Forwarded-For': address,
    'X-Forwarded-Proto': fc.constantFrom('https', 'http', 'gopher', EVIL),
    'X-Forwarded-Host': fc.constantFrom(EVIL, `${EVIL}:443`),
    'X-Forwarded-Port': fc.constantFrom('1', '443'),
    Forwarded: fc.constantFrom(`host=${EVIL};proto=https`, 'for=203.0.113.9', `for="[2001:db8::1]";host=${EVIL}`),
    'X-Real-IP': address,
  },
  { requiredKeys: [] },
);

const cases: fc.Arbitrary<Case> = fc.record({
  credential: fc.constantFrom<CredentialKind>(
    'liveKey',
    'testKey',
    'xAuthLive',
    'token',
    'admin',
    'publishable',
    'unknownKey',
    'garbage',
    'none',
  ),
  host: fc.constantFrom<HostKind>('own', 'localhost', 'evil', 'evilOnPort', 'garbage'),
  origin: fc.constantFrom<OriginKind>('none', 'matching', 'evil', 'null'),
  fetchHeaders,
  forwarded,
});

describe(`hostile headers from a blocked address (${RUNS} requests, seed ${SEED})`, () => {
  let server: TestServer;
  let account: TestAccount;
  let token: string;
  let port: string;
  let requestId: number;

  beforeAll(async () => {
    server = await startTestServer({ record: false });
    account = await server.createAccount();
    token = (await server.admin<{ token: string }>('POST', `/admin/accounts/${account.id}/tokens`, { name: 'fuzz' })).body.token;
    port = new URL(server.url).port;
    ({ requestId } = await lodge(server, account.keys.secretTest, documentExamples().registeredOffice!));
    await advance(server, REGULATOR_SUBMIT_DELAY_SECONDS);
    await advance(server, REGULATOR_DECISION_DELAY_SECONDS);
    // Spend the whole budget of this client address (the socket's: 127.0.0.1), each guess naming another.
    for (let start = 0; start < UNAUTHENTICATED_LIMIT; start += 50)
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          rawRequest(`${server.url}/api/test/v2/webhooks`, 'GET', {
            Authorization: `Bearer ${WELL_FORMED_UNKNOWN}`,
            'X-Forwarded-For': `198.51.100.${(start + i) % 250}`,
          }),
        ),
      );
  });
  afterAll(async () => server?.close());

  function hostOf(kind: HostKind): string {
    return { own: `127.0.0.1:${port}`, localhost: `localhost:${port}`, evil: EVIL, evilOnPort: `${EVIL}:${port}`, garbage: `${EVIL}/x` }[
      kind
    ];
  }

  function request(c: Case): { path: string; headers: Record<string, string> } {
    const host = hostOf(c.host);
    const headers: Record<string, string> = { Host: host, ...c.forwarded, ...c.fetchHeaders };
    if (c.origin === 'matching') headers.Origin = `http://${host}`;
    if (c.origin === 'evil') headers.Origin = `https://${EVIL}`;
    if (c.origin === 'null') headers.Origin = 'null';
    const bearer = (value: string) => ({ ...headers, Authorization: `Bearer ${value}` });
    switch (c.credential) {
      case 'liveKey':
        return { path: '/api/v2/webhooks', headers: bearer(account.keys.secretLive) };
      case 'testKey':
        return { path: `/api/test/v2/asic-484-forms/${requestId}/status`, headers: bearer(account.keys.secretTest) };
      case 'xAuthLive':
        return { path: '/api/v1/webhooks', headers: { ...headers, 'X-Auth-SVC': account.keys.secretLive } };
      case 'token':
        return { path: '/api/v1/webhooks', headers: bearer(token) };
      case 'admin':
        return { path: '/admin/clock', headers: bearer(ADMIN_TOKEN) };
      case 'publishable':
        return { path: '/api/test/v2/webhooks', headers: bearer(account.keys.publishableTest) };
      case 'unknownKey':
        return { path: '/api/test/v2/webhooks', headers: bearer(WELL_FORMED_UNKNOWN) };
      case 'garbage':
        return { path: '/api/test/v2/webhooks', headers: bearer('nonsense') };
      case 'none':
        return { path: '/api/test/v2/webhooks', headers };
    }
  }

  /** What the rules say the answer is. */
  function expected(c: Case): number {
    if (c.credential === 'unknownKey' || c.credential === 'garbage' || c.credential === 'none') return 429;
    if (c.credential === 'admin') return 200;
    if (c.credential === 'publishable') return 403;
    const fetchNames = Object.keys(c.fetchHeaders);
    const nodeFetchOnly = fetchNames.length === 1 && c.fetchHeaders['Sec-Fetch-Mode'] === 'cors';
    const browser = c.origin !== 'none' || (fetchNames.length > 0 && !nodeFetchOnly);
    if (!browser) return 200;
    if (c.credential !== 'testKey') return 403;
    const ownHost = c.host === 'own' || c.host === 'localhost';
    const console = c.fetchHeaders['Sec-Fetch-Site'] === 'same-origin' && ownHost && (c.origin === 'none' || c.origin === 'matching');
    return console ? 200 : 403;
  }

  it('answers every mix exactly as the rules say, never a 5xx, never a caller-chosen host', async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        // D-42 budgets follow the service clock: move it so 500 requests of one account stay under
        // theirs. The bad-credential block (real time, standing still here) must outlast it.
        if (++sent % 150 === 0) await advance(server, 60);
        const { path, headers } = request(c);
        const answer: Answer = await rawRequest(`${server.url}${path}`, 'GET', headers);
        const label = `${JSON.stringify(c)} -> ${answer.status} ${answer.text.slice(0, 300)}`;
        expect(answer.status, label).toBeLessThan(500);
        expect(answer.headers.get('x-request-id'), label).toBeTruthy();
        expect(answer.status, label).toBe(expected(c));
        if (answer.status === 200) {
          expect(answer.text.toLowerCase(), label).not.toContain(EVIL);
          if (c.credential === 'testKey') {
            const { response } = answer.body as { response: { documentUrl: string } };
            expect(response.documentUrl.startsWith(`${server.url}/documents/`), label).toBe(true);
          }
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(sent).toBe(RUNS);
  });
});
