// Who may lodge and read Form 484s (spec 5, 6.1; D-03, D-04, D-46): a secret key of the prefix's
// environment only; another account's or environment's lodgement is a 404 in the Form 484 shape;
// status events reach only the owning account's endpoints of the lodgement's environment; a
// document URL is an unguessable token and nothing else is served under /documents.
import { describe, expect } from 'vitest';
import { deliveryTest } from '../../support/fixtures.js';
import { createWebhookEndpoint, getForm484Status } from '../../../generated/client/index.js';
import {
  REGULATOR_DECISION_DELAY_SECONDS as FORM484_DECISION_DELAY_SECONDS,
  REGULATOR_SUBMIT_DELAY_SECONDS as FORM484_SUBMIT_DELAY_SECONDS,
} from '../../../server/domain/lodgements/regulator-flow.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';
import type { Receiver } from '../webhooks/delivery.support.js';
import { PREFIX, advance, documentExamples, lodge, rawCall, readStatus } from './support.js';

const it = deliveryTest();
let server: TestServer;
let receiver: Receiver;
let owner: TestAccount;
let stranger: TestAccount;
const body = documentExamples().registeredOffice!;

it.beforeAll(async ({ server: started, receiver: startedReceiver }) => {
  server = started;
  receiver = startedReceiver;
  owner = await server.createAccount();
  stranger = await server.createAccount();
});

const json = JSON.stringify(body);

describe('keys', () => {
  it.each([
    ['POST', '/asic-484-forms'],
    ['GET', '/asic-484-forms/1/status'],
  ])('%s %s without a key: 401 in the shared shape', async (method, path) => {
    const response = await fetch(`${server.url}${PREFIX.test}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(method === 'POST' ? { body: json } : {}),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(await response.json()).toEqual({ errors: [expect.any(String)] });
  });

  it('refuses a publishable key, a key of the other environment and a secret key from a browser (403)', async () => {
    const publishable = await rawCall(server, owner.keys.publishableTest, 'POST', '/asic-484-forms', json, { Origin: 'http://localhost' });
    expect(publishable.status).toBe(403);
    expect(publishable.body).toEqual({ errors: [expect.any(String)] });
    const crossed = await rawCall(server, owner.keys.secretLive, 'POST', '/asic-484-forms', json);
    expect(crossed.status).toBe(403);
    const browser = await rawCall(server, owner.keys.secretTest, 'POST', '/asic-484-forms', json, { Origin: 'https://app.example.com' });
    expect(browser.status).toBe(403);
  });

  it('refuses a live key of a sandbox-only account (403 sandbox_only)', async () => {
    const free = await server.createAccount({ plan: 'free', billing: 'none', cardStatus: 'none' });
    const answer = await rawCall(server, free.keys.secretLive, 'POST', '/asic-484-forms', json, {}, PREFIX.live);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ errors: [expect.stringContaining('sandbox_only')] });
  });
});

describe('isolation', () => {
  it("another account's lodgement is a 404, as is the owner's own in the other environment", async () => {
    const created = await lodge(server, owner.keys.secretTest, body);
    expect((await readStatus(server, owner.keys.secretTest, created.requestId)).status).toBe(200);
    for (const [key, prefix] of [
      [stranger.keys.secretTest, PREFIX.test],
      [stranger.keys.secretLive, PREFIX.live],
      [owner.keys.secretLive, PREFIX.live],
    ] as const) {
      const { data, error, response } = await getForm484Status({
        client: sdkClient(server, key, prefix),
        path: { requestId: created.requestId },
      });
      expect(response.status).toBe(404);
      expect(data).toBeUndefined();
      expect(error).toEqual({ response: null, errors: [{ code: 'not_found', field: '', message: expect.any(String) }] });
    }
  });

  it("an Idempotency-Key of one account never replays another account's lodgement", async () => {
    const mine = await lodge(server, owner.keys.secretTest, body, PREFIX.test, 'shared-key-484');
    const theirs = await lodge(server, stranger.keys.secretTest, body, PREFIX.test, 'shared-key-484');
    expect(theirs.requestId).not.toBe(mine.requestId);
    expect(theirs.response.headers.get('idempotent-replayed')).toBeNull();
  });

  it("events reach only the owner's endpoints of the lodgement's environment", async () => {
    const endpoint = async (account: TestAccount, environment: 'test' | 'live') => {
      const key = environment === 'live' ? account.keys.secretLive : account.keys.secretTest;
      const path = `/${account.id}/${environment}`;
      const { response } = await createWebhookEndpoint({
        client: sdkClient(server, key, PREFIX[environment]),
        body: { url: `${receiver.url}${path}`, eventTypes: ['*'] },
      });
      expect(response.status).toBe(201);
      return path;
    };
    const ownerTest = await endpoint(owner, 'test');
    const ownerLive = await endpoint(owner, 'live');
    const strangerTest = await endpoint(stranger, 'test');
    const strangerLive = await endpoint(stranger, 'live');

    const created = await lodge(server, owner.keys.secretTest, body);
    await advance(server, FORM484_SUBMIT_DELAY_SECONDS + FORM484_DECISION_DELAY_SECONDS);
    expect((await readStatus(server, owner.keys.secretTest, created.requestId)).data?.response.status).toBe('finished');
    const about = (path: string) =>
      receiver.hits.filter((hit) => hit.path === path && (JSON.parse(hit.body) as { requestId: number }).requestId === created.requestId);
    expect(about(ownerTest)).toHaveLength(1);
    expect(about(ownerLive)).toEqual([]);
    expect(about(strangerTest)).toEqual([]);
    expect(about(strangerLive)).toEqual([]);
  });
});

describe('document URLs', () => {
  it('are unguessable tokens; anything else under /documents is a 404', async () => {
    const created = await lodge(server, owner.keys.secretTest, body);
    await advance(server, FORM484_SUBMIT_DELAY_SECONDS + FORM484_DECISION_DELAY_SECONDS);
    const { documentUrl } = (await readStatus(server, owner.keys.secretTest, created.requestId)).data!.response;
    expect(documentUrl).toMatch(/\/documents\/doc_[A-Za-z0-9]{24}\.pdf$/);
    expect((await fetch(documentUrl)).status).toBe(200);
    const token = /doc_[A-Za-z0-9]{24}/.exec(documentUrl)![0];
    const guesses = [
      `doc_${'A'.repeat(24)}.pdf`,
      `${token}`,
      // The token with its last character changed (to another one: a token can end in x).
      `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}.pdf`,
      `${created.requestId}.pdf`,
      `${created.documentNumber}.pdf`,
      '..%2F..%2Fpackage.json',
    ];
    for (const guess of guesses) {
      const response = await fetch(`${server.url}/documents/${guess}`);
      expect(response.status, guess).toBe(404);
      expect(await response.json()).toEqual({ errors: [expect.any(String)] });
    }
  });

  it('exist only once a lodgement is finished', async () => {
    const created = await lodge(server, owner.keys.secretTest, {
      ...body,
      generalInformation: { ...body.generalInformation, companyName: 'REJECT PTY LTD' },
    });
    await advance(server, FORM484_SUBMIT_DELAY_SECONDS + FORM484_DECISION_DELAY_SECONDS);
    const read = (await readStatus(server, owner.keys.secretTest, created.requestId)).data!.response;
    expect(read.status).toBe('rejected');
    expect(read.documentUrl).toBe('');
  });
});
