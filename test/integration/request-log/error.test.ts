// The request log's refusals (unknown account or request, filters out of range) and its failures:
// a log that cannot be written never fails, or changes, the request it describes (D-51).
import { describe, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { serverTest } from '../../support/fixtures.js';
import { rawCall } from '../../support/requests.js';
import { requestIdOf, requestsOf } from './support.js';

const it = serverTest();

describe('operator reads that name nothing', () => {
  it('answers an unknown account and an unknown request with the operator 404', async ({ server, account }) => {
    for (const path of [
      '/admin/accounts/acct_000000000000000000000000/requests',
      '/admin/accounts/acct_000000000000000000000000/requests/req_1',
    ]) {
      const answer = await server.admin('GET', path);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'not_found', message: 'No such account.' });
    }
    const unknown = await server.admin('GET', `/admin/accounts/${account.id}/requests/req_00000000000000000000000000000000`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'not_found', message: 'No such request in this account.' });
  });

  it('refuses filters out of range, naming each', async ({ server, account }) => {
    const answer = await server.admin<{ error: string; errors: Record<string, { code: string }[]> }>(
      'GET',
      `/admin/accounts/${account.id}/requests?status=4x&perPage=101&environment=staging&path=&requestId=${'r'.repeat(101)}`,
    );
    expect(answer.status).toBe(422);
    expect(answer.body.error).toBe('validation_failed');
    expect(Object.keys(answer.body.errors).sort()).toEqual(['environment', 'path', 'perPage', 'requestId', 'status']);
    for (const status of ['600', '42', 'xxx', '4XX'])
      expect((await server.admin('GET', `/admin/accounts/${account.id}/requests?status=${status}`)).status, status).toBe(422);
  });
});

describe('a log that cannot be written', () => {
  it('does not fail the request when the write fails, and the next batch is written again', async ({ server, account }) => {
    await server.deps.db.execute(sql`alter table request_log rename to request_log_away`);
    let lost: string;
    try {
      const answer = await rawCall(server, account.keys.secretTest, 'GET', '/webhooks');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ data: [] });
      lost = requestIdOf(answer);
      // The batch holding it is written now, and fails: the flush still settles.
      await expect(server.deps.requestLog.flush()).resolves.toBeUndefined();
    } finally {
      await server.deps.db.execute(sql`alter table request_log_away rename to request_log`);
    }
    const kept = requestIdOf(await rawCall(server, account.keys.secretTest, 'GET', '/webhooks'));
    const ids = (await requestsOf(server, account.id)).data.map((entry) => entry.requestId);
    expect(ids).toEqual([kept]);
    expect(ids).not.toContain(lost);
  });

  it('does not fail the request when recording it throws', async ({ server, account }) => {
    const writer = server.deps.requestLog;
    server.deps.requestLog = {
      ...writer,
      record: () => {
        throw new Error('request log unavailable');
      },
    };
    try {
      const answer = await rawCall(server, account.keys.secretTest, 'POST', '/ppsr/searches', JSON.stringify({ vin: '1HGCM82633A004352' }));
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ status: 'new' });
    } finally {
      server.deps.requestLog = writer;
    }
    expect((await requestsOf(server, account.id)).data).toEqual([]);
  });
});
