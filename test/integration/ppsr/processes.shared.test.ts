// PPSR searches on several processes sharing one PostgreSQL (architecture.md "Scale-out"):
// 50 concurrent identical POSTs with one Idempotency-Key, spread over two API processes, make one
// search and one 600-cent ledger entry; and a worker killed with SIGKILL in the middle of a search
// leaves it `processing` only until the lease ends, when another worker completes it; an outage
// switched through one process is seen by the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../support/harness.js';
import { listeningUrl, spawnServer, stopServer, type ServerProcess } from '../../support/server-process.js';
import { assertPostgres, createThrowawayDatabase, probePostgres, type ThrowawayDatabase } from '../../support/postgres.js';

const WHAT = 'PPSR searches on two API processes and workers sharing one PostgreSQL';
const probe = await probePostgres(WHAT);

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

async function call(
  base: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown>, headers: response.headers };
}

async function until<T>(what: string, probeFn: () => Promise<T | undefined>, timeoutMs: number, context: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probeFn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${context()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function newAccount(base: string): Promise<{ id: string; keys: { secretLive: string; secretTest: string } }> {
  const created = await call(base, 'POST', '/admin/accounts', ADMIN_TOKEN, {
    name: 'Scale-out',
    ownerEmail: 'owner@example.com',
    plan: 'standard',
    billing: 'card',
    cardStatus: 'valid',
  });
  expect(created.status).toBe(201);
  return { id: (created.body.account as { id: string }).id, keys: created.body.keys as { secretLive: string; secretTest: string } };
}

describe.skipIf(!probe.available && !probe.required)(WHAT, () => {
  const databases: ThrowawayDatabase[] = [];
  const instances: ServerProcess[] = [];
  const outputs = () => instances.map((p) => `${p.name}:\n${p.output()}`).join('\n');

  beforeAll(() => {
    assertPostgres(probe, WHAT);
  });
  /** One database per test: a job left by one must not keep the other's worker busy. */
  const freshDatabase = async (): Promise<string> => {
    const database = await createThrowawayDatabase();
    databases.push(database);
    return database.url;
  };

  afterAll(async () => {
    await Promise.all(instances.map(stopServer));
    for (const database of databases) await database.drop();
  }, 30_000);

  it('50 concurrent identical POSTs with one Idempotency-Key on two API processes: one search, one charge', async () => {
    const url = await freshDatabase();
    const apiA = spawnServer(url, 'API A', { role: 'api' });
    instances.push(apiA);
    const baseA = await listeningUrl(apiA);
    const apiB = spawnServer(url, 'API B', { role: 'api' });
    const worker = spawnServer(url, 'worker', { role: 'worker' });
    instances.push(apiB, worker);
    const baseB = await listeningUrl(apiB);
    const account = await newAccount(baseA);

    const body = { vin: '1HGCM82633A004352' };
    const headers = { 'Idempotency-Key': 'scale-out-1' };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(i % 2 ? baseB : baseA, 'POST', '/api/v2/ppsr/searches', account.keys.secretLive, body, headers),
      ),
    );
    const statuses = answers.map((a) => a.status);
    // Each answer is the search (the original or a replay) or "the first is still running" (D-18).
    expect(
      statuses.every((s) => s === 201 || s === 409),
      JSON.stringify(statuses),
    ).toBe(true);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.error).toBe('request_in_progress');
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThan(0);
    const ids = new Set(created.map((a) => a.body.requestId));
    expect(ids.size).toBe(1);
    const [requestId] = [...ids] as number[];

    // Once the first has finished, a retry on either process replays it.
    for (const base of [baseA, baseB]) {
      const replay = await call(base, 'POST', '/api/v2/ppsr/searches', account.keys.secretLive, body, headers);
      expect(replay.status).toBe(201);
      expect(replay.body.requestId).toBe(requestId);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
    }
    const charges = await call(baseB, 'GET', `/admin/accounts/${account.id}/charges`, ADMIN_TOKEN);
    expect((charges.body.data as { amount: number; kind: string }[]).map((c) => [c.amount, c.kind])).toEqual([[600, 'ppsr_search']]);
    // One search exists: the next id on this fresh database follows it directly.
    const next = await call(baseA, 'POST', '/api/v2/ppsr/searches', account.keys.secretLive, body);
    expect(next.body.requestId).toBe(requestId! + 1);

    // The worker process completes it on the shared clock.
    const done = await until(
      'the worker to complete the search',
      async () => {
        const read = await call(baseB, 'GET', `/api/v2/ppsr/searches/${requestId}`, account.keys.secretLive);
        return read.body.status === 'completed' ? read : undefined;
      },
      30_000,
      outputs,
    );
    expect((done.body.data as { registrations: unknown[] }).registrations).toHaveLength(1);
    await Promise.all([apiB, worker].map(stopServer));
  }, 180_000);

  it('an outage switched through one API process reaches the other, which keeps the switches in memory', async () => {
    const url = await freshDatabase();
    const apiA = spawnServer(url, 'API A', { role: 'api' });
    const apiB = spawnServer(url, 'API B', { role: 'api' });
    instances.push(apiA, apiB);
    const [baseA, baseB] = [await listeningUrl(apiA), await listeningUrl(apiB)];
    const account = await newAccount(baseA);
    const search = (base: string) =>
      call(base, 'POST', '/api/test/v2/ppsr/searches', account.keys.secretTest, { vin: '1HGCM82633A004352' });
    // B has read (and kept) "up" before the switch.
    expect((await search(baseB)).status).toBe(201);

    for (const [ppsr, status] of [
      ['unavailable', 503],
      ['available', 201],
    ] as const) {
      expect((await call(baseA, 'PATCH', '/admin/register/availability', ADMIN_TOKEN, { ppsr })).status).toBe(200);
      // The process that switched answers by the switch at once; the other within the notification.
      expect((await search(baseA)).status).toBe(status);
      await until('API B to see the switch', async () => ((await search(baseB)).status === status ? true : undefined), 1_000, outputs);
    }
    await Promise.all([apiA, apiB].map(stopServer));
  }, 120_000);

  it('a worker killed with SIGKILL mid-search leaves nothing stuck: another worker completes it after the lease', async () => {
    const lease = { SVC_JOB_LEASE_SECONDS: '2' };
    const url = await freshDatabase();
    const api = spawnServer(url, 'API', { role: 'api', env: lease });
    instances.push(api);
    const base = await listeningUrl(api);
    // This worker's register takes a minute to answer: it is killed while waiting.
    const doomed = spawnServer(url, 'doomed worker', { role: 'worker', env: { ...lease, SVC_SANDBOX_PPSR_DELAY_MS: '60000' } });
    instances.push(doomed);
    const account = await newAccount(base);
    const started = await call(base, 'POST', '/api/test/v2/ppsr/searches', account.keys.secretTest, { acn: '100000011' });
    expect(started.status).toBe(201);
    const path = `/api/test/v2/ppsr/searches/${String(started.body.requestId)}`;
    await until(
      'the first worker to take the search',
      async () => ((await call(base, 'GET', path, account.keys.secretTest)).body.status === 'processing' ? true : undefined),
      60_000,
      outputs,
    );
    const exited = new Promise((resolve) => doomed.child.once('exit', resolve));
    doomed.child.kill('SIGKILL');
    await exited;
    // Dead already: stopServer would wait for an exit that has happened.
    instances.splice(instances.indexOf(doomed), 1);
    expect((await call(base, 'GET', path, account.keys.secretTest)).body.status).toBe('processing');

    const rescuer = spawnServer(url, 'second worker', { role: 'worker', env: lease });
    instances.push(rescuer);
    const done = await until(
      'the second worker to complete the search',
      async () => {
        const read = await call(base, 'GET', path, account.keys.secretTest);
        return read.body.status === 'completed' ? read : undefined;
      },
      60_000,
      outputs,
    );
    const data = done.body.data as { registrations: unknown[]; certificates: unknown[] };
    expect(data.registrations).toHaveLength(3);
    expect(data.certificates).toHaveLength(3);
  }, 180_000);
});
