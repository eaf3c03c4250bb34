// Scale-out (architecture.md, spec 3.3, D-37): two real `server/main.ts` API processes on one
// throw-away PostgreSQL behave as one. 50 identical applications for one ACN sent at once, split
// across both, create exactly one application (all others answer 200 with its id), and the 15-minute
// polling limit set by a read on one process refuses the next read on the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../../support/harness.js';
import { listeningUrl, spawnServer, stopServer, type ServerProcess } from '../../support/server-process.js';
import { assertPostgres, createThrowawayDatabase, probePostgres, type ThrowawayDatabase } from '../../support/postgres.js';
import { documentExamples } from './support.js';

const WHAT = 'business accounts on two API processes';
const probe = await probePostgres(WHAT);

type Instance = ServerProcess & { url: string };

async function startInstance(databaseUrl: string, name: string): Promise<Instance> {
  // API role only: no worker moves the applications on while the test counts them.
  const server = spawnServer(databaseUrl, name, { role: 'api' });
  return { ...server, url: await listeningUrl(server) };
}

describe.skipIf(!probe.available && !probe.required)(WHAT, () => {
  let database: ThrowawayDatabase | undefined;
  const instances: Instance[] = [];
  let key = '';
  const body = JSON.stringify(documentExamples().company);

  beforeAll(async () => {
    assertPostgres(probe, WHAT);
    database = await createThrowawayDatabase();
    instances.push(...(await Promise.all([startInstance(database.url, 'instance A'), startInstance(database.url, 'instance B')])));
    const response = await fetch(`${instances[0]!.url}/admin/accounts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Two processes',
        ownerEmail: 'owner@example.com',
        plan: 'standard',
        billing: 'card',
        cardStatus: 'valid',
      }),
    });
    expect(response.status).toBe(201);
    key = ((await response.json()) as { keys: { secretTest: string } }).keys.secretTest;
  }, 240_000);

  afterAll(async () => {
    await Promise.all(instances.map(stopServer));
    await database?.drop();
  }, 30_000);

  const call = async (instance: Instance, method: string, path: string, payload?: string) => {
    const response = await fetch(`${instance.url}/api/test/v2${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(payload ? { 'Content-Type': 'application/json' } : {}) },
      ...(payload ? { body: payload } : {}),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  };

  it('50 concurrent identical applications across both processes create one application', async () => {
    const [a, b] = instances as [Instance, Instance];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => call(i % 2 === 0 ? a : b, 'POST', '/business-accounts', body)));
    const created = answers.filter((answer) => answer.status === 201);
    expect(created).toHaveLength(1);
    const requestId = created[0]!.body.requestId as number;
    const duplicates = answers.filter((answer) => answer.status === 200);
    expect(duplicates).toHaveLength(49);
    for (const duplicate of duplicates) expect(duplicate.body).toEqual({ requestId, status: 'new' });

    // The polling limit is shared too: a read on A makes the next read on B wait.
    expect((await call(a, 'GET', `/business-accounts/status/${requestId}`)).status).toBe(200);
    const onB = await call(b, 'GET', `/business-accounts/status/${requestId}`);
    expect(onB.status).toBe(429);
    expect(Number(onB.headers.get('retry-after'))).toBe(900);
    expect(onB.body).toEqual({ errors: [expect.any(String)] });
  });
});
