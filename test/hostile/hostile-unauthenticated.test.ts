// Unauthenticated traffic: every 401 is counted per client address (both APIs share the budget) and
// answered 429 past it, but a valid key, token or operator token from the same address still passes
// (D-52); the budget's window runs on real time (the harness's wallClock stands in for it), not the
// service clock. Malformed credentials are never looked up, a blocked address's lookups run one at
// a time, and a refusal sent before the body arrived closes the connection. Client addresses come
// from X-Forwarded-For here, which this server trusts from loopback (SVC_TRUST_PROXY, D-53).
import { Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UNAUTHENTICATED_LIMIT } from '../../server/http/refusal-limit.js';
import { ADMIN_TOKEN, startTestServer, type TestAccount, type TestServer } from '../support/harness.js';
import { isSharedError, rawRequest, type Answer } from '../support/wire.js';

const T = '/api/test/v2';
const WELL_FORMED_UNKNOWN = 'svc_sk_test_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
const KEY_LOOKUP = /api_keys|personal_access_tokens|auth_key_lookup/;

let server: TestServer;
let account: TestAccount;
let token: string;
/** SQL texts (or prepared statement names) sent to the database since the last reset. */
let statements: string[] = [];
/** Key lookups running at once now, and the most seen since the last reset. */
let lookupsInFlight = 0;
let mostLookupsAtOnce = 0;
let slowLookups = false;

