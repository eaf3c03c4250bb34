// Requests Node's HTTP parser refuses before Express sees them (D-13): a control character in
// `Idempotency-Key` is answered in the error shape of the operation the request line names, as the
// document declares that operation's 400, with JSON and an X-Request-Id; without a path the service
// knows, the shared shape. Raw bytes over node:net, against a real listening server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness.js';
import { exchange, openSocket, responseValidator, type RawAnswer } from '../support/raw-socket.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ record: false });
});
afterAll(async () => {
  await server?.close();
});

/** A POST whose Idempotency-Key holds U+0001: Node refuses the header ("Malformed HTTP request"). */
async function malformed(path: string, method = 'POST'): Promise<RawAnswer> {
  const head =
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer svc_sk_test_x\r\n` +
    'Idempotency-Key: key\x01with-a-control\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}';
  return exchange(await openSocket(server.url), head);
}

describe("a control character in Idempotency-Key: the operation's documented 400", () => {
  it.each([
    ['openapi.json', '/webhooks', '/api/test/v2/webhooks'],
    ['openapi.json', '/abn/registrations', '/api/test/v2/abn/registrations'],
    ['openapi.json', '/ppsr/searches', '/api/v2/ppsr/searches'],
    ['openapi.json', '/monitoring/entities/renew', '/api/test/v2/monitoring/entities/renew'],
    ['openapi.json', '/webhooks/{id}/rotate-secret', '/api/test/v2/webhooks/whe_123/rotate-secret?x=1'],
    ['openapi.json', '/asic-484-forms', '/api/test/v2/asic-484-forms'],
    ['admin.openapi.json', '/admin/accounts', '/admin/accounts'],
  ] as const)('%s POST %s', async (file, documentPath, path) => {
    const answer = await malformed(path);
    expect(answer.status).toBe(400);
    expect(responseValidator(file, documentPath, 'post', 400)(answer.body), JSON.stringify(answer.body)).toEqual([]);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['x-request-id']).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(answer.closed).toBe(true);
  });

  it('the ApiError family says bad_request; Form 484 lists it with an empty field', async () => {
    expect((await malformed('/api/test/v2/webhooks')).body).toEqual({ error: 'bad_request', message: 'Malformed HTTP request.' });
    expect((await malformed('/api/test/v2/asic-484-forms')).body).toEqual({
      response: null,
      errors: [{ code: 'bad_request', field: '', message: 'Malformed HTTP request.' }],
    });
  });
});

describe('where no operation can be read, the shared shape', () => {
  it.each([
    ['an unknown path', '/api/test/v2/nowhere'],
    ['a path outside both APIs', '/healthz'],
    ['a method the path does not have', '/api/test/v2/abn/registrations', 'DELETE'],
  ])('%s', async (_label, path, method = 'POST') => {
    const answer = await malformed(path, method);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ errors: ['Malformed HTTP request.'] });
    expect(answer.headers['x-request-id']).toBeTruthy();
  });

  it('a request line that is not HTTP', async () => {
    const answer = await exchange(await openSocket(server.url), 'NOT HTTP AT ALL\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ errors: ['Malformed HTTP request.'] });
  });
});
