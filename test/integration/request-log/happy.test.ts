// The request log (D-51) as a team uses it: a failed request found by the X-Request-Id its answer
// carried, with what was sent and answered; filters by status, path and environment; pages newest
// first; idempotent replays marked; live entries without bodies. Through the generated SDKs.
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { createAbnRegistration, listWebhookEndpoints } from '../../../generated/client/index.js';
import { requestLog } from '../../../server/store/schema/index.js';
import { serverTest } from '../../support/fixtures.js';
import { sdkClient } from '../../support/harness.js';
import { PREFIX, rawCall } from '../../support/requests.js';
import { requestIdOf, requestOf, requestsOf } from './support.js';

const it = serverTest();

const ABN_REGISTRATION = {
  entityName: 'JANE CITIZEN',
  entityType: 'individual',
  businessAddress: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
  contactEmail: 'jane@example.com',
} as const;

describe('the request log of an account', () => {
  it('finds a failed request by its Request-Id, with the body sent and the error answered', async ({ server, account }) => {
    // Sent raw: the SDK's own validator would refuse this VIN before it left.
    const answer = await rawCall(server, account.keys.secretTest, 'POST', '/ppsr/searches', JSON.stringify({ vin: '1HGCM82633A00435' }));
    expect(answer.status).toBe(422);
    const requestId = requestIdOf(answer);

    const found = await requestsOf(server, account.id, { requestId });
    expect(found.data).toEqual([
      {
        requestId,
        method: 'POST',
        path: '/api/test/v2/ppsr/searches',
        query: '',
        status: 422,
        durationMs: expect.any(Number) as number,
        environment: 'test',
        createdAt: server.clock.now().toISOString(),
        idempotencyKey: null,
        replayed: false,
        operationId: 'createPpsrSearch',
        keyId: expect.stringMatching(/^key_/) as string,
        bodiesKept: true,
      },
    ]);
    const entry = await requestOf(server, account.id, requestId);
    expect(entry.requestBody).toEqual({ vin: '1HGCM82633A00435' });
    expect(entry.responseBody).toEqual(answer.body);
    expect(entry.requestHeaders['content-type']).toBe('application/json');
    expect(entry.requestHeaders).not.toHaveProperty('authorization');
    expect(entry).toMatchObject({ requestBodyTruncated: false, responseBodyTruncated: false });
  });

  it('keeps a body that is not JSON as the text that arrived', async ({ server, account }) => {
    const answer = await rawCall(server, account.keys.secretTest, 'POST', '/abn/registrations', '{"entityName": JANE');
    expect(answer.status).toBe(400);
    const entry = await requestOf(server, account.id, requestIdOf(answer));
    expect(entry.requestBody).toBe('{"entityName": JANE');
    expect(entry.responseBody).toMatchObject({ error: 'invalid_json' });
  });

  it('cuts a body past 64 KiB to its first 64 KiB, and says so', async ({ server, account }) => {
    const body = JSON.stringify({ ...ABN_REGISTRATION, entityName: 'A'.repeat(70_000) });
    const answer = await rawCall(server, account.keys.secretTest, 'POST', '/abn/registrations', body);
    expect(answer.status).toBe(422);
    const entry = await requestOf(server, account.id, requestIdOf(answer));
    expect(entry.requestBodyTruncated).toBe(true);
    expect(entry.requestBody).toBe(body.slice(0, 64 * 1024));
    expect(entry).toMatchObject({ responseBody: answer.body, responseBodyTruncated: false });
  });

  it('lists newest first in pages, filtered by status, status class, path and environment', async ({ server, account }) => {
    const client = sdkClient(server, account.keys.secretTest);
    const ids: string[] = [];
    ids.push(requestIdOf((await createAbnRegistration({ client, body: ABN_REGISTRATION })).response));
    ids.push(requestIdOf(await rawCall(server, account.keys.secretTest, 'POST', '/ppsr/searches', '{"vin": "not a vin"}')));
    ids.push(requestIdOf((await listWebhookEndpoints({ client })).response));
    const live = await rawCall(server, account.keys.secretLive, 'GET', '/webhooks', undefined, {}, PREFIX.live);
    ids.push(requestIdOf(live));

    const all = await requestsOf(server, account.id);
    expect(all.data.map((e) => e.requestId)).toEqual([...ids].reverse());
    expect(all.meta).toEqual({ currentPage: 1, perPage: 25, total: 4, lastPage: 1 });

    const second = await requestsOf(server, account.id, { perPage: 3, page: 2 });
    expect(second.data.map((e) => e.requestId)).toEqual([ids[0]]);
    expect(second.meta).toEqual({ currentPage: 2, perPage: 3, total: 4, lastPage: 2 });

    expect((await requestsOf(server, account.id, { status: '422' })).data.map((e) => e.requestId)).toEqual([ids[1]]);
    expect((await requestsOf(server, account.id, { status: '4xx' })).data.map((e) => e.requestId)).toEqual([ids[1]]);
    expect((await requestsOf(server, account.id, { status: '2xx' })).data.map((e) => e.requestId)).toEqual([ids[3], ids[2], ids[0]]);
    expect((await requestsOf(server, account.id, { status: '5xx' })).data).toEqual([]);
    expect((await requestsOf(server, account.id, { path: 'webhooks' })).data.map((e) => e.requestId)).toEqual([ids[3], ids[2]]);
    expect((await requestsOf(server, account.id, { path: '/api/test/v2/ppsr' })).data.map((e) => e.requestId)).toEqual([ids[1]]);
    expect((await requestsOf(server, account.id, { environment: 'live' })).data.map((e) => e.requestId)).toEqual([ids[3]]);
    expect((await requestsOf(server, account.id, { environment: 'test', path: 'webhooks' })).data.map((e) => e.requestId)).toEqual([
      ids[2],
    ]);
  });

  it('marks a replayed answer and keeps its Idempotency-Key', async ({ server, account }) => {
    const client = sdkClient(server, account.keys.secretTest);
    const headers = { 'Idempotency-Key': 'abn-2026-11-22-0001' };
    const first = await createAbnRegistration({ client, body: ABN_REGISTRATION, headers });
    const again = await createAbnRegistration({ client, body: ABN_REGISTRATION, headers });
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');

    const [replay, original] = (await requestsOf(server, account.id, { path: 'abn' })).data;
    expect(original).toMatchObject({ requestId: requestIdOf(first.response), replayed: false, idempotencyKey: 'abn-2026-11-22-0001' });
    expect(replay).toMatchObject({ requestId: requestIdOf(again.response), replayed: true, idempotencyKey: 'abn-2026-11-22-0001' });
    const entry = await requestOf(server, account.id, replay!.requestId);
    expect(entry.responseBody).toEqual(first.data);
    expect(entry.requestHeaders['idempotency-key']).toBe('abn-2026-11-22-0001');
  });

  it('keeps the JSON text of an answer with nothing to redact exactly as it was sent', async ({ server, account }) => {
    const client = sdkClient(server, account.keys.secretTest);
    const created = await createAbnRegistration({ client, body: ABN_REGISTRATION, parseAs: 'text' });
    expect(created.response.status).toBe(201);
    const sent = created.data as unknown as string;
    const requestId = requestIdOf(created.response);
    // Read first through the operator API, which writes what is buffered; then the column as stored.
    expect((await requestOf(server, account.id, requestId)).responseBody).toEqual(JSON.parse(sent));
    const stored = await server.deps.db
      .select({ text: requestLog.responseBody })
      .from(requestLog)
      .where(and(eq(requestLog.accountId, account.id), eq(requestLog.requestId, requestId)));
    expect(stored).toEqual([{ text: sent }]);
  });

  it('finds a request by the X-Request-Id the client chose', async ({ server, account }) => {
    const answer = await rawCall(server, account.keys.secretTest, 'GET', '/webhooks?page=1', undefined, {
      'X-Request-Id': 'partner-run-42.7',
    });
    expect(answer.headers.get('x-request-id')).toBe('partner-run-42.7');
    const entry = await requestOf(server, account.id, 'partner-run-42.7');
    expect(entry).toMatchObject({ path: '/api/test/v2/webhooks', query: 'page=1', status: 200, responseBody: { data: [] } });
    expect(entry.requestHeaders['x-request-id']).toBe('partner-run-42.7');
  });

  it('keeps live requests as method, path, status, time and request id only', async ({ server, account }) => {
    const answer = await rawCall(
      server,
      account.keys.secretLive,
      'POST',
      '/abn/registrations',
      JSON.stringify(ABN_REGISTRATION),
      { 'Idempotency-Key': 'live-abn-1' },
      PREFIX.live,
    );
    expect(answer.status).toBe(201);
    const listed = await rawCall(server, account.keys.secretLive, 'GET', '/webhooks?page=2', undefined, {}, PREFIX.live);
    for (const requestId of [requestIdOf(answer), requestIdOf(listed)]) {
      const entry = await requestOf(server, account.id, requestId);
      expect(entry).toMatchObject({
        requestId,
        environment: 'live',
        bodiesKept: false,
        query: '',
        idempotencyKey: null,
        requestHeaders: {},
        requestBody: null,
        responseBody: null,
      });
    }
    expect((await requestOf(server, account.id, requestIdOf(answer))).path).toBe('/api/v2/abn/registrations');
  });

  it('logs V1 requests with their prefix, never the X-Auth-SVC key', async ({ server, account }) => {
    const response = await fetch(`${server.url}${PREFIX.v1Test}/webhooks`, { headers: { 'X-Auth-SVC': account.keys.secretTest } });
    expect(response.status).toBe(200);
    const entry = await requestOf(server, account.id, requestIdOf(response));
    expect(entry).toMatchObject({ path: '/api/test/v1/webhooks', operationId: 'listWebhookEndpoints', status: 200 });
    expect(JSON.stringify(entry)).not.toContain(account.keys.secretTest);
  });
});
