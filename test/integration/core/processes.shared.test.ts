// Several API processes on one port (`npm start -- --processes N`, server/cluster.ts): every answer is
// the one a single process would give, whichever process a connection reaches. Each request below
// opens a connection of its own, so the primary hands them to the processes in turn: a budget counted
// per process, an inbox or metrics kept per process would show here. A process that dies is replaced.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../support/harness.js';
import { listeningUrl, spawnServer, stopServer, type ServerProcess } from '../../support/server-process.js';
import { assertPostgres, createThrowawayDatabase, probePostgres, type ThrowawayDatabase } from '../../support/postgres.js';

const WHAT = 'two API processes on one port answer as one';
const probe = await probePostgres(WHAT);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One request on a connection of its own (no keep-alive agent). */
function once(base: string, method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body));
  });
}

/** The live child processes of `pid`. */
function childrenOf(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

describe.skipIf(!probe.available && !probe.required)(WHAT, () => {
  let database: ThrowawayDatabase | undefined;
  let server: ServerProcess;
  let base = '';
  let key = '';

  beforeAll(async () => {
    assertPostgres(probe, WHAT);
    database = await createThrowawayDatabase();
    server = spawnServer(database.url, 'two API processes', { env: { SVC_PROCESSES: '2', SVC_WEBHOOK_ALLOW_LOCAL: '1' } });
    base = await listeningUrl(server);
    const created = await once(base, 'POST', '/admin/accounts', ADMIN_TOKEN, {
      name: 'Two processes',
      ownerEmail: 'owner@example.com',
      plan: 'standard',
      billing: 'card',
      cardStatus: 'valid',
    });
    expect(created.status).toBe(201);
    key = (JSON.parse(created.text) as { keys: { secretTest: string } }).keys.secretTest;
  }, 120_000);

  afterAll(async () => {
    if (server) await stopServer(server);
    await database?.drop();
  }, 30_000);

  it('starts two API processes under one primary and says so, naming the rule that chose two (D-84)', () => {
    expect(server.output()).toMatch(/listening on http:\/\/\S+ \(postgres, 2 API processes,/);
    expect(server.output()).toContain('processes: 2 API processes, the job worker in their primary (set by --processes or SVC_PROCESSES)');
    expect(childrenOf(server.child.pid!)).toHaveLength(2);
  });

  it('counts one rate-limit budget: each answer has one fewer left, whichever process gave it', async () => {
    const remaining: number[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await once(base, 'GET', '/api/test/v2/lodgements/999999', key);
      expect(answer.status).toBe(404);
      remaining.push(Number(answer.headers['ratelimit-remaining']));
    }
    expect(remaining.slice(1).map((left, i) => remaining[i]! - left)).toEqual(Array(7).fill(1));
  });

  it('replays an Idempotency-Key from the other process, and shows one webhook inbox', async () => {
    const lodge = (): Promise<Answer> =>
      new Promise((resolve, reject) => {
        const req = request(
          `${base}/api/test/v2/abn/registrations`,
          {
            method: 'POST',
            agent: false,
            headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'two-processes-1' },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk: Buffer) => (text += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
          },
        );
        req.on('error', reject);
        req.end(
          JSON.stringify({
            entityName: 'JANE CITIZEN',
            entityType: 'individual',
            businessAddress: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
            contactEmail: 'jane@example.com',
          }),
        );
      });
    const first = await lodge();
    const again = await lodge();
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(JSON.parse(again.text)).toEqual(JSON.parse(first.text));

    for (const n of [1, 2, 3]) expect((await once(base, 'POST', '/sandbox/webhook-receiver/ok', undefined, `{"n":${n}}`)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const inbox = await once(base, 'GET', '/admin/webhook-receiver/requests', ADMIN_TOKEN);
      expect(inbox.status).toBe(200);
      const bodies = (JSON.parse(inbox.text) as { data: { body: string }[] }).data;
      expect(bodies.map((entry) => entry.body)).toEqual(['{"n":3}', '{"n":2}', '{"n":1}']);
    }
  });

  it('serves /metrics for every process together', async () => {
    const count = (text: string): number =>
      text
        .split('\n')
        .filter((line) => line.startsWith('svc_http_requests_total{'))
        .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
    const before = count((await once(base, 'GET', '/metrics')).text);
    for (let i = 0; i < 6; i++) await once(base, 'GET', '/healthz');
    // The scrape itself was counted once it was answered: the next one sees the six and itself.
    expect(count((await once(base, 'GET', '/metrics')).text)).toBe(before + 7);
  });

  it('replaces an API process that dies', async () => {
    const [victim] = childrenOf(server.child.pid!);
    process.kill(victim!, 'SIGKILL');
    await expect.poll(() => childrenOf(server.child.pid!).filter((pid) => pid !== victim), { timeout: 30_000 }).toHaveLength(2);
    // The primary's log line is written asynchronously: it may reach the pipe after the new process is forked.
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('an API process exited: starting another');
    // The new one listens on the same port: every connection is answered again.
    await expect
      .poll(
        async () =>
          (
            await Promise.all(
              [1, 2, 3, 4].map(() =>
                once(base, 'GET', '/healthz').then(
                  (a) => a.status,
                  () => 0,
                ),
              ),
            )
          ).every((s) => s === 200),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
  });
});
