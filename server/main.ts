// npm start: API, docs at /docs and the job worker in one process on the embedded database.
// `--role api` or `--role worker` (or SVC_ROLE) splits them for scale-out against one PostgreSQL.
import { parseArgs } from 'node:util';
import type { Server } from 'node:http';
import { answerClientErrors, buildApp } from './app.js';
import { RealClock } from './clock.js';
import { SharedManualClock } from './store/shared-clock.js';
import { ConfigError, loadConfig } from './config.js';
import { ensureDemoAccount } from './demo.js';
import { assertSealingKeyOpens, sealPlaintextSecrets } from './delivery/endpoint-secrets.js';
import type { AppDeps } from './deps.js';
import { ensureRecurring, startWorker, type Worker } from './jobs/runner.js';
import { createLogger } from './logger.js';
import { openDatabase } from './store/db.js';
import { wireDeps } from './wiring.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { role: { type: 'string' } }, allowPositionals: false });
  const config = loadConfig({ ...process.env, ...(values.role ? { SVC_ROLE: values.role } : {}) });
  const logger = createLogger(config.LOG_LEVEL);
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.SVC_DATA_DIR });
  // The manual clock lives in the database, so an API and a worker process share one time.
  const clock =
    config.SVC_CLOCK === 'manual'
      ? await SharedManualClock.open(database.db, config.SVC_CLOCK_START ? new Date(config.SVC_CLOCK_START) : new Date())
      : new RealClock();
  const deps: AppDeps = wireDeps({
    config,
    db: database.db,
    engine: database.engine,
    changes: database.changes,
    clock,
    logger,
    embeddedDir: config.SVC_DATA_DIR,
  });
  // Secrets at rest: a key that does not open what is stored stops the start; plaintext secrets left
  // by an earlier version are sealed now.
  await assertSealingKeyOpens(deps);
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

  const { app, jobs, pending } = await buildApp(deps);
  let server: Server | undefined;
  let worker: Worker | undefined;
  if (config.SVC_ROLE !== 'api') {
    await ensureRecurring(deps, jobs);
    worker = startWorker(deps, jobs, { changes: database.changes });
  }
  if (config.SVC_ROLE !== 'worker') {
    const demo = await ensureDemoAccount(deps);
    server = app.listen(config.PORT, config.HOST);
    answerClientErrors(server);
    await new Promise<void>((resolve) => server!.once('listening', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const base = `http://${config.HOST}:${port}`;
    const lines = [
      `Registry service listening on ${base} (${database.engine}, ${clock.mode} clock, ready in ${Date.now() - started} ms)`,
      `  docs:  ${base}/docs`,
      `  console: ${base}/console/ (sign in with the admin token)`,
    ];
    const pendingCount = pending.public.length + pending.operator.length;
    if (pendingCount > 0)
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
    // Printed to stdout on purpose (not the JSON log): this is what a newcomer reads.
    process.stdout.write(`${lines.join('\n')}\n`);
  } else {
    process.stdout.write(`Registry worker running (${database.engine}, ${clock.mode} clock, ready in ${Date.now() - started} ms)\n`);
  }

  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
    await Promise.all([
      server ? new Promise<void>((resolve) => server!.close(() => resolve())) : Promise.resolve(),
      worker ? worker.stop() : Promise.resolve(),
    ]);
    await deps.counters.close?.();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
