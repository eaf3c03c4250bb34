import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/harness.js';
import { readFileSync } from 'node:fs';
import { readmeWithPending } from '../../../scripts/pending.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('server core', () => {
  it('answers health and readiness', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('creates an account with four working keys through the operator API', async () => {
    const account = await server.createAccount();
    expect(account.keys.secretTest).toMatch(/^svc_sk_test_[A-Za-z0-9]{32}$/);
    expect(account.keys.publishableLive).toMatch(/^svc_pk_live_[A-Za-z0-9]{32}$/);
    const read = await server.admin<{ keys: { last4: string; status: string }[] }>('GET', `/admin/accounts/${account.id}`);
    expect(read.status).toBe(200);
    expect(read.body.keys.map((k) => k.last4).sort()).toEqual(
      Object.values(account.keys)
        .map((k) => k.slice(-4))
        .sort(),
    );
    expect(JSON.stringify(read.body)).not.toContain(account.keys.secretTest);
  });

  it('the README lists the pending operations the server computes', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(readme, 'run `npx tsx scripts/pending.ts --write`').toBe(readmeWithPending(readme));
  });
});
