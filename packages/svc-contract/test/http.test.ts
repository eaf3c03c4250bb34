// sendRequest and connections the server closes with no answer: one resend on a connection of its
// own (a kept-alive socket closed as the request went out), never more.
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendRequest } from '../src/http.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A raw HTTP server that closes the first `drops` connections as soon as a request arrives. */
async function serverDropping(drops: number): Promise<{ url: string; requests: () => number }> {
  let seen = 0;
  server = createServer((socket) => {
    socket.once('data', () => {
      seen += 1;
      if (seen <= drops) socket.destroy();
      else socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}');
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}/x`, requests: () => seen };
}

describe('sendRequest', () => {
  it('sends again once when the connection closed before any answer', async () => {
    const { url, requests } = await serverDropping(1);
    const response = await sendRequest(
      { operationId: 'dropped', method: 'POST', url, headers: { 'content-type': 'application/json' }, body: '{}' },
      5_000,
    );
    expect(response.status).toBe(200);
    expect(requests()).toBe(2);
  });

  it('reports a server that drops the request every time', async () => {
    const { url, requests } = await serverDropping(Number.POSITIVE_INFINITY);
    await expect(sendRequest({ operationId: 'dropped', method: 'GET', url, headers: {} }, 5_000)).rejects.toMatchObject({
      code: 'UND_ERR_SOCKET',
    });
    expect(requests()).toBe(2);
  });
});
