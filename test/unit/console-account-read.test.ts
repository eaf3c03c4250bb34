// @vitest-environment happy-dom
// The sandbox console's public reads go through the SDK's generated query options (D-66) with the
// selected account's test key, marked as refreshes (D-70), and keyed by account: a list read for one
// account is never served from another account's cache. Answered by the generated MSW handlers.
import { QueryClient } from '@tanstack/react-query';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountRead } from '../../console/src/api.js';
import { endSession, rememberKey } from '../../console/src/session.js';
import { listWebhookEndpointsOptions } from '../../generated/client/@tanstack/react-query.gen.js';
import { createHandlers, mockOperations } from '../../generated/client/msw.gen.js';

const sent: { authorization: string | null; refresh: string | null }[] = [];
const server = setupServer(
  // Notes what each request carried, then lets the generated handler answer it.
  http.get('*/api/test/v2/webhooks', ({ request }) => {
    sent.push({ authorization: request.headers.get('authorization'), refresh: request.headers.get('x-console-refresh') });
  }),
  ...createHandlers(),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  sent.length = 0;
  endSession();
});
afterAll(() => server.close());

describe('the console reads a public list through the generated query options', () => {
  it("with the account's key, marked as a refresh, answered with the documented example", async () => {
    rememberKey('acct_a', { keyId: 'key_a', secret: 'svc_sk_test_a', made: false });
    const queries = new QueryClient();
    const list = await queries.fetchQuery(accountRead('acct_a', (client) => listWebhookEndpointsOptions({ client })));
    expect(list).toEqual(mockOperations.listWebhookEndpoints.responses[200].examples.one);
    expect(sent).toEqual([{ authorization: 'Bearer svc_sk_test_a', refresh: '1' }]);
  });

  it("never serves one account's list from another account's cache", async () => {
    rememberKey('acct_a', { keyId: 'key_a', secret: 'svc_sk_test_a', made: false });
    rememberKey('acct_b', { keyId: 'key_b', secret: 'svc_sk_test_b', made: false });
    const queries = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    await queries.fetchQuery(accountRead('acct_a', (client) => listWebhookEndpointsOptions({ client })));
    await queries.fetchQuery(accountRead('acct_b', (client) => listWebhookEndpointsOptions({ client })));
    expect(sent.map((request) => request.authorization)).toEqual(['Bearer svc_sk_test_a', 'Bearer svc_sk_test_b']);
  });
});
