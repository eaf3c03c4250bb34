// Shared steps of the request log suites (D-51): the operator SDK pointed at a test server, and the
// two reads through it, insisting they answered.
import { expect } from 'vitest';
import { createClient, createConfig } from '../../../generated/admin-client/client/index.js';
import {
  getAccountRequest,
  listAccountRequests,
  type ListAccountRequestsData,
  type RequestLogEntry,
  type RequestLogList,
} from '../../../generated/admin-client/index.js';
import { ADMIN_TOKEN, type TestServer } from '../../support/harness.js';

export function operatorClient(server: TestServer) {
  return createClient(createConfig({ baseUrl: server.url, auth: () => ADMIN_TOKEN }));
}

/** One page of the account's requests (newest first). */
export async function requestsOf(
  server: TestServer,
  accountId: string,
  query: ListAccountRequestsData['query'] = {},
): Promise<RequestLogList> {
  const { data, response } = await listAccountRequests({ client: operatorClient(server), path: { accountId }, query });
  expect(response.status).toBe(200);
  return data!;
}

/** One request of the account by its X-Request-Id. */
export async function requestOf(server: TestServer, accountId: string, requestId: string): Promise<RequestLogEntry> {
  const { data, response } = await getAccountRequest({ client: operatorClient(server), path: { accountId, requestId } });
  expect(response.status).toBe(200);
  return data!;
}

/** The X-Request-Id an answer carried. */
export function requestIdOf(response: Response | { headers: Headers }): string {
  const id = response.headers.get('x-request-id');
  expect(id).toBeTruthy();
  return id!;
}