beforeAll(async () => {
  server = await startTestServer({ record: false, env: { SVC_TRUST_PROXY: 'loopback' } });
  account = await server.createAccount();
  token = (await server.admin<{ token: string }>('POST', `/admin/accounts/${account.id}/tokens`, { name: 'budget' })).body.token;
  // Every query of the app goes through the drizzle client's `query` (PGlite and pg alike).
  const client = (server.deps.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const query = client.query.bind(client);
  client.query = async (...args: unknown[]) => {
    const first = args[0] as string | { text?: string; name?: string };
    const text = typeof first === 'string' ? first : `${first.name ?? ''} ${first.text ?? ''}`;
    statements.push(text);
    if (!KEY_LOOKUP.test(text)) return query(...args);
    mostLookupsAtOnce = Math.max(mostLookupsAtOnce, ++lookupsInFlight);
    try {
      // A lookup as slow as one over a network, so that lookups running at once overlap here too.
      if (slowLookups) await new Promise((resolve) => setTimeout(resolve, 5));
      return await query(...args);
    } finally {
      lookupsInFlight -= 1;
    }
  };
});
afterAll(async () => {
  await server?.close();
});

/** Moves real time (as the budget reads it) to the start of its next one-minute window. */
function nextWindow(): void {
  const now = server.wallClock.now().getTime();
  server.wallClock.advance((60_000 - (now % 60_000)) / 1000);
}

beforeEach(() => {
  nextWindow();
  statements = [];
  mostLookupsAtOnce = 0;
});

function keyLookups(): string[] {
  return statements.filter((s) => KEY_LOOKUP.test(s));
}

function get(path: string, ip: string, authorization?: string, headers: Record<string, string> = {}): Promise<Answer> {
  return rawRequest(`${server.url}${path}`, 'GET', {
    'X-Forwarded-For': ip,
    ...(authorization !== undefined ? { Authorization: authorization } : {}),
    ...headers,
  });
}

async function inBatches(count: number, send: (i: number) => Promise<Answer>): Promise<Answer[]> {
  const out: Answer[] = [];
  for (let start = 0; start < count; start += 50)
    out.push(...(await Promise.all(Array.from({ length: Math.min(50, count - start) }, (_, j) => send(start + j)))));
  return out;
}

/** Spends the whole budget of `ip` on guesses and checks the next guess is 429 in the shared shape. */
async function exhaust(ip: string): Promise<void> {
  const refused = await inBatches(UNAUTHENTICATED_LIMIT, (i) =>
    get(`${T}/webhooks`, ip, `Bearer ${i % 2 ? WELL_FORMED_UNKNOWN : 'nonsense'}`),
  );
  expect(refused.every((a) => a.status === 401)).toBe(true);
  const limited = await get(`${T}/webhooks`, ip, `Bearer ${WELL_FORMED_UNKNOWN}`);
  expect(limited.status, limited.text).toBe(429);
  expect(isSharedError(limited.body), limited.text).toBe(true);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('the bad-credential budget (D-52)', () => {
  it(`answers ${UNAUTHENTICATED_LIMIT} 401s a minute to one address, then 429 to its bad credentials until the window ends`, async () => {
    const ip = '198.51.100.7';
    await exhaust(ip);
    const guesses = await inBatches(100, (i) => get(`${T}/webhooks`, ip, i % 2 ? `Bearer ${WELL_FORMED_UNKNOWN}` : undefined));
    expect(guesses.every((a) => a.status === 429)).toBe(true);
    // Another address is not affected; the next window restores the first.
    expect((await get(`${T}/webhooks`, '198.51.100.8', `Bearer ${WELL_FORMED_UNKNOWN}`)).status).toBe(401);
    nextWindow();
    expect((await get(`${T}/webhooks`, ip, `Bearer ${WELL_FORMED_UNKNOWN}`)).status).toBe(401);
  });

  it('never refuses a valid secret key, personal access token or operator token from a blocked address', async () => {
    const ip = '198.51.100.12';
    await exhaust(ip);
    for (const prefix of [T, '/api/test/v1']) {
      const good = await get(`${prefix}/webhooks`, ip, `Bearer ${account.keys.secretTest}`);
      expect(good.status, `${prefix}: ${good.text}`).toBe(200);
    }
    expect((await get('/api/test/v1/webhooks', ip, undefined, { 'X-Auth-SVC': account.keys.secretTest })).status).toBe(200);
    expect((await get('/api/test/v1/webhooks', ip, `Bearer ${token}`)).status).toBe(200);
    const operator = await get('/admin/clock', ip, `Bearer ${ADMIN_TOKEN}`);
    expect(operator.status, operator.text).toBe(200);
    // A key the process has not cached is looked up and admitted too (the cache is emptied on any key write).
    server.deps.authCache.clear();
    const mixed = await inBatches(100, (i) => get(`${T}/webhooks`, ip, `Bearer ${i % 10 ? WELL_FORMED_UNKNOWN : account.keys.secretTest}`));
    expect(mixed.map((a) => a.status)).toEqual(Array.from({ length: 100 }, (_, i) => (i % 10 ? 429 : 200)));
    // Other refusals of a known key are the key's (403), never the budget's 429.
    expect((await get('/api/v2/webhooks', ip, `Bearer ${account.keys.secretTest}`)).status).toBe(403);
  });

  it('looks up the guesses of a blocked address one at a time', async () => {
    const ip = '198.51.100.13';
    await exhaust(ip);
    mostLookupsAtOnce = 0;
    statements = [];
    slowLookups = true;
    try {
      const guesses = await Promise.all(Array.from({ length: 40 }, () => get(`${T}/webhooks`, ip, `Bearer ${WELL_FORMED_UNKNOWN}`)));
      expect(guesses.every((a) => a.status === 429)).toBe(true);
      expect(keyLookups().length).toBeGreaterThan(0);
      expect(mostLookupsAtOnce).toBe(1);
      // An address with budget left is not held to one at a time (the spy sees overlap when there is any).
      mostLookupsAtOnce = 0;
      await Promise.all(Array.from({ length: 10 }, () => get(`${T}/webhooks`, '198.51.100.15', `Bearer ${WELL_FORMED_UNKNOWN}`)));
      expect(mostLookupsAtOnce).toBeGreaterThan(1);
    } finally {
      slowLookups = false;
    }
  });

  it('runs its window on real time: a manual service clock that stands still does not keep the block, moving it does not end one', async () => {
    const ip = '198.51.100.14';
    await exhaust(ip);
    // The service clock moves ten minutes; real time has not: still blocked.
    expect((await server.admin('POST', '/admin/clock/advance', { seconds: 600 })).status).toBe(200);
    expect((await get(`${T}/webhooks`, ip, `Bearer ${WELL_FORMED_UNKNOWN}`)).status).toBe(429);
    // Real time reaches the end of the window while the service clock stands still: the block ends.
    nextWindow();
    expect((await get(`${T}/webhooks`, ip, `Bearer ${WELL_FORMED_UNKNOWN}`)).status).toBe(401);
  });

  it('keeps its count when the service clock jumps days ahead and the clean-up job runs (each clock prunes its own windows)', async () => {
    const ip = '198.51.100.16';
    const half = UNAUTHENTICATED_LIMIT / 2;
    const before = await inBatches(half, () => get(`${T}/webhooks`, ip, `Bearer ${WELL_FORMED_UNKNOWN}`));
    expect(before.every((a) => a.status === 401)).toBe(true);
    expect((await server.admin('POST', '/admin/clock/advance', { seconds: 2 * 86_400 })).status).toBe(200);
    expect((await server.admin('POST', '/admin/jobs/idempotency-cleanup/run')).status).toBe(200);
    // A counted request in a new service-clock window (D-42) must not drop the budget's real-time window.
    expect((await get(`${T}/webhooks`, ip, `Bearer ${account.keys.secretTest}`)).status).toBe(200);
    const after = await inBatches(half, () => get(`${T}/webhooks`, ip, `Bearer ${WELL_FORMED_UNKNOWN}`));
    expect(after.every((a) => a.status === 401)).toBe(true);
    expect((await get(`${T}/webhooks`, ip, `Bearer ${WELL_FORMED_UNKNOWN}`)).status).toBe(429);
  });

  it('counts wrong admin tokens in the same budget as the public API', async () => {
    const ip = '198.51.100.9';
    const half = UNAUTHENTICATED_LIMIT / 2;
    const publicRefused = await inBatches(half, () => get(`${T}/helpers/industries`, ip));
    const operatorRefused = await inBatches(half, () => get('/admin/clock', ip, 'Bearer wrong-token'));
    expect([...publicRefused, ...operatorRefused].every((a) => a.status === 401)).toBe(true);
    const limited = await get('/admin/clock', ip, 'Bearer wrong-token');
    expect(limited.status, limited.text).toBe(429);
    expect(isSharedError(limited.body), limited.text).toBe(true);
  });

  it('does not count 403s or successful requests', async () => {
    const ip = '198.51.100.10';
    const answers = await inBatches(UNAUTHENTICATED_LIMIT + 10, (i) =>
      get(`${i % 2 ? '/api/v2' : T}/webhooks`, ip, `Bearer ${account.keys.secretTest}`),
    );
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 403]));
  });
});

