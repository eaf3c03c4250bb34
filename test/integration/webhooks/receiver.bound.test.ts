// The built-in test receiver keeps the newest 200 requests (D-59) and reuses the space of those it
// drops (D-90): however many requests reach it, its table stops growing. Over HTTP, where
// SVC_WEBHOOK_ALLOW_LOCAL mounts it, as a local tool posting to it would.
import { expect } from 'vitest';
import { INBOX_CAPACITY } from '../../../server/store/webhook-inbox.js';
import { serverTest } from '../../support/fixtures.js';
import { startTestServer, type TestServer } from '../../support/harness.js';
import { tableBytes } from '../../support/table-size.js';

const it = serverTest(() => startTestServer({ env: { SVC_WEBHOOK_ALLOW_LOCAL: '1' }, record: false }));

async function post(server: TestServer, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const answer = await fetch(`${server.url}/sandbox/webhook-receiver/ok`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'abn_registration.status_changed', n: i, data: { note: 'x'.repeat(200) } }),
    });
    expect(answer.status).toBe(200);
  }
}

it('stops growing once full: the space of the requests it drops is used again', async ({ server }) => {
  await post(server, INBOX_CAPACITY + 50);
  const full = await tableBytes(server, 'webhook_receiver_requests');
  await post(server, 2 * INBOX_CAPACITY);
  // Without the vacuum 400 more requests of about half a kilobyte each took new space.
  expect(await tableBytes(server, 'webhook_receiver_requests')).toBeLessThanOrEqual(full + 8192);
});
