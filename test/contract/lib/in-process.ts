// The real app, in this process, for contract runs that have no server to point at (CI, nightly):
// the test harness's server (manual clock, fresh in-memory database) plus two settings so a run is
// about the contract and not about waiting: a high rate-limit multiplier (a run sends thousands of
// requests; monitoring allows 60 a minute) and a fixed DNS table for the webhook SSRF guard that
// resolves the RFC 2606 example domains the runner generates to a public address and nothing else.
import { ADMIN_TOKEN, startTestServer, type TestServer } from '../../support/harness.js';
import type { HandlerMap } from '../../../server/http/context.js';

export const TEST_PREFIX = '/api/test/v2';

/** A public address (example.com's) so the SSRF guard accepts reserved example hosts; no delivery job runs in these servers. */
const EXAMPLE_ADDRESS = '93.184.215.14';

export async function resolveExampleHosts(host: string): Promise<string[]> {
  if (/(^|\.)example\.(com|org|net)$/i.test(host)) return [EXAMPLE_ADDRESS];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
}

export interface ContractServer {
  server: TestServer;
  baseUrl: string;
  adminToken: string;
  close: () => Promise<void>;
}

export async function startContractServer(options: { handlers?: HandlerMap } = {}): Promise<ContractServer> {
  const server = await startTestServer({
    env: { SVC_RATE_LIMIT_MULTIPLIER: '1000' },
    resolveHost: resolveExampleHosts,
    ...(options.handlers ? { handlers: options.handlers } : {}),
  });
  return { server, baseUrl: `${server.url}${TEST_PREFIX}`, adminToken: ADMIN_TOKEN, close: () => server.close() };
}
