// Who may apply for and read business accounts (spec 5; D-03, D-04, D-17, D-37): a secret key of the
// prefix's environment only; another account's or environment's application is a 404 (and such a
// read neither counts against nor reveals the polling limit); deduplication never returns another
// account's application.
import { describe, expect } from 'vitest';
import { serverTest } from '../../support/fixtures.js';
import { getBusinessAccountStatus } from '../../../generated/client/index.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';
import { PREFIX, apply, documentExamples, rawCall, readStatus } from './support.js';

const it = serverTest();
let server: TestServer;
let owner: TestAccount;
let stranger: TestAccount;
const company = documentExamples().company!;
const json = JSON.stringify(company);

it.beforeAll(async ({ server: started }) => {
  server = started;
  owner = await server.createAccount();
  stranger = await server.createAccount();
});

describe('keys', () => {
  it.each([
    ['POST', '/business-accounts'],
    ['GET', '/business-accounts/status/1'],
  ])('%s %s without a key: 401 in the shared shape', async (method, path) => {
    const response = await fetch(`${server.url}${PREFIX.test}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(method === 'POST' ? { body: json } : {}),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ errors: [expect.any(String)] });
  });

  it('refuses a publishable key, a key of the other environment and a secret key from a browser (403)', async () => {
    for (const [key, headers, prefix] of [
      [owner.keys.publishableTest, { Origin: 'http://localhost' }, PREFIX.test],
      [owner.keys.secretLive, {}, PREFIX.test],
      [owner.keys.secretTest, {}, PREFIX.live],
      [owner.keys.secretTest, { Origin: 'https://app.example.com' }, PREFIX.test],
    ] as const) {
      const answer = await rawCall(server, key, 'POST', '/business-accounts', json, headers, prefix);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ errors: [expect.any(String)] });
    }
  });

  it('refuses a live key of a sandbox-only account (403 sandbox_only)', async () => {
    const free = await server.createAccount({ plan: 'free', billing: 'none', cardStatus: 'none' });
    const answer = await rawCall(server, free.keys.secretLive, 'POST', '/business-accounts', json, {}, PREFIX.live);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ errors: [expect.stringContaining('sandbox_only')] });
  });
});

describe('isolation', () => {
  it("another account's application, or the owner's in the other environment, is a 404 that leaves the polling limit alone", async () => {
    const created = await apply(server, owner.keys.secretTest, company);
    for (const [key, prefix] of [
      [stranger.keys.secretTest, PREFIX.test],
      [stranger.keys.secretLive, PREFIX.live],
      [owner.keys.secretLive, PREFIX.live],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const { data, error, response } = await getBusinessAccountStatus({
          client: sdkClient(server, key, prefix),
          path: { requestId: created.requestId },
        });
        expect(response.status).toBe(404);
        expect(data).toBeUndefined();
        expect(error).toEqual({ error: 'not_found', message: expect.any(String) });
      }
    }
    // The owner's first read is still answered: the strangers' reads were not counted.
    expect((await readStatus(server, owner.keys.secretTest, created.requestId)).status).toBe(200);
  });

  it("never answers another account's open application as a duplicate", async ({ account }) => {
    const other = await server.createAccount();
    const mine = await apply(server, account.keys.secretTest, company);
    const theirs = await apply(server, other.keys.secretTest, company);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.requestId).not.toBe(mine.requestId);
  });

  it('scopes an Idempotency-Key to the account', async ({ account }) => {
    const other = await server.createAccount();
    const mine = await apply(server, account.keys.secretTest, company, PREFIX.test, 'shared-ba-key');
    const theirs = await apply(server, other.keys.secretTest, company, PREFIX.test, 'shared-ba-key');
    expect(theirs.requestId).not.toBe(mine.requestId);
    expect(theirs.response.headers.get('idempotent-replayed')).toBeNull();
  });
});
