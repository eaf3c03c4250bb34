// The server of one mutant run: the app of a copy of the repository (its server/ edited by one
// mutant), started the way `npm start` starts it (buildApp without response validation, the job
// worker running, so webhook deliveries go out and are signed) on a fresh in-memory database, with
// the settings of a contract run (server-env.ts: example hosts on loopback, a high rate-limit
// multiplier). Prints one JSON line, { baseUrl, adminToken }, once it listens; stops on SIGTERM.
//
// It runs from the copy's own bundle (bundle.ts): the copy's server modules are bundled with this
// file, so this checkout's server is never loaded beside them (types only come from here).
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type * as AppModule from '../../server/app.js';
import type * as ClockModule from '../../server/clock.js';
import type * as ConfigModule from '../../server/config.js';
import type * as LoggerModule from '../../server/logger.js';
import type * as DbModule from '../../server/store/db.js';
import type * as WiringModule from '../../server/wiring.js';
import type * as RunnerModule from '../../server/jobs/runner.js';
import type * as GateModule from '../../server/jobs/request-gate.js';
import { CONTRACT_SERVER_ENV, resolveExampleHosts, TEST_PREFIX } from '../contract/server-env.js';
import { MUTANT_CLOCK_START } from './clock-start.js';

/** The copy's modules the server is made of, imported by the copy's entry (bundle.ts). */
export interface CopyModules {
  app: typeof AppModule;
  clocks: typeof ClockModule;
  configs: typeof ConfigModule;
  loggers: typeof LoggerModule;
  dbs: typeof DbModule;
  wiring: typeof WiringModule;
  runner: typeof RunnerModule;
  gates: typeof GateModule;
}

export async function serveCopy({ app, clocks, configs, loggers, dbs, wiring, runner, gates }: CopyModules): Promise<void> {
  const adminToken = `adm_${randomBytes(24).toString('hex')}`;
  const config = configs.loadConfig({
    ...CONTRACT_SERVER_ENV,
    PORT: '0',
    SVC_CLOCK: 'manual',
    SVC_ADMIN_TOKEN: adminToken,
    LOG_LEVEL: 'silent',
  });
  const database = await dbs.openDatabase({ dataDir: 'memory://' });
  const deps = wiring.wireDeps({
    config,
    db: database.db,
    engine: database.engine,
    changes: database.changes,
    clock: new clocks.ManualClock(new Date(MUTANT_CLOCK_START)),
    logger: loggers.createLogger('silent'),
    resolveHost: resolveExampleHosts,
    requestGate: gates.createRequestGate(),
  });
  const built = await app.buildApp(deps);
  const server = built.app.listen(0, '127.0.0.1');
  app.answerClientErrors(server);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  await runner.ensureRecurring(deps, built.jobs);
  const worker = runner.startWorker(deps, built.jobs, { changes: database.changes });

  process.once('SIGTERM', () => {
    void (async () => {
      server.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), worker.stop()]);
      await deps.requestLog.close();
      await database.close();
      process.exit(0);
    })();
  });
  process.stdout.write(
    `${JSON.stringify({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}${TEST_PREFIX}`, adminToken })}\n`,
  );
}
