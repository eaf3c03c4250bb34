// The test suite's server for contract runs: the harness's in-process app (manual clock, fresh
// database, PostgreSQL when TEST_DATABASE_URL is set) with the settings `npm run contract --
// --in-process` uses, optionally with planted handlers.
import type { StandInHandlers } from '../../server/http/handler.js';
import type { PublicHandlers } from '../../server/http/handler-maps.js';
import { CONTRACT_SERVER_ENV, resolveExampleHosts, TEST_PREFIX } from '../../scripts/contract/in-process.js';
import { ADMIN_TOKEN, startTestServer, type TestServer } from '../support/harness.js';

export interface ContractServer {
  server: TestServer;
  baseUrl: string;
  adminToken: string;
  close: () => Promise<void>;
}

export interface ContractServerOptions {
  handlers?: PublicHandlers | StandInHandlers;
  /** SVC_CLOCK_START: where the service's manual clock starts (default: the examples' day, 2026-11-22). */
  clockStart?: string;
}

export async function startContractServer(options: ContractServerOptions = {}): Promise<ContractServer> {
  const server = await startTestServer({
    env: { ...CONTRACT_SERVER_ENV, ...(options.clockStart ? { SVC_CLOCK_START: options.clockStart } : {}) },
    resolveHost: resolveExampleHosts,
    ...(options.handlers ? { handlers: options.handlers } : {}),
  });
  // Deliveries are signed with the wall clock (D-62), and the runner checks them against this
  // machine's, as a receiver does: the harness's injected wall clock reads real time here.
  server.wallClock.set(new Date());
  return { server, baseUrl: `${server.url}${TEST_PREFIX}`, adminToken: ADMIN_TOKEN, close: () => server.close() };
}
