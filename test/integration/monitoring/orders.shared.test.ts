// Orders under real concurrency: two API processes and two workers on one PostgreSQL. 100 concurrent
// identical live orders with one Idempotency-Key, spread over both APIs, make one set of entities and
// one ledger charge; 8 concurrent orders with their own keys all go through, once each (an order that
// overlaps another's transaction waits for the account's order lock instead of answering 409); two
// different concurrent orders for the same company make one entity, the other order being refused
// (`already_monitored`) with nothing charged for it. Every process must end without pg's warning
// about two queries at once on one client (stopServer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acnFrom } from '../../support/generated-companies.js';
import { ADMIN_TOKEN } from '../../support/harness.js';
import { assertPostgres, createThrowawayDatabase, probePostgres, type ThrowawayDatabase } from '../../support/postgres.js';
import { listeningUrl, spawnServer, stopServer, type ServerProcess } from '../../support/server-process.js';

const WHAT = 'monitoring orders from two API processes and two workers on one PostgreSQL';
const probe = await probePostgres(WHAT);

interface Answer {
  status: number;
  replayed: boolean;
  body: Record<string, unknown>;
}

describe.skipIf(!probe.available && !probe.required)(WHAT, () => {
  let database: ThrowawayDatabase | undefined;
  const processes: ServerProcess[] = [];
  const apis: string[] = [];

  beforeAll(async () => {
    assertPostgres(probe, WHAT);
    database = await createThrowawayDatabase();
    // The per-account limit of 60 monitoring requests a minute (D-42) would answer most of the 100
    // with 429; this test is about what the orders do, so the processes get a larger budget.
    const env = { SVC_RATE_LIMIT_MULTIPLIER: '10' };
    // The first process migrates the database; the others start once it is listening.
    const first = spawnServer(database.url, 'API 1', { role: 'api', env });
    processes.push(first);
    apis.push(await listeningUrl(first));
    const second = spawnServer(database.url, 'API 2', { role: 'api', env });
    processes.push(
      second,
      spawnServer(database.url, 'worker 1', { role: 'worker', env }),
      spawnServer(database.url, 'worker 2', { role: 'worker', env }),
    );
    apis.push(await listeningUrl(second));
  }, 300_000);

  afterAll(async () => {
    await Promise.all(processes.map(stopServer));
    await database?.drop();
  }, 60_000);

  async function admin<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${apis[0]}${path}`, {
      method,
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return (await response.json()) as T;
  }

  async function orderAt(base: string, key: string, body: unknown, idempotencyKey?: string): Promise<Answer> {
    const response = await fetch(`${base}/api/v2/monitoring/entities`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      replayed: response.headers.get('idempotent-replayed') === 'true',
      body: (await response.json()) as Record<string, unknown>,
    };
  }

  async function newAccount(plan: 'standard' | 'enterprise' = 'standard'): Promise<{ id: string; key: string }> {
    const created = await admin<{ account: { id: string }; keys: { secretLive: string } }>('POST', '/admin/accounts', {
      name: 'Concurrent Pty Ltd',
      ownerEmail: 'owner@example.com',
      plan,
      billing: 'card',
      cardStatus: 'valid',
    });
    return { id: created.account.id, key: created.keys.secretLive };
  }

  async function stateOf(account: { id: string; key: string }) {
    const charges = await admin<{ data: { amount: number; kind: string }[] }>('GET', `/admin/accounts/${account.id}/charges`);
    const listed = await fetch(`${apis[1]}/api/v2/monitoring/entities?perPage=100`, {
      headers: { Authorization: `Bearer ${account.key}` },
    });
    const entities = ((await listed.json()) as { data: { id: number; acn: string; reference: string | null }[] }).data;
    return { charges: charges.data, entities };
  }

  it('100 concurrent identical orders with one Idempotency-Key: one set of entities, one charge', async () => {
    const account = await newAccount();
    const body = { entities: [{ acn: '100000011' }, { abn: '53900000001' }, { acn: '100000020', reference: 'c' }] };
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => orderAt(apis[i % 2]!, account.key, body, 'one-order-key')));
    const created = answers.filter((a) => a.status === 201 && !a.replayed);
    expect(created, JSON.stringify(answers.filter((a) => a.status !== 201 && a.status !== 409))).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 201) expect(answer.body).toStrictEqual(created[0]!.body);
      else {
        expect(answer.status).toBe(409);
        expect(answer.body.error).toBe('request_in_progress');
      }
    }
    const { charges, entities } = await stateOf(account);
    expect(charges.map((c) => [c.kind, c.amount])).toStrictEqual([['monitoring_order', 5400]]);
    expect(entities.map((e) => e.id).sort()).toStrictEqual((created[0]!.body.entities as { id: number }[]).map((e) => e.id).sort());
  });

  it('8 concurrent orders of one account with their own keys all succeed, once each, and each is charged once', async () => {
    // Enterprise: register lookups are uncapped (D-43), so no lookup budget row orders the requests.
    const account = await newAccount('enterprise');
    // Four companies an order, so that the orders' transactions overlap.
    const orders = Array.from({ length: 8 }, (_, i) => ({
      entities: Array.from({ length: 4 }, (_, j) => ({ acn: acnFrom(51_000_000 + i * 10 + j), reference: `order-${i}` })),
    }));
    const answers = await Promise.all(orders.map((body, i) => orderAt(apis[i % 2]!, account.key, body, `distinct-${i}`)));
    expect(
      answers.map((a) => a.status),
      JSON.stringify(answers.filter((a) => a.status !== 201).map((a) => a.body)),
    ).toStrictEqual(orders.map(() => 201));
    // Retried with the same keys on the other process: every answer is replayed, nothing runs again.
    const retried = await Promise.all(orders.map((body, i) => orderAt(apis[(i + 1) % 2]!, account.key, body, `distinct-${i}`)));
    retried.forEach((answer, i) => {
      expect(answer.replayed).toBe(true);
      expect(answer.body).toStrictEqual(answers[i]!.body);
    });
    const { charges, entities } = await stateOf(account);
    expect(charges.map((c) => [c.kind, c.amount])).toStrictEqual(orders.map(() => ['monitoring_order', 4 * 1800]));
    expect(entities.map((e) => e.acn).sort()).toStrictEqual(orders.flatMap((o) => o.entities.map((e) => e.acn)).sort());
  });

  it('two different concurrent orders for the same company make one entity; the other is refused and not charged', async () => {
    for (let round = 0; round < 5; round++) {
      const account = await newAccount();
      const [a, b] = await Promise.all([
        orderAt(apis[0]!, account.key, { entities: [{ acn: '100000048', reference: 'first' }] }),
        orderAt(apis[1]!, account.key, { entities: [{ acn: '100000048', reference: 'second' }, { acn: '100000039' }] }),
      ]);
      const statuses = [a.status, b.status].sort();
      const refused = a.status === 201 ? b : a;
      expect(statuses[0]).toBe(201);
      expect(statuses[1], JSON.stringify(refused.body)).not.toBe(201);
      expect(refused.status).toBe(422);
      expect((refused.body.errors as Record<string, { code: string }[]>)['entities.0']![0]!.code).toBe('already_monitored');
      const { charges, entities } = await stateOf(account);
      expect(entities.filter((e) => e.acn === '100000048')).toHaveLength(1);
      expect(charges).toHaveLength(1);
    }
  });
});
