// D-42 rate limits through the real pipeline: fixed one-minute windows on the service clock, counted
// in the database. A request is counted once it is authenticated, whatever its handler answers: a
// pending operation's 501 counts like any other answer. Monitoring also has a per-IP budget, so
// each test sends its monitoring requests from its own client addresses (X-Forwarded-For, which this
// server trusts from loopback: SVC_TRUST_PROXY, D-53) and starts on a fresh window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../support/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SVC_TRUST_PROXY: 'loopback' } });
});
afterAll(async () => {
  await server?.close();
});

const MONITORING = '/api/test/v2/monitoring/entities';
// Refused by validation (perPage is 1..100), which comes after the limiter: counted, but cheap.
const HELPER = '/api/test/v2/helpers/industries?perPage=0';
const LODGEMENT = '/api/test/v2/ppsr/searches/1001';

interface Hit {
  status: number;
  headers: Headers;
  body: unknown;
}

async function hit(path: string, key: string, ip?: string): Promise<Hit> {
  const response = await fetch(`${server.url}${path}`, {
    headers: { Authorization: `Bearer ${key}`, ...(ip ? { 'X-Forwarded-For': ip } : {}) },
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** Sends `count` requests, `batch` at a time, and returns every answer in order. */
async function burst(count: number, send: (i: number) => Promise<Hit>, batch = 50): Promise<Hit[]> {
  const out: Hit[] = [];
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    out.push(...(await Promise.all(Array.from({ length: size }, (_, j) => send(start + j)))));
  }
  return out;
}

/** Moves the manual clock to the start of the next one-minute window. */
async function nextWindow(): Promise<void> {
  const now = server.clock.now().getTime();
  const seconds = (60_000 - (now % 60_000)) / 1000;
  const moved = await server.admin('POST', '/admin/clock/advance', { seconds });
  expect(moved.status).toBe(200);
  expect(server.clock.now().getTime() % 60_000).toBe(0);
}

async function addTestKey(account: TestAccount): Promise<string> {
  const created = await server.admin<{ secret: string }>('POST', `/admin/accounts/${account.id}/keys`, {
    type: 'secret',
    environment: 'test',
  });
  expect(created.status).toBe(201);
  return created.body.secret;
}

function expectRefused(answer: Hit, limit: number, retryAfter: number): void {
  expect(answer.status).toBe(429);
  expect(answer.headers.get('retry-after')).toBe(String(retryAfter));
  expect(answer.headers.get('ratelimit-limit')).toBe(String(limit));
  expect(answer.headers.get('ratelimit-remaining')).toBe('0');
  expect(answer.headers.get('ratelimit-reset')).toBe(String(retryAfter));
  expect(answer.body).toEqual({ errors: [expect.stringContaining(`${limit} requests per minute`)] });
}

/** Let through the limiter: authenticated, not refused, and told its budget (whatever the handler said). */
function admitted(answer: Hit): boolean {
  return ![401, 403, 429].includes(answer.status) && answer.headers.get('ratelimit-limit') !== null;
}

function expectAdmitted(answers: Hit[]): void {
  expect(answers.filter((a) => !admitted(a)).map((a) => a.status)).toEqual([]);
}

function statuses(answers: Hit[]): number[] {
  return [...new Set(answers.map((a) => a.status))];
}

describe('rate limits (D-42)', () => {
  it('monitoring: 60 per minute per account, counted even for pending operations, then 429 with the IETF headers', async () => {
    await nextWindow();
    const account = await server.createAccount();
    // Three client addresses, so only the account budget can trip.
    const answers = await burst(60, (i) => hit(MONITORING, account.keys.secretTest, `203.0.113.${1 + (i % 2)}`));
    expectAdmitted(answers);
    const remaining = answers.map((a) => Number(a.headers.get('ratelimit-remaining'))).sort((a, b) => b - a);
    expect(remaining[0]).toBe(59);
    expect(remaining.at(-1)).toBe(0);
    expect(answers.every((a) => a.headers.get('ratelimit-limit') === '60' && a.headers.get('ratelimit-reset') === '60')).toBe(true);
    expect(answers.every((a) => a.headers.get('retry-after') === null)).toBe(true);

    expectRefused(await hit(MONITORING, account.keys.secretTest, '203.0.113.3'), 60, 60);
    // Another account from a fresh address is not affected.
    const other = await server.createAccount();
    expect(admitted(await hit(MONITORING, other.keys.secretTest, '203.0.113.4'))).toBe(true);
  });

  it('monitoring: 60 per minute per client IP across accounts, whichever trips first', async () => {
    await nextWindow();
    const [a, b, c] = await Promise.all([server.createAccount(), server.createAccount(), server.createAccount()]);
    const ip = '198.51.100.7';
    const answers = await burst(60, (i) => hit(MONITORING, (i % 2 === 0 ? a! : b!).keys.secretTest, ip));
    expectAdmitted(answers);
    // Account c has used nothing, but its caller's address has.
    expectRefused(await hit(MONITORING, c!.keys.secretTest, ip), 60, 60);
    expect(admitted(await hit(MONITORING, c!.keys.secretTest, '198.51.100.8'))).toBe(true);
  });

  it('Retry-After and RateLimit-Reset count the seconds left in the window on the service clock', async () => {
    await nextWindow();
    expect((await server.admin('POST', '/admin/clock/advance', { seconds: 15 })).status).toBe(200);
    const account = await server.createAccount();
    const answers = await burst(60, () => hit(MONITORING, account.keys.secretTest, '192.0.2.10'));
    expectAdmitted(answers);
    expect(answers[0]!.headers.get('ratelimit-reset')).toBe('45');
    expectRefused(await hit(MONITORING, account.keys.secretTest, '192.0.2.10'), 60, 45);
  });

  it('helpers: 1,200 per minute per key; another key of the same account has its own budget', async () => {
    await nextWindow();
    const account = await server.createAccount();
    const answers = await burst(1200, () => hit(HELPER, account.keys.secretTest), 100);
    expectAdmitted(answers);
    expect(answers.every((a) => a.headers.get('ratelimit-limit') === '1200')).toBe(true);
    expectRefused(await hit(HELPER, account.keys.secretTest), 1200, 60);
    const second = await addTestKey(account);
    const fresh = await hit(HELPER, second);
    expect(admitted(fresh)).toBe(true);
    expect(fresh.headers.get('ratelimit-remaining')).toBe('1199');
  });

  it('lodgement class: 600 per minute per account, shared by all its keys', async () => {
    await nextWindow();
    const account = await server.createAccount();
    const second = await addTestKey(account);
    const answers = await burst(
      600,
      (i) => hit(i % 2 === 0 ? LODGEMENT : '/api/test/v2/business-accounts/status/1001', i % 3 === 0 ? second : account.keys.secretTest),
      100,
    );
    expectAdmitted(answers);
    expect(answers.every((a) => a.headers.get('ratelimit-limit') === '600')).toBe(true);
    expectRefused(await hit(LODGEMENT, second), 600, 60);
    expectRefused(await hit(LODGEMENT, account.keys.secretTest), 600, 60);
    // Another account is not affected.
    const other = await server.createAccount();
    expect(admitted(await hit(LODGEMENT, other.keys.secretTest))).toBe(true);
  });

  it('moving the manual clock to the next minute restores every budget', async () => {
    await nextWindow();
    const account = await server.createAccount();
    const ip = '192.0.2.20';
    expectAdmitted(await burst(60, () => hit(MONITORING, account.keys.secretTest, ip)));
    expect((await hit(MONITORING, account.keys.secretTest, ip)).status).toBe(429);

    // Still the same window 59 seconds in.
    expect((await server.admin('POST', '/admin/clock/advance', { seconds: 59 })).status).toBe(200);
    expectRefused(await hit(MONITORING, account.keys.secretTest, ip), 60, 1);

    expect((await server.admin('POST', '/admin/clock/advance', { seconds: 1 })).status).toBe(200);
    const restored = await hit(MONITORING, account.keys.secretTest, ip);
    expect(admitted(restored)).toBe(true);
    expect(restored.headers.get('ratelimit-remaining')).toBe('59');
    expect(restored.headers.get('ratelimit-reset')).toBe('60');
  });

  it('does not count requests that fail authentication', async () => {
    await nextWindow();
    const account = await server.createAccount();
    const ip = '192.0.2.30';
    const refused = await burst(70, () => hit(MONITORING, 'svc_sk_test_000000000000000000000000000000zz', ip));
    expect(statuses(refused)).toEqual([401]);
    const first = await hit(MONITORING, account.keys.secretTest, ip);
    expect(admitted(first)).toBe(true);
    expect(first.headers.get('ratelimit-remaining')).toBe('59');
  });
});
