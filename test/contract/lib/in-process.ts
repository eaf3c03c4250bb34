// The real app, in this process, for contract runs that have no server to point at (CI, nightly):
// the test harness's server (manual clock, fresh in-memory database) plus settings so a run is about
// the contract and stays on this machine: a high rate-limit multiplier (a run sends thousands of
// requests; monitoring allows 60 a minute), and webhook targets kept on loopback: the RFC 2606
// example hosts the runner generates resolve to 127.0.0.1, which the D-24 local escape hatch
// accepts, so any delivery the server attempts is refused at once by this machine, never sent out.
import { ADMIN_TOKEN, startTestServer, type TestServer } from '../../support/harness.js';
import type { HandlerMap } from '../../../server/http/context.js';

export const TEST_PREFIX = '/api/test/v2';

export async function resolveExampleHosts(host: string): Promise<string[]> {
  if (/(^|\.)example\.(com|org|net)$/i.test(host)) return ['127.0.0.1'];
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
    env: { SVC_RATE_LIMIT_MULTIPLIER: '1000', SVC_WEBHOOK_ALLOW_LOCAL: '1' },
    resolveHost: resolveExampleHosts,
    ...(options.handlers ? { handlers: options.handlers } : {}),
  });
  return { server, baseUrl: `${server.url}${TEST_PREFIX}`, adminToken: ADMIN_TOKEN, close: () => server.close() };
}
