// `svc listen` when the connection breaks (D-83): against a stand-in for the service's three listen
// operations, whose collect first drops the connection, then answers 503, then hands out one
// attempt. The command reconnects with growing waits (1 s, 2 s), forwards the attempt with its
// headers and exact body, reports the local answer, and ends with 0 on Ctrl-C. The waits are the
// test's (recorded, not slept): nothing here depends on speed.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../packages/cli/src/built-ins.js';
import { main } from '../../../packages/cli/src/main.js';

const SESSION = {
  id: 'ls_7hQ2mX9kP4vN8sL3tR6wY1zB',
  deviceName: 'unit-laptop',
  eventTypes: ['*'],
  secret: 'whsec_Q2hjK8sLm4Np7Rt1Vw5Xy9Zb3Cd6Fg0H',
  resumed: false,
  pendingDeliveries: 0,
  consecutiveFailures: 0,
  createdAt: '2026-11-22T03:05:00Z',
  updatedAt: '2026-11-22T03:05:00Z',
};
const BODY = '{"event":"monitoring.expired","deliveryId":"dlv_1","entityId":7}';
const ATTEMPT = {
  attemptId: 'la_5bN8cV2xZ7mQ4wE9rT1yU6iO',
  deliveryId: 'dlv_1',
  eventType: 'monitoring.expired',
  attemptNumber: 1,
  leaseExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  headers: {
    'Content-Type': 'application/json',
    'webhook-id': 'dlv_1',
    'webhook-signature': 'v1,abc=',
    'X-Svc-Event': 'monitoring.expired',
  },
  body: BODY,
};

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => handler(req, body, res));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const json = (res: ServerResponse, status: number, body: unknown): void =>
  void res.writeHead(status, { 'Content-Type': 'application/json', 'X-Request-Id': 'req_unit' }).end(JSON.stringify(body));

describe('svc listen when the connection breaks', () => {
  it('reconnects with backoff, then forwards the attempt as signed and reports the answer; Ctrl-C ends it with 0', async () => {
    const forwarded: { headers: IncomingMessage['headers']; body: string }[] = [];
    const app = await serve((req, body, res) => {
      forwarded.push({ headers: req.headers, body });
      res.writeHead(202).end();
    });
    const reports: unknown[] = [];
    const interrupt = new AbortController();
    let collects = 0;
    const api = await serve((req, body, res) => {
      const path = new URL(req.url!, 'http://x').pathname;
      if (req.method === 'POST' && path === '/api/test/v2/cli/listen-sessions') return json(res, 201, SESSION);
      if (req.method === 'GET' && path === `/api/test/v2/cli/listen-sessions/${SESSION.id}/deliveries`) {
        collects += 1;
        if (collects === 1) return void req.socket.destroy();
        if (collects === 2) return json(res, 503, { error: 'unavailable', message: 'Try again.' });
        if (collects === 3) return json(res, 200, { data: [ATTEMPT] });
        return json(res, 200, { data: [] });
      }
      if (req.method === 'POST' && path === `/api/test/v2/cli/listen-sessions/${SESSION.id}/attempts/${ATTEMPT.attemptId}`) {
        reports.push(JSON.parse(body));
        json(res, 200, {
          attemptId: ATTEMPT.attemptId,
          deliveryId: 'dlv_1',
          attemptNumber: 1,
          deliveryStatus: 'succeeded',
          nextAttemptAt: null,
        });
        // The user presses Ctrl-C once the answer is in.
        setImmediate(() => interrupt.abort());
        return;
      }
      json(res, 404, { error: 'not_found', message: `${req.method} ${path}` });
    });

    let stdout = '';
    let stderr = '';
    const waits: number[] = [];
    const code = await main(['listen', '--forward-to', `${app}/hooks`, '--device-name', 'unit-laptop'], {
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
      env: { SVC_API_KEY: 'svc_sk_test_unit', SVC_BASE_URL: api },
      readStdin: () => Promise.resolve(''),
      interrupted: interrupt.signal,
      version: '0.0.0-test',
      pause: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });

    expect(code).toBe(0);
    expect(stderr).toMatch(
      /^Ready! Your webhook signing secret is whsec_Q2hjK8sLm4Np7Rt1Vw5Xy9Zb3Cd6Fg0H \(listen session ls_7hQ2mX9kP4vN8sL3tR6wY1zB/,
    );
    expect(stderr).toMatch(/lost the connection to the service \(\S+\); reconnecting in 1 s\n/);
    expect(stderr).toMatch(/lost the connection to the service \(status 503\); reconnecting in 2 s\n/);
    expect(stderr).toMatch(/reconnected\n/);
    expect(waits).toEqual([1000, 2000]);
    expect(forwarded).toHaveLength(1);
    expect(forwarded[0]!.body).toBe(BODY);
    expect(forwarded[0]!.headers).toMatchObject({
      'webhook-id': 'dlv_1',
      'webhook-signature': 'v1,abc=',
      'x-svc-event': 'monitoring.expired',
    });
    expect(reports).toEqual([{ status: 202, durationMs: expect.any(Number) }]);
    expect(stdout).toMatch(/--> monitoring\.expired \[dlv_1\] {2}<-- \[202\] POST http:\/\/127\.0\.0\.1:\d+\/hooks \d+ ms\n$/);
  });

  it('reports a local app that does not answer as an error, so the sandbox retries it', async () => {
    const interrupt = new AbortController();
    const reports: unknown[] = [];
    let collects = 0;
    // A port nothing listens on stands for the app that is not running.
    const closed = await serve(() => undefined);
    servers.pop()!.close();
    const api = await serve((req, body, res) => {
      const path = new URL(req.url!, 'http://x').pathname;
      if (path.endsWith('/cli/listen-sessions')) return json(res, 200, { ...SESSION, resumed: true, pendingDeliveries: 1 });
      if (path.endsWith('/deliveries')) return json(res, 200, { data: (collects += 1) === 1 ? [ATTEMPT] : [] });
      reports.push(JSON.parse(body));
      json(res, 200, {
        attemptId: ATTEMPT.attemptId,
        deliveryId: 'dlv_1',
        attemptNumber: 1,
        deliveryStatus: 'pending',
        nextAttemptAt: '2026-11-22T03:05:30Z',
      });
      setImmediate(() => interrupt.abort());
    });
    let stdout = '';
    let stderr = '';
    const code = await main(['listen', '--forward-to', `${closed}/hooks`, '--api-key', 'svc_sk_test_unit', '--base-url', api], {
      stdout: (text) => void (stdout += text),
      stderr: (text) => void (stderr += text),
      env: {},
      readStdin: () => Promise.resolve(''),
      interrupted: interrupt.signal,
      version: '0.0.0-test',
      pause: () => Promise.resolve(),
    });
    expect(code).toBe(0);
    expect(stderr).toMatch(/resumed with 1 waiting/);
    expect(reports).toEqual([{ error: expect.stringMatching(/ECONNREFUSED/), durationMs: expect.any(Number) }]);
    expect(stdout).toMatch(/<-- \[error: .*ECONNREFUSED.*\] POST/);
  });
});