describe('malformed credentials are refused without a database lookup', () => {
  it('refuses keys and tokens that cannot be issued ones with 401, looking nothing up', async () => {
    const credentials = [
      'Bearer nonsense',
      'Bearer svc_sk_test_short',
      `Bearer ${WELL_FORMED_UNKNOWN}x`,
      'Bearer svc_xx_test_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345',
      'Basic dXNlcjpwYXNz',
      'Bearer',
    ];
    for (const authorization of credentials)
      for (const prefix of [T, '/api/v2', '/api/test/v1', '/api/v1']) {
        const answer = await get(`${prefix}/webhooks`, '198.51.100.11', authorization);
        expect(answer.status, `${prefix} ${authorization}: ${answer.text}`).toBe(401);
      }
    const token = await get('/api/test/v1/webhooks', '198.51.100.11', 'Bearer svc_pat_tooShort');
    expect(token.status).toBe(401);
    expect(keyLookups()).toEqual([]);
    // A well-formed unknown key is looked up: the spy sees lookups when there are any.
    expect((await get(`${T}/webhooks`, '198.51.100.11', `Bearer ${WELL_FORMED_UNKNOWN}`)).status).toBe(401);
    expect(keyLookups().length).toBeGreaterThan(0);
  });
});

/** Sends raw bytes and resolves with what came back and whether the server closed the socket within `ms`. */
function refusedWithBodyPending(head: string, ms: number): Promise<{ text: string; closedByServer: boolean }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('utf8'), closedByServer: false });
    }, ms);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error),
    );
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text: Buffer.concat(chunks).toString('utf8'), closedByServer: true });
    });
    // The head and the start of a 1 MB body that never comes.
    socket.connect(Number(port), '127.0.0.1', () => socket.write(`${head}Content-Length: 1000000\r\n\r\n{"url":"`));
  });
}

describe('a refusal sent before the body arrived closes the connection', () => {
  const cases = [
    ['no key (401)', `POST ${T}/webhooks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n`, 401],
    [
      'wrong admin token (401)',
      'POST /admin/accounts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer wrong\r\nContent-Type: application/json\r\n',
      401,
    ],
    ['unknown route (404)', `POST ${T}/no-such-thing HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n`, 404],
    ['wrong method (405)', `PUT ${T}/webhooks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n`, 405],
  ] as const;
  for (const [label, head, status] of cases) {
    it(`${label}: answers with Connection: close and closes the socket while the body is still pending`, async () => {
      const { text, closedByServer } = await refusedWithBodyPending(head, 4000);
      expect(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(text).toMatch(/\r\nconnection: close\r\n/i);
      expect(closedByServer, text).toBe(true);
    });
  }

  it('reads the rest of a refused body as it comes, then closes: a client still writing gets its answer, not a reset', async () => {
    const { port } = new URL(server.url);
    const outcome = await new Promise<{ text: string; error?: string; closedAfterBody: boolean }>((resolve) => {
      // Half-open, like a client that keeps writing its body whatever comes back first.
      const socket = new Socket({ allowHalfOpen: true });
      const chunks: Buffer[] = [];
      let error: string | undefined;
      let bodySent = false;
      let closedAfterBody = false;
      socket.on('data', (chunk: Buffer) => {
        const first = chunks.length === 0;
        chunks.push(chunk);
        if (!first) return;
        // The answer came before the body: send the body now, in pieces, as a slow client would.
        let left = 20;
        const next = (): void => {
          if (socket.destroyed) return;
          socket.write(Buffer.alloc(10_000, 'a'));
          if (--left > 0) setTimeout(next, 20);
          else bodySent = true;
        };
        next();
      });
      socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
      socket.on('end', () => {
        closedAfterBody = bodySent;
        socket.end();
      });
      socket.on('close', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), error, closedAfterBody }));
      socket.connect(Number(port), '127.0.0.1', () =>
        socket.write(`POST ${T}/webhooks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200000\r\n\r\n`),
      );
    });
    expect(outcome.text).toMatch(/^HTTP\/1\.1 401 /);
    expect(outcome.text).toMatch(/\r\nconnection: close\r\n/i);
    expect(outcome.error).toBeUndefined();
    expect(outcome.closedAfterBody).toBe(true);
  });

  it('keeps the connection of a refused request whose body already arrived (no needless reconnects)', async () => {
    const answer = await rawRequest(`${server.url}${T}/webhooks`, 'POST', { 'Content-Type': 'application/json' }, '{"url":"x"}');
    expect(answer.status).toBe(401);
    expect(answer.headers.get('connection')).not.toBe('close');
  });
});
