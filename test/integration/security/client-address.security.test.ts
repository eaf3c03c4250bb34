// D-53: the client address every per-address budget counts against is the socket's unless
// SVC_TRUST_PROXY names the proxies in front. Trusted by default from loopback, a rotating
// X-Forwarded-For escaped the bad-credential budget (D-52) and the per-IP monitoring limit (D-42).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAUTHENTICATED_LIMIT } from '../../../server/http/refusal-limit.js';
import { startTestServer, type TestAccount, type TestServer } from '../../support/harness.js';
import { rawRequest, type Answer } from '../../support/wire.js';

const T = '/api/test/v2';
const MONITORING = `${T}/monitoring/entities`;
const WELL_FORMED_UNKNOWN = 'svc_sk_test_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
const MONITORING_PER_IP = 60;

function get(server: TestServer, path: string, headers: Record<string, string>): Promise<Answer> {
  return rawRequest(`${server.url}${path}`, 'GET', headers);
}

async function inBatches(count: number, send: (i: number) => Promise<Answer>): Promise<Answer[]> {
  const out: Answer[] = [];
  for (let start = 0; start < count; start += 50)
    out.push(...(await Promise.all(Array.from({ length: Math.min(50, count - start) }, (_, j) => send(start + j)))));
  return out;
}

/** A different X-Forwarded-For on every request, as a client dodging per-address budgets sends. */
const rotating = (i: number) => ({ 'X-Forwarded-For': `203.0.113.${i % 250}, 198.18.${i % 200}.1` });

describe('client address with SVC_TRUST_PROXY unset (the default): the socket', () => {
  let server: TestServer;
  let first: TestAccount;
  let second: TestAccount;
  beforeAll(async () => {
    server = await startTestServer({ record: false });
    [first, second] = [await server.createAccount(), await server.createAccount()];
  });
  afterAll(async () => server?.close());

  it('counts bad credentials with a rotating X-Forwarded-For against one address', async () => {
    const refused = await inBatches(UNAUTHENTICATED_LIMIT, (i) =>
      get(server, `${T}/webhooks`, { Authorization: `Bearer ${WELL_FORMED_UNKNOWN}`, ...rotating(i) }),
    );
    expect(refused.every((a) => a.status === 401)).toBe(true);
    const past = await get(server, `${T}/webhooks`, { Authorization: `Bearer ${WELL_FORMED_UNKNOWN}`, ...rotating(9999) });
    expect(past.status, past.text).toBe(429);
  });

  it('counts monitoring requests of two accounts with rotating X-Forwarded-For against one per-IP budget (D-42)', async () => {
    // Half the per-IP budget each (far under each account's own 60), plus one: only a shared address trips it.
    const half = MONITORING_PER_IP / 2;
    const answers = await inBatches(MONITORING_PER_IP, (i) =>
      get(server, MONITORING, { Authorization: `Bearer ${(i < half ? first : second).keys.secretTest}`, ...rotating(i) }),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const over = await get(server, MONITORING, { Authorization: `Bearer ${first.keys.secretTest}`, ...rotating(7777) });
    expect(over.status, over.text).toBe(429);
  });
});

describe('client address with SVC_TRUST_PROXY naming the proxy', () => {
  it('takes the address the trusted proxy (loopback here) names in X-Forwarded-For', async () => {
    const server = await startTestServer({ record: false, env: { SVC_TRUST_PROXY: 'loopback' } });
    try {
      const accounts = [await server.createAccount(), await server.createAccount()];
      // 70 requests, 35 per account (under each account's 60), each from its own address: none trips.
      const answers = await inBatches(MONITORING_PER_IP + 10, (i) =>
        get(server, MONITORING, { Authorization: `Bearer ${accounts[i % 2]!.keys.secretTest}`, 'X-Forwarded-For': `203.0.113.${i}` }),
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    } finally {
      await server.close();
    }
  });

  it('ignores X-Forwarded-For from a client that is not a listed proxy', async () => {
    const server = await startTestServer({ record: false, env: { SVC_TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' } });
    try {
      const refused = await inBatches(UNAUTHENTICATED_LIMIT, (i) =>
        get(server, `${T}/webhooks`, { Authorization: `Bearer ${WELL_FORMED_UNKNOWN}`, ...rotating(i) }),
      );
      expect(refused.every((a) => a.status === 401)).toBe(true);
      expect((await get(server, `${T}/webhooks`, { Authorization: `Bearer ${WELL_FORMED_UNKNOWN}`, ...rotating(1) })).status).toBe(429);
    } finally {
      await server.close();
    }
  });
});
