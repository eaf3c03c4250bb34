// How the worker sends webhooks: a queued delivery wakes an idle worker at once (no wait
// for the next poll), attempts to one endpoint reuse a kept-alive connection, and the worker sends
// to several endpoints at once while never holding more than SVC_WEBHOOK_ENDPOINT_CONCURRENCY
// requests open to any one of them, so a slow receiver delays only its own deliveries.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../../server/store/schema/index.js';
import { startWorker, type Worker } from '../../../server/jobs/runner.js';
import type { TestServer } from '../../support/harness.js';
import { createEndpoint, emit, runDue, startDeliveryServer } from './delivery.support.js';

interface Arrival {
  path: string;
  remotePort: number;
}

/** A receiver that answers 204 after `delayMs` and keeps count of the requests open per path. */
async function countingReceiver(delayMs: number | ((path: string) => number) = 0) {
  const arrivals: Arrival[] = [];
  const open = new Map<string, number>();
  const most = new Map<string, number>();
  let openTotal = 0;
  let mostTotal = 0;
  const http: Server = createServer((req, res) => {
    const path = req.url ?? '';
    arrivals.push({ path, remotePort: req.socket.remotePort ?? 0 });
    open.set(path, (open.get(path) ?? 0) + 1);
    most.set(path, Math.max(most.get(path) ?? 0, open.get(path)!));
    openTotal++;
    mostTotal = Math.max(mostTotal, openTotal);
    res.on('close', () => {
      open.set(path, open.get(path)! - 1);
      openTotal--;
    });
    req.resume();
    req.on('end', () => setTimeout(() => res.writeHead(204).end(), typeof delayMs === 'number' ? delayMs : delayMs(path)));
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    arrivals,
    most,
    mostTotal: () => mostTotal,
    close: () => {
      http.closeAllConnections();
      return new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

async function waitFor(what: string, done: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(env: Record<string, string> = {}, delayMs: number | ((path: string) => number) = 0) {
  const server: TestServer = await startDeliveryServer({ env });
  cleanups.push(() => server.close());
  const receiver = await countingReceiver(delayMs);
  cleanups.push(() => receiver.close());
  const account = await server.createAccount();
  return { server, receiver, account };
}

describe('the webhook worker', () => {
  it('wakes at once when a delivery is queued, not at its next poll', async () => {
    const { server, receiver, account } = await setUp();
    await createEndpoint(server, account, `${receiver.url}/hooks`);
    // Polls once a minute: only the queued job's notification can make it deliver within seconds.
    const worker: Worker = startWorker(server.deps, server.built.jobs, { intervalMs: 60_000, changes: server.changes });
    cleanups.push(() => worker.stop());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const queuedAt = Date.now();
    await emit(server, account);
    await waitFor('the delivery', () => receiver.arrivals.length === 1);
    expect(Date.now() - queuedAt).toBeLessThan(2_000);
  });

  it('sends the next attempt to an endpoint over the connection the last one left open', async () => {
    const { server, receiver, account } = await setUp();
    await createEndpoint(server, account, `${receiver.url}/hooks`);
    await emit(server, account);
    await runDue(server);
    // undici marks the connection free again on the next turn of the event loop; the embedded
    // database answers without one, so let a turn pass as any real gap between attempts does.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await emit(server, account);
    await runDue(server);
    expect(receiver.arrivals).toHaveLength(2);
    expect(receiver.arrivals[1]!.remotePort).toBe(receiver.arrivals[0]!.remotePort);
  });

  it('sends to several endpoints at once, never more than the bound to one', async () => {
    const { server, receiver, account } = await setUp({ SVC_WEBHOOK_ENDPOINT_CONCURRENCY: '2' }, 150);
    await createEndpoint(server, account, `${receiver.url}/a`);
    await createEndpoint(server, account, `${receiver.url}/b`);
    for (let i = 0; i < 4; i++) await emit(server, account);
    await runDue(server);
    expect(receiver.arrivals).toHaveLength(8);
    expect(receiver.most.get('/a')).toBe(2);
    expect(receiver.most.get('/b')).toBe(2);
    expect(receiver.mostTotal()).toBe(4);
  });

  it('lets a slow endpoint hold only its own slots: the others are delivered and recorded meanwhile', async () => {
    const { server, receiver, account } = await setUp({ SVC_WEBHOOK_ENDPOINT_CONCURRENCY: '2' }, (path) => (path === '/slow' ? 2_000 : 0));
    await createEndpoint(server, account, `${receiver.url}/slow`);
    const fast = await createEndpoint(server, account, `${receiver.url}/fast`);
    for (let i = 0; i < 3; i++) await emit(server, account);
    const started = Date.now();
    const running = runDue(server);
    const fastDone = async (): Promise<number> => {
      const rows = await server.deps.db
        .select({ status: webhookDeliveries.status })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, fast.id));
      return rows.filter((row) => row.status === 'succeeded').length;
    };
    while ((await fastDone()) < 3) {
      if (Date.now() - started > 10_000) throw new Error('the fast endpoint was not served');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // All three fast ones settled before the first slow answer came back.
    expect(Date.now() - started).toBeLessThan(1_500);
    await running;
    expect(receiver.most.get('/slow')).toBe(2);
    expect(receiver.arrivals.filter((arrival) => arrival.path === '/slow')).toHaveLength(3);
  });
});
