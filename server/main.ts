// npm start: API, docs at /docs and the job worker in one process on the embedded database.
// `--role api` or `--role worker` (or SVC_ROLE) splits them for scale-out against one PostgreSQL;
// `--processes N` (or SVC_PROCESSES; on PostgreSQL one per two cores by default, D-84) runs N API
// processes on the one port, with the job worker and what must happen once in the primary (server/cluster.ts).
import { parseArgs } from 'node:util';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { answerClientErrors, buildApp, connectionGuardsOf, pendingOfService, type BuiltApp } from './app.js';
import { guardConnections } from './http/connection-guards.js';
import { RealClock } from './clock.js';
import { chooseApiProcesses, isApiProcess, primaryLink, startApiProcesses, type ApiProcesses } from './cluster.js';
import { SharedManualClock } from './store/shared-clock.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { ensureDemoAccount } from './demo.js';
import { assertSealingKeyOpens, sealPlaintextSecrets } from './delivery/endpoint-secrets.js';
import type { AppDeps, Startup } from './deps.js';
import { createJobRegistry } from './job-registry.js';
import { createRequestGate, workerSharesApiProcess } from './jobs/request-gate.js';
import { ensureRecurring, startWorker, type Worker } from './jobs/runner.js';
import { createLogger } from './logger.js';
import { installLazySourceMaps } from './stack-source-maps.js';
import { openDatabase } from './store/db.js';
import { wireDeps } from './wiring.js';

/** How long after "listening" the worker of `npm start` on the embedded database starts. */
const EMBEDDED_WORKER_DELAY_MS = 1_000;
/** How long after "listening" the work the start left for later begins (after the worker's start). */
const AFTER_START_DELAY_MS = 2_000;

/** What the newcomer reads once the service listens (stdout on purpose, not the JSON log). */
function readyLines(options: {
  base: string;
  what: string;
  config: Config;
  /** How many API processes serve, and the rule that chose it (D-84). */
  processes: string;
  pending: BuiltApp['pending'];
  demo: Awaited<ReturnType<typeof ensureDemoAccount>>;
}): string[] {
  const { base, config, pending, demo } = options;
  const lines = [
    `Registry service listening on ${base} (${options.what})`,
    `  processes: ${options.processes}`,
    `  docs:  ${base}/docs`,
    `  console: ${base}/console/ (sign in with the admin token)`,
  ];
  if (pending.public.length + pending.operator.length > 0)
    lines.push(`  not implemented yet (answer 501): ${[...pending.public, ...pending.operator.map((id) => `admin:${id}`)].join(', ')}`);
  if (config.adminTokenGenerated) lines.push(`  admin token (generated, set SVC_ADMIN_TOKEN to fix it): ${config.adminToken}`);
  if (demo) {
    lines.push(
      `  demo account ${demo.accountId} created; its keys are shown this once:`,
      `    secret test:      ${demo.keys.secretTest}`,
      `    publishable test: ${demo.keys.publishableTest}`,
      `    secret live:      ${demo.keys.secretLive}`,
      `    publishable live: ${demo.keys.publishableLive}`,
      `  try: curl -H "Authorization: Bearer ${demo.keys.secretTest}" "${base}/api/test/v2/helpers/company-name-availability?name=Sandbox%20Trading%20Pty%20Ltd"`,
    );
  }
  return lines;
}

/** The banner's account of the processes: how many serve, where the worker runs, and the rule that chose the count. */
function processesLine(count: number, runsWorker: boolean, rule: string): string {
  const serving = count === 1 ? '1 API process' : `${count} API processes`;
  const worker = !runsWorker ? 'no job worker (--role api)' : count === 1 ? 'with the job worker' : 'the job worker in their primary';
  return `${serving}, ${worker} (${rule})`;
}

