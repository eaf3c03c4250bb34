// Who may see what: a search, its certificates and alert subscriptions belong to one account and one
// environment; any other caller gets 404 as for a missing id. Key types and environments (D-03, D-04)
// and Idempotency-Key scoping (D-18) on the PPSR operations.
import { describe, expect } from 'vitest';
import { serverTest } from '../../support/fixtures.js';
import { createPpsrAlert, listPpsrAlerts } from '../../../generated/client/index.js';
import { sdkClient, type TestAccount, type TestServer } from '../../support/harness.js';
import { PREFIX, advance, charges, downloadCertificate, rawCall, startSearch } from './support.js';

const it = serverTest();
let server: TestServer;
let owner: TestAccount;
let other: TestAccount;
let requestId: number;
let certificateNumber: string;
let alertId: string;
it.beforeAll(async ({ server: started }) => {
  server = started;
  owner = await server.createAccount();
  other = await server.createAccount();
  const { data } = await startSearch(server, owner.keys.secretTest, { vin: '1HGCM82633A004352' });
  requestId = data!.requestId;
  certificateNumber = `CERT-${requestId}-1`;
  await advance(server, 5);
  const alert = await createPpsrAlert({
    client: sdkClient(server, owner.keys.secretTest),
    body: { organisationNumberType: 'ACN', organisationNumber: '100000011' },
  });
  alertId = alert.data!.id;
});

describe('another account or environment gets 404', () => {
  it('the owner reads the search, its certificate and its alert', async () => {
    expect((await rawCall(server, owner.keys.secretTest, 'GET', `/ppsr/searches/${requestId}`)).status).toBe(200);
    expect((await downloadCertificate(server, owner.keys.secretTest, requestId, certificateNumber)).response.status).toBe(200);
  });

  it.each([
    ['another account, test', () => other.keys.secretTest, PREFIX.test],
    ['another account, live', () => other.keys.secretLive, PREFIX.live],
    ['the same account, live', () => owner.keys.secretLive, PREFIX.live],
  ])('%s: search, certificate and alert are not found', async (_name, key, prefix) => {
    const search = await rawCall(server, key(), 'GET', `/ppsr/searches/${requestId}`, undefined, prefix);
    expect(search.status).toBe(404);
    expect(search.body).toEqual({ error: 'not_found', message: 'No such PPSR search in this account and environment.' });
    const certificate = await rawCall(
      server,
      key(),
      'GET',
      `/ppsr/searches/${requestId}/certificates/${certificateNumber}`,
      undefined,
      prefix,
    );
    expect(certificate.status).toBe(404);
    const removed = await rawCall(server, key(), 'DELETE', `/ppsr/alerts/${alertId}`, undefined, prefix);
    expect(removed.status).toBe(404);
    const listed = await listPpsrAlerts({ client: sdkClient(server, key(), prefix) });
    expect(listed.data).toEqual({ data: [] });
  });

  it('the alert survived the other callers` delete attempts', async () => {
    const listed = await listPpsrAlerts({ client: sdkClient(server, owner.keys.secretTest) });
    expect(listed.data?.data.map((a) => a.id)).toEqual([alertId]);
  });

  it('another account may watch the same organisation (subscriptions are per account)', async () => {
    const answer = await createPpsrAlert({
      client: sdkClient(server, other.keys.secretTest),
      body: { organisationNumberType: 'ACN', organisationNumber: '100000011' },
    });
    expect(answer.response.status).toBe(201);
  });
});

describe('keys', () => {
  it.each([
    ['POST', '/ppsr/searches', { vin: '1HGCM82633A004352' }],
    ['GET', '/ppsr/alerts', undefined],
  ])('%s %s refuses no key (401), a publishable key (403) and a key of the other environment (403)', async (method, path, body) => {
    const none = await fetch(`${server.url}${PREFIX.test}${path}`, {
      method,
      headers: body ? { 'Content-Type': 'application/json' } : {},
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(none.status).toBe(401);
    const publishable = await rawCall(server, owner.keys.publishableTest, method, path, body, PREFIX.test, { Origin: 'https://localhost' });
    expect(publishable.status).toBe(403);
    const wrongEnvironment = await rawCall(server, owner.keys.secretLive, method, path, body, PREFIX.test);
    expect(wrongEnvironment.status).toBe(403);
  });

  it('refuses a free (sandbox) account`s live key with sandbox_only and charges nothing', async () => {
    const free = await server.createAccount({ plan: 'free', billing: 'none', cardStatus: 'none' });
    const answer = await rawCall(server, free.keys.secretLive, 'POST', '/ppsr/searches', { vin: '1HGCM82633A004352' }, PREFIX.live);
    expect(answer.status).toBe(403);
    expect(JSON.stringify(answer.body)).toContain('sandbox_only');
    expect((await rawCall(server, free.keys.secretTest, 'POST', '/ppsr/searches', { vin: '1HGCM82633A004352' })).status).toBe(201);
    expect(await charges(server, free.id)).toEqual([]);
  });
});

describe('Idempotency-Key scope (D-18)', () => {
  it('keeps one account`s key apart from another`s and from the other environment', async () => {
    const key = 'shared-key-1';
    const mine = await startSearch(server, owner.keys.secretLive, { acn: '100000011' }, { prefix: PREFIX.live, idempotencyKey: key });
    const theirs = await startSearch(server, other.keys.secretLive, { acn: '100000011' }, { prefix: PREFIX.live, idempotencyKey: key });
    const myTest = await startSearch(server, owner.keys.secretTest, { acn: '100000011' }, { idempotencyKey: key });
    expect([mine.response.status, theirs.response.status, myTest.response.status]).toEqual([201, 201, 201]);
    expect(new Set([mine.data!.requestId, theirs.data!.requestId, myTest.data!.requestId]).size).toBe(3);
    expect(theirs.response.headers.get('idempotent-replayed')).toBeNull();
    expect((await charges(server, owner.id)).map((c) => c.amount)).toEqual([600]);
    expect((await charges(server, other.id)).map((c) => c.amount)).toEqual([600]);
  });
});
