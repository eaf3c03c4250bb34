// The request log's bound (D-51): the newest entries of each account and environment are kept,
// older ones pruned as batches are written. With SVC_REQUEST_LOG_LIMIT=5 instead of 1,000 real requests.
import { expect } from 'vitest';
import { serverTestWith } from '../../support/fixtures.js';
import { PREFIX, rawCall } from '../../support/requests.js';
import { tableBytes } from '../../support/table-size.js';
import { requestIdOf, requestsOf } from './support.js';

const LIMIT = 5;
const it = serverTestWith({ env: { SVC_REQUEST_LOG_LIMIT: String(LIMIT) } });

it('keeps the newest entries of each account and environment, and no other account loses any', async ({ server, account }) => {
  const other = await server.createAccount();
  const test: string[] = [];
  // Written in several batches (each read writes what is buffered), so pruning runs on every one.
  for (let round = 0; round < 3; round++) {
    for (let i = 0; i < 3; i++) test.push(requestIdOf(await rawCall(server, account.keys.secretTest, 'GET', `/webhooks?round=${round}`)));
    await requestsOf(server, account.id);
  }
  const live = [];
  for (let i = 0; i < 2; i++)
    live.push(requestIdOf(await rawCall(server, account.keys.secretLive, 'GET', '/webhooks', undefined, {}, PREFIX.live)));
  const others = [requestIdOf(await rawCall(server, other.keys.secretTest, 'GET', '/webhooks'))];

  const kept = await requestsOf(server, account.id, { environment: 'test' });
  expect(kept.data.map((e) => e.requestId)).toEqual(test.slice(-LIMIT).reverse());
  expect(kept.meta.total).toBe(LIMIT);
  // Live entries have a bound of their own: sandbox traffic never pushes them out, nor the reverse.
  expect((await requestsOf(server, account.id, { environment: 'live' })).data.map((e) => e.requestId)).toEqual([...live].reverse());
  expect((await requestsOf(server, other.id)).data.map((e) => e.requestId)).toEqual(others);
});

it('reuses the space of pruned entries, so the table stops growing however many requests come (D-90)', async ({ server, account }) => {
  const requests = async (count: number): Promise<void> => {
    for (let i = 0; i < count; i++) {
      await rawCall(server, account.keys.secretTest, 'GET', `/webhooks?n=${i}`);
      // A read writes what is buffered: a batch, its prune, and after every LIMIT entries pruned the vacuum.
      if (i % 10 === 9) await requestsOf(server, account.id);
    }
  };
  await requests(100);
  const settled = await tableBytes(server, 'request_log');
  await requests(300);
  // Without the vacuum every entry takes new space: 300 entries are tens of kilobytes more (about 100
  // on PGlite), on PGlite always, on PostgreSQL whenever its autovacuum is off or has not run yet.
  expect(await tableBytes(server, 'request_log')).toBeLessThanOrEqual(settled + 8192);
  expect((await requestsOf(server, account.id)).meta.total).toBe(LIMIT);
});