/** The start's own work as AppDeps.startup reads it, and the call that ends it. */
function startupTracker(): { state: Startup; finish: () => void } {
  let done = false;
  let finish = (): void => undefined;
  const settled = new Promise<void>((resolve) => {
    finish = () => {
      done = true;
      resolve();
    };
  });
  return { state: { done: () => done, settled }, finish };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { role: { type: 'string' }, processes: { type: 'string' } }, allowPositionals: false });
  const config = loadConfig({
    ...process.env,
    ...(values.role ? { SVC_ROLE: values.role } : {}),
    ...(values.processes ? { SVC_PROCESSES: values.processes } : {}),
  });
  const logger = createLogger(config.LOG_LEVEL);
  const started = Date.now();
  const apiProcess = isApiProcess();
  // The primary of several API processes serves no HTTP itself: it runs the worker (unless --role api).
  const processChoice = apiProcess ? { count: 1, rule: 'an API process of several' } : chooseApiProcesses(config);
  const apiProcesses = processChoice.count;
  const primary = apiProcesses > 1;
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.SVC_DATA_DIR });
  // The manual clock lives in the database, so an API and a worker process share one time.
  const clock =
    config.SVC_CLOCK === 'manual'
      ? await SharedManualClock.open(database.db, config.SVC_CLOCK_START ? new Date(config.SVC_CLOCK_START) : new Date())
      : new RealClock();
  const link = apiProcess ? primaryLink() : undefined;
  const runsWorker = config.SVC_ROLE !== 'api' && !apiProcess;
  // What an advance of the manual clock relies on (D-63): /readyz says 503 and advances wait until it is done.
  const startup = startupTracker();
  const deps: AppDeps = wireDeps({
    config,
    db: database.db,
    engine: database.engine,
    changes: database.changes,
    clock,
    logger,
    embeddedDir: config.SVC_DATA_DIR,
    // Where the API and the worker share this process (its one thread, and on PGlite the database's one
    // connection), requests in flight go first: the worker's jobs never starve the API (D-85).
    ...(workerSharesApiProcess(config.SVC_ROLE, apiProcesses) ? { requestGate: createRequestGate() } : {}),
    ...(link ? { processes: link } : {}),
    startup: startup.state,
  });
  // Secrets at rest: a key that does not open what is stored stops the start; plaintext secrets left
  // by an earlier version are sealed now (once, by the primary of several processes).
  await assertSealingKeyOpens(deps);
  if (!apiProcess) {
    const sealed = await sealPlaintextSecrets(deps);
    if (sealed > 0) logger.info({ sealed }, 'sealed plaintext webhook signing secrets left by an earlier version');
    if (config.SVC_WEBHOOK_ALLOW_LOCAL)
      logger.warn('SVC_WEBHOOK_ALLOW_LOCAL is on: webhooks may be sent to http: and loopback addresses (development only).');
    // Absolute URLs in answers are built on SVC_PUBLIC_URL, by default HOST:PORT (D-54): on every interface
    // that default names no address a client can reach.
    if (config.SVC_ROLE !== 'worker' && !config.SVC_PUBLIC_URL && ['0.0.0.0', '::', '[::]'].includes(config.HOST))
      logger.warn(
        `HOST is ${config.HOST} and SVC_PUBLIC_URL is unset: set SVC_PUBLIC_URL to the address clients use, or links such as documentUrl point at ${config.HOST}.`,
      );
  }

  const built = primary ? undefined : await buildApp(deps);
  const jobs = built?.jobs ?? createJobRegistry(config);
  let server: Server | undefined;
  let worker: Worker | undefined;
  let children: ApiProcesses | undefined;
  let afterStart: Promise<void> = Promise.resolve();
  let afterStartNow = (): void => undefined;
  let jobsStarting: Promise<void> = Promise.resolve();
  let stopping = false;
  const startJobs = async (): Promise<void> => {
    await ensureRecurring(deps, jobs);
    worker = startWorker(deps, jobs, { changes: database.changes });
    startup.finish();
  };
  // A process without the worker (an API process of several, `--role api`) queues the recurring jobs
  // itself before it listens: one statement, and an advance sent to it never finds them missing.
  if (!runsWorker && config.SVC_ROLE !== 'worker') {
    await ensureRecurring(deps, jobs);
    startup.finish();
  }
  if (config.SVC_ROLE !== 'worker') {
    const demo = apiProcess ? null : await ensureDemoAccount(deps);
    let port: number;
    if (built) {
      server = built.app.listen(config.PORT, config.HOST);
      answerClientErrors(server);
      guardConnections(server, connectionGuardsOf(config, built.app));
      await new Promise<void>((resolve) => server!.once('listening', resolve));
      const address = server.address();
      port = typeof address === 'object' && address ? address.port : config.PORT;
    } else {
      children = startApiProcesses({
        count: apiProcesses,
        entry: fileURLToPath(import.meta.url),
        logger,
        answers: {},
      });
      port = await children.listening;
    }
    // An API process of several prints nothing: its primary speaks for all of them.
    if (!apiProcess) {
      const engine = `${database.engine}${primary ? `, ${apiProcesses} API processes` : ''}`;
      const lines = readyLines({
        base: `http://${config.HOST}:${port}`,
        what: `${engine}, ${clock.mode} clock, ready in ${Date.now() - started} ms`,
        config,
        processes: processesLine(apiProcesses, runsWorker, processChoice.rule),
        pending: built?.pending ?? pendingOfService(),
        demo,
      });
      process.stdout.write(`${lines.join('\n')}\n`);
      // Off the way to "listening", and a moment after it: what the start left for later (a new spare
      // of the prepared database, a 40 MB copy whose file callbacks took the one thread and held the
      // first requests back by 0.1 to 0.4 s). A stop before then makes it at once, so the next fresh
      // start still finds the spare.
      afterStart = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, AFTER_START_DELAY_MS);
        afterStartNow = () => {
          clearTimeout(timer);
          resolve();
        };
      })
        .then(() => database.afterStart())
        .catch((error: unknown) => logger.warn({ err: error }, 'could not prepare the next fresh data directory'));
    }
    // The recurring jobs and the worker after "listening": nothing the API answers waits on them. On
    // the embedded database their first statements take the one thread for a quarter to half a
    // second (PGlite reads the jobs table's catalog entries, indexes and trigger on first use), so
    // they start a moment later and the first requests do not queue behind them.
    if (runsWorker && database.engine === 'pglite')
      jobsStarting = new Promise<void>((resolve) => setTimeout(resolve, EMBEDDED_WORKER_DELAY_MS))
        .then(() => (stopping ? startup.finish() : startJobs()))
        .catch((error: unknown) => {
          startup.finish();
          logger.error({ err: error }, 'the job worker did not start: stopping');
          process.exitCode = 1;
          void shutdown('job worker failed');
        });
    else if (runsWorker) await startJobs();
  } else {
    await startJobs();
    process.stdout.write(`Registry worker running (${database.engine}, ${clock.mode} clock, ready in ${Date.now() - started} ms)\n`);
  }

  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    afterStartNow();
    await Promise.all([
      server ? new Promise<void>((resolve) => server!.close(() => resolve())) : Promise.resolve(),
      children ? children.stop() : Promise.resolve(),
      jobsStarting.catch(() => undefined).then(() => worker?.stop()),
      afterStart,
    ]);
    await deps.counters.close?.();
    // Best effort: what the request log still buffers is written before the database closes (D-51).
    await deps.requestLog.close();
    await database.close();
    process.exit();
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

// Before anything can fail: the stacks it would print name the sources (run from the bundle).
installLazySourceMaps(import.meta.url);
main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
