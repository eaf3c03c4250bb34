// Who may apply for and read business accounts (spec 5; D-03, D-04, D-17, D-37): a secret key of the
// prefix's environment only; another account's or environment's application is a 404 (and such a
// read neither counts against nor reveals the polling limit); deduplication never returns another
// account's application. A body that names a member twice, hiding a value JSON.parse drops (a
// bad-checksum ACN, a `+reject` director) where a first-wins reader such as a partner's would see
// it, is refused with 422 at the repeat, stores nothing and reaches no partner (D-56).
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { serverTest } from '../../support/fixtures.js';
import { bankingPartnerApplications, businessAccountApplications } from '../../../server/store/schema/index.js';
import { getBusinessAccountStatus } from '../../../generated/client/index.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';
import { PREFIX, advance, apply, documentExamples, rawCall, readStatus } from './support.js';

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

/** The application's JSON text with `insert` spliced in right after the first occurrence of `after`. */
function splice(after: string, insert: string): string {
  const at = json.indexOf(after);
  expect(at, after).toBeGreaterThanOrEqual(0);
  return `${json.slice(0, at + after.length)}${insert}${json.slice(at + after.length)}`;
}

const SMUGGLED_EMAIL = 'jane.citizen+reject-smuggled@example.com';
const SMUGGLED_ACN = '123456789'; // its check digit should be 0: invalid_acn were it read

describe('repeated member names (D-56)', () => {
  const CASES: [string, string, string][] = [
    ['a bad-checksum ACN before the good one', splice('"accountInformation":{', `"acn":"${SMUGGLED_ACN}",`), 'accountInformation.acn'],
    [
      'an extra +reject director in a first directorsContacts',
      splice(
        '"accountInformation":{',
        `"directorsContacts":[${JSON.stringify({ familyName: 'CITIZEN', givenName1: 'JANE', email: SMUGGLED_EMAIL, mobile: '0412345678' })}],`,
      ),
      'accountInformation.directorsContacts',
    ],
    [
      'a +reject e-mail inside the first director, before its own',
      splice('"directorsContacts":[{', `"email":"${SMUGGLED_EMAIL}",`),
      'accountInformation.directorsContacts.0.email',
    ],
    [
      'a +reject e-mail inside the second director, after its own',
      splice('"email":"john.smith@example.com"', `,"email":"${SMUGGLED_EMAIL}"`),
      'accountInformation.directorsContacts.1.email',
    ],
    ['a second generalInformation at the top', `${json.slice(0, -1)},"generalInformation":{}}`, 'generalInformation'],
  ];

  it.each(CASES)('%s: 422 invalid_format at the repeat; nothing stored, nothing forwarded', async (_what, text, path) => {
    const account = await server.createAccount();
    // JSON.parse would see a valid application: the hidden value is only in the bytes.
    expect(JSON.parse(text)).toBeTypeOf('object');
    for (const [key, prefix] of [
      [account.keys.secretTest, PREFIX.test],
      [account.keys.secretLive, PREFIX.live],
    ] as const) {
      const answer = await rawCall(server, key, 'POST', '/business-accounts', text, { 'Idempotency-Key': `dup-${path}-${prefix}` }, prefix);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body).toEqual({
        error: 'validation_failed',
        message: expect.any(String),
        errors: { [path]: [{ code: 'invalid_format', message: expect.any(String) }] },
      });
    }
    await advance(server, 3600);
    const stored = await server.deps.db
      .select({ id: businessAccountApplications.requestId })
      .from(businessAccountApplications)
      .where(eq(businessAccountApplications.accountId, account.id));
    expect(stored).toEqual([]);
    const forwarded = await server.deps.db.select({ payload: bankingPartnerApplications.payload }).from(bankingPartnerApplications);
    for (const { payload } of forwarded) {
      expect(payload.toString('utf8')).not.toContain(SMUGGLED_EMAIL);
      expect(payload.toString('utf8')).not.toContain(SMUGGLED_ACN);
    }
  });
});
