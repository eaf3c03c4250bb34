// The real app, in this process, for contract runs that have no server to point at (`--in-process`:
// CI, nightly): a manual clock at the day the document's examples are written for, a fresh in-memory
// database, and settings so a run is about the contract and stays on this machine: a high rate-limit
// multiplier (a run sends thousands of requests; monitoring allows 60 a minute), and webhook targets
// kept on loopback: the RFC 2606 example hosts the runner generates resolve to 127.0.0.1, which the
// D-24 local escape hatch accepts, so any delivery the server attempts is refused at once by this
// machine, never sent out. Built from server/ directly: a tool does not depend on the test suite.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { answerClientErrors, buildApp } from '../../server/app.js';
import { ManualClock } from '../../server/clock.js';
import { loadConfig } from '../../server/config.js';
import type { AppDeps } from '../../server/deps.js';
import { createLogger } from '../../server/logger.js';
import { openDatabase } from '../../server/store/db.js';
import { EXAMPLES_TODAY } from '../../schemas/form484/examples.js';
import { wireDeps } from '../../server/wiring.js';
import { CONTRACT_SERVER_ENV, resolveExampleHosts, TEST_PREFIX } from './server-env.js';

export { CONTRACT_SERVER_ENV, resolveExampleHosts, TEST_PREFIX };

export interface InProcessServer {
  baseUrl: string;
  adminToken: string;
  close: () => Promise<void>;
}

export async function startInProcessServer(): Promise<InProcessServer> {
  const adminToken = `adm_${randomBytes(24).toString('hex')}`;
  // PORT=0: it listens on a free port (below), and its absolute URLs take the port it got (D-54).
  const config = loadConfig({ ...CONTRACT_SERVER_ENV, PORT: '0', SVC_CLOCK: 'manual', SVC_ADMIN_TOKEN: adminToken, LOG_LEVEL: 'silent' });
  const opened = await openDatabase({ dataDir: 'memory://' });
  const deps: AppDeps = wireDeps({
    config,
    db: opened.db,
    engine: opened.engine,
    // The document's examples (Form 484 dates, terms) are written for this day.
    clock: new ManualClock(new Date(`${EXAMPLES_TODAY}T00:00:00Z`)),
    logger: createLogger('silent'),
    resolveHost: resolveExampleHosts,
  });
  // validateResponses: an answer that breaks the document fails loudly in the server too.
  const built = await buildApp(deps, { validateResponses: true });
  const server = built.app.listen(0, '127.0.0.1');
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}${TEST_PREFIX}`,
    adminToken,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.requestLog.close();
      await opened.close();
    },
  };
}
