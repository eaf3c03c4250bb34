// The request log's bound (D-51): the newest entries of each account and environment are kept,
// older ones pruned as batches are written. With SVC_REQUEST_LOG_LIMIT=5 instead of 1,000 real requests.
import { expect } from 'vitest';
import { serverTestWith } from '../../support/fixtures.js';
import { PREFIX, rawCall } from '../../support/requests.js';
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
