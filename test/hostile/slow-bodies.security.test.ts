// Slow bodies and too many connections from one address (D-13, docs/running.md "Settings"): a body
// trickled slower than SVC_BODY_TIMEOUT_MS gets a 408 in its operation's error family, as the
// document declares it, and its connection is closed; a body still trickling after an answer that
// did not wait for it (a 401) has its connection closed too; past SVC_MAX_CONNECTIONS_PER_CLIENT a
// new connection from the same address is closed at once. Real sockets against a real listening
// server, with a bound of 300 ms so that nothing waits 30 s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startTestServer, type TestAccount, type TestServer } from '../support/harness.js';
import { exchange, openSocket, responseValidator } from '../support/raw-socket.js';

const BOUND_MS = 300;
const MAX_CONNECTIONS = 4;

let server: TestServer;
let account: TestAccount;

beforeAll(async () => {
  server = await startTestServer({
    record: false,
    env: { SVC_BODY_TIMEOUT_MS: String(BOUND_MS), SVC_MAX_CONNECTIONS_PER_CLIENT: String(MAX_CONNECTIONS) },
  });
  account = await server.createAccount();
});
afterAll(async () => {
  await server?.close();
});

/** Request headers announcing a 10,000-byte JSON body that will arrive one byte every 50 ms. */
function slowPost(path: string, authorization: string): string {
  return (
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\n` +
    'Content-Type: application/json\r\nContent-Length: 10000\r\n\r\n'
  );
}

const TRICKLE = '{"url":"https://example.com/hook","events":["lodgement.status_changed"]'.padEnd(200, ' ');

describe('a body slower than SVC_BODY_TIMEOUT_MS', () => {
  it.each([
    ['public API, ApiError family', 'openapi.json', '/webhooks', '/api/test/v2/webhooks', 'public'],
    ['public API, Form 484 family', 'openapi.json', '/asic-484-forms', '/api/test/v2/asic-484-forms', 'public'],
    ['operator API', 'admin.openapi.json', '/admin/accounts', '/admin/accounts', 'operator'],
  ] as const)('%s: 408 as the document declares it, then the connection closes', async (_label, file, documentPath, path, api) => {
    const authorization = api === 'public' ? `Bearer ${account.keys.secretTest}` : `Bearer ${ADMIN_TOKEN}`;
    const answer = await exchange(await openSocket(server.url), slowPost(path, authorization), { trickle: TRICKLE, everyMs: 50 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(408);
    expect(responseValidator(file, documentPath, 'post', 408)(answer.body)).toEqual([]);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['x-request-id']).toBeTruthy();
    expect(answer.closed).toBe(true);
    // Cut near the bound, not at Node's 5-minute request timeout.
    expect(answer.elapsedMs).toBeLessThan(BOUND_MS + 2_000);
  });

  it('the answer names the family: Form 484 lists request_timeout with an empty field', async () => {
    const answer = await exchange(
      await openSocket(server.url),
      slowPost('/api/test/v2/asic-484-forms', `Bearer ${account.keys.secretTest}`),
      {
        trickle: TRICKLE,
      },
    );
    expect(answer.body).toEqual({ response: null, errors: [{ code: 'request_timeout', field: '', message: expect.any(String) }] });
  });

  it('a body still trickling after a 401 that did not wait for it: the connection is closed', async () => {
    const answer = await exchange(await openSocket(server.url), slowPost('/api/test/v2/webhooks', 'Bearer svc_sk_test_not_a_key'), {
      trickle: TRICKLE,
      waitMs: 5_000,
    });
    expect(answer.status).toBe(401);
    expect(answer.closed).toBe(true);
    expect(answer.elapsedMs).toBeLessThan(BOUND_MS * 2 + 2_000);
  });

  it('a body that arrives in time is answered as usual', async () => {
    const body = JSON.stringify({ vin: '1HGCM82633A004352' });
    const head =
      `POST /api/test/v2/ppsr/searches HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${account.keys.secretTest}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
    const answer = await exchange(await openSocket(server.url), head, { trickle: body, everyMs: 1 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });
});

describe('connections per client address (SVC_MAX_CONNECTIONS_PER_CLIENT)', () => {
  /** A server of its own, reached only by the sockets below (no client pool holds a connection to it). */
  let bounded: TestServer;
  beforeAll(async () => {
    bounded = await startTestServer({ record: false, env: { SVC_MAX_CONNECTIONS_PER_CLIENT: String(MAX_CONNECTIONS) } });
  });
  afterAll(async () => {
    await bounded?.close();
  });

  const healthz = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n';

  it('closes a connection over the bound at once, and takes one again when a slot is free', async () => {
    const held = await Promise.all(Array.from({ length: MAX_CONNECTIONS }, () => openSocket(bounded.url)));
    try {
      // Each held connection is served (it counts, and the bound is not below it).
      for (const socket of held) socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      for (let waited = 0; waited < 3_000 && !held.every((socket) => socket.bytesRead > 0); waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(held.every((socket) => socket.bytesRead > 0 && !socket.destroyed)).toBe(true);

      const over = await openSocket(bounded.url);
      const closedAfter = await new Promise<number>((resolve) => {
        const started = Date.now();
        over.once('close', () => resolve(Date.now() - started));
        over.on('error', () => undefined);
        over.write(healthz);
      });
      expect(closedAfter).toBeLessThan(1_000);
      expect(over.bytesRead).toBe(0);

      held.pop()!.destroy();
      let again: Awaited<ReturnType<typeof exchange>> | undefined;
      for (let attempt = 0; attempt < 20 && again === undefined; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        again = await exchange(await openSocket(bounded.url), healthz).catch(() => undefined);
      }
      expect(again?.status).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
  });
});
