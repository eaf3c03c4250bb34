// One manual clock across processes (sandbox.md "Clock and jobs"): `--role api` and
// `--role worker` run as two processes on one PostgreSQL with SVC_CLOCK=manual. The API's
// `POST /admin/clock/advance` moves the clock kept in the database, so the worker process delivers a
// webhook that came due at the new time at once, without a second advance.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, TEST_START } from '../../support/harness.js';
import { listeningUrl, spawnServer, stopServer, type ServerProcess } from '../../support/server-process.js';
import { assertPostgres, createThrowawayDatabase, probePostgres, type ThrowawayDatabase } from '../../support/postgres.js';

const WHAT = 'one manual clock shared by an API and a worker process';
const probe = await probePostgres(WHAT);

async function waitFor<T>(what: string, probeFn: () => T | undefined, timeoutMs: number, context: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probeFn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${context()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!probe.available && !probe.required)(WHAT, () => {
  let database: ThrowawayDatabase | undefined;
  const instances: ServerProcess[] = [];
  let receiver: Server | undefined;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    assertPostgres(probe, WHAT);
    database = await createThrowawayDatabase();
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await Promise.all(instances.map(stopServer));
    if (receiver) {
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver!.close(() => resolve()));
    }
    await database?.drop();
  }, 30_000);

  it('the worker delivers at the time the API moved the clock to, with no second advance', async () => {
    const api = spawnServer(database!.url, 'API process', { role: 'api', env: { SVC_WEBHOOK_ALLOW_LOCAL: '1' } });
    instances.push(api);
    const base = await listeningUrl(api);
    const worker = spawnServer(database!.url, 'worker process', { role: 'worker', env: { SVC_WEBHOOK_ALLOW_LOCAL: '1' } });
    instances.push(worker);

    const call = async <T>(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: T }> => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as T };
    };

    const account = await call<{ account: { id: string }; keys: { secretTest: string } }>('POST', '/admin/accounts', ADMIN_TOKEN, {
      name: 'Split roles',
      ownerEmail: 'owner@example.com',
      plan: 'standard',
      billing: 'card',
      cardStatus: 'valid',
    });
    expect(account.status).toBe(201);
    const hook = `http://127.0.0.1:${(receiver!.address() as AddressInfo).port}/hook`;
    const endpoint = await call('POST', '/api/test/v2/webhooks', account.body.keys.secretTest, {
      url: hook,
      eventTypes: ['company_registration.status_changed'],
    });
    expect(endpoint.status).toBe(201);

    const advanced = await call<{ now: string }>('POST', '/admin/clock/advance', ADMIN_TOKEN, { seconds: 3600 });
    expect(advanced.status).toBe(200);
    const later = new Date(TEST_START.getTime() + 3600_000);
    expect(advanced.body.now).toBe(later.toISOString());

    // A status change now: its delivery is due at TEST_START + 1 h, which only a worker that reads the
    // shared clock considers due. The API process runs no worker (--role api).
    const lodgement = await call<{ requestId: string }>('POST', '/admin/lodgements', ADMIN_TOKEN, {
      accountId: account.body.account.id,
      environment: 'test',
      kind: 'company_registration',
      entityName: 'SPLIT ROLES PTY LTD',
    });
    expect(lodgement.status).toBe(201);
    const moved = await call('POST', `/admin/lodgements/${lodgement.body.requestId}/status`, ADMIN_TOKEN, { status: 'manual review' });
    expect(moved.status).toBe(200);

    const delivery = await waitFor(
      'the worker process to deliver',
      () => received[0],
      20_000,
      () => `API:\n${api.output()}\nworker:\n${worker.output()}`,
    );
    // Signed with the time of sending (D-62), not the moved clock; the payload keeps the service's time.
    expect(Math.abs(Number(delivery.headers['webhook-timestamp']) * 1000 - Date.now())).toBeLessThan(60_000);
    expect(JSON.parse(delivery.body)).toMatchObject({ requestId: lodgement.body.requestId, status: 'manual review' });
  });
});
