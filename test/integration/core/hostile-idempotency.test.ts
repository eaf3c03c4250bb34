// The hostile-input gate for Idempotency-Key (D-18), as a caller who reuses keys where it should not
// and retries where it should: every operation of the document that takes the header, with its own
// example body.
// - The same key and body sent to /api/test/v1 and then /api/test/v2 (and the reverse) are two
//   requests: the second is never a replay (it would hand back an answer, or an id, of another
//   version), it is 409 `idempotency_key_reused`.
// - A transient answer (429 here: the monitoring budget of D-42 spent) is never stored under the key:
//   once the budget refills, the same key runs the request, and it is then replayed as usual.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicOperationDefinition } from '../../../schemas/common/operation.js';
import { PUBLIC_OPERATIONS } from '../../../schemas/operations.js';
import { loadDocument, operationsOf, type JsonObject, type OperationRef } from '../../support/document.js';
import { firstBodyExample } from '../../support/example-requests.js';
import type { TestAccount, TestServer } from '../../support/harness.js';
import { startWebhookServer } from '../webhooks/endpoints.support.js';

const VERSIONS = ['/api/test/v1', '/api/test/v2'] as const;

interface Parameter {
  name: string;
  in: string;
}

/** The operations that take Idempotency-Key and need no path id: creates and charged POSTs. */
const IDEMPOTENT: OperationRef[] = operationsOf(loadDocument()).filter((op) => {
  const parameters = (op.operation.parameters ?? []) as Parameter[];
  return parameters.some((p) => p.name === 'Idempotency-Key') && !parameters.some((p) => p.in === 'path');
});

let server: TestServer;
beforeAll(async () => {
  server = await startWebhookServer();
});
afterAll(async () => {
  await server?.close();
});

interface Answer {
  status: number;
  replayed: boolean;
  body: Record<string, unknown>;
}

async function post(prefix: string, path: string, account: TestAccount, body: unknown, key: string): Promise<Answer> {
  const response = await fetch(`${server.url}${prefix}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.keys.secretTest}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    replayed: response.headers.get('idempotent-replayed') === 'true',
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

function codeOf(answer: Answer): unknown {
  return answer.body.error ?? (answer.body.errors as { code?: string }[] | undefined)?.[0]?.code;
}

describe('Idempotency-Key across API versions', () => {
  it('covers every idempotent operation without a path id', () => {
    // The definitions that take Idempotency-Key and no path id, read from the one registry.
    const definitions: readonly PublicOperationDefinition[] = Object.values(PUBLIC_OPERATIONS);
    const expected = definitions.filter((def) => def.idempotencyKey && !def.params).map((def) => def.operationId);
    expect(expected.length).toBeGreaterThan(0);
    expect(IDEMPOTENT.map((op) => (op.operation as JsonObject).operationId).sort()).toStrictEqual(expected.sort());
  });

  for (const op of IDEMPOTENT)
    for (const [first, second] of [VERSIONS, [...VERSIONS].reverse()])
      it(`${String(op.operation.operationId)}: ${first} then ${second} with one key and body is never a replay`, async () => {
        const account = await server.createAccount();
        const body = firstBodyExample(op.operation);
        const key = `versions-${first.slice(-2)}-${String(op.operation.operationId)}`;
        const original = await post(first, op.path, account, body, key);
        expect(original.status, JSON.stringify(original.body)).toBeLessThan(500);
        const other = await post(second, op.path, account, body, key);
        expect(other.replayed).toBe(false);
        expect(other.status).toBe(409);
        expect(codeOf(other)).toBe('idempotency_key_reused');
        // Where it was first used, the key still replays its answer.
        const again = await post(first, op.path, account, body, key);
        expect(again.replayed).toBe(original.status < 500);
        expect(again.body).toStrictEqual(original.body);
      });
});

describe('a transient answer is not kept under its key', () => {
  it('429 while the monitoring budget is spent; the same key runs once it refills, then replays', async () => {
    const account = await server.createAccount();
    const order = (n: number) => ({ entities: [{ acn: '100000011', reference: `budget-${n}` }] });
    // Spend this minute's monitoring budget (D-42: 60 per account and 60 per client address) with a
    // request that changes nothing.
    let spent = 0;
    for (let status = 200; status !== 429 && spent <= 61; spent++) {
      const response = await fetch(`${server.url}/api/test/v2/monitoring/entities`, {
        headers: { Authorization: `Bearer ${account.keys.secretTest}` },
      });
      status = response.status;
    }
    expect(spent).toBeLessThanOrEqual(61);
    const refused = await post('/api/test/v2', '/monitoring/entities', account, order(1), 'after-the-budget');
    expect(refused.status).toBe(429);
    await server.admin('POST', '/admin/clock/advance', { seconds: 61 });
    const ran = await post('/api/test/v2', '/monitoring/entities', account, order(1), 'after-the-budget');
    expect(ran.status, JSON.stringify(ran.body)).toBe(201);
    expect(ran.replayed).toBe(false);
    const replayed = await post('/api/test/v2', '/monitoring/entities', account, order(1), 'after-the-budget');
    expect(replayed.replayed).toBe(true);
    expect(replayed.body).toStrictEqual(ran.body);
  });
});
