// How the runner learns the service's today for the examples (D-61, D-73): from the document the
// service serves at its root's /openapi.json (a path prefix of its public URL kept), else from the
// operator clock with a token (Brisbane's date, not UTC's), else not at all: the examples as written.
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { examplesForService, serviceRoot, serviceToday } from '../src/service-today.js';

const DOCUMENT = {
  info: { 'x-examples-date': '2026-11-22' },
  servers: [{ url: 'http://127.0.0.1:4000/api/test/v2' }, { url: 'http://127.0.0.1:4000/api/v2' }],
  paths: { '/x': { post: { requestBody: { content: { 'application/json': { examples: { a: { value: { date: '2026-11-20' } } } } } } } } },
};

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A service under `/sandbox` answering only the routes given. */
async function service(routes: Record<string, unknown>): Promise<string> {
  server = createServer((req, res) => {
    const body = routes[req.url ?? ''];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return `http://127.0.0.1:${address.port}/sandbox/api/test/v2`;
}

const quiet = { timeoutMs: 5_000, log: () => undefined };

describe("the service's today", () => {
  it("is the base URL without the document's server path, a public URL's prefix kept", () => {
    expect(serviceRoot('https://registry.example/sandbox/api/test/v2/', DOCUMENT)).toBe('https://registry.example/sandbox');
    expect(serviceRoot('http://127.0.0.1:4000/api/v2', DOCUMENT)).toBe('http://127.0.0.1:4000');
    expect(serviceRoot('http://127.0.0.1:4010', DOCUMENT, true)).toBe('http://127.0.0.1:4010');
  });

  it("reads x-examples-date of the served document, and moves the examples' dates by the days between", async () => {
    const baseUrl = await service({ '/sandbox/openapi.json': { info: { 'x-examples-date': '2031-11-22' } } });
    expect(await serviceToday(DOCUMENT, { baseUrl, ...quiet })).toEqual({
      today: '2031-11-22',
      from: baseUrl.replace('/api/test/v2', '/openapi.json'),
    });
    const moved = await examplesForService(DOCUMENT, { baseUrl, ...quiet });
    expect(JSON.stringify(moved)).toContain('"date":"2031-11-20"');
    expect(moved.info).toEqual({ 'x-examples-date': '2031-11-22' });
  });

  it("falls back to the operator clock with a token: Brisbane's date at 15:00 UTC is the next day", async () => {
    const baseUrl = await service({ '/sandbox/admin/clock': { now: '2025-11-22T15:30:00Z', mode: 'manual' } });
    expect((await serviceToday(DOCUMENT, { baseUrl, adminToken: 'adm', ...quiet }))?.today).toBe('2025-11-23');
    expect(await serviceToday(DOCUMENT, { baseUrl, ...quiet })).toBeUndefined();
  });

  it('keeps the examples as written, saying so, when the service tells no date', async () => {
    const baseUrl = await service({});
    const lines: string[] = [];
    expect(await examplesForService(DOCUMENT, { baseUrl, timeoutMs: 5_000, log: (line) => lines.push(line) })).toBe(DOCUMENT);
    expect(lines).toEqual([expect.stringMatching(/^examples: kept as written for 2026-11-22; the service told no date/)]);
  });
});
