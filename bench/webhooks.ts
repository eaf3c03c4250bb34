// Signed webhook deliveries per second through the durable queue (D-22), on PGlite and on PostgreSQL,
// each against a bare undici POST loop to the same receiver measured in the same run, so the printed
// ratios hold on any machine. Not a test: it asserts nothing beyond "everything arrived" and prints
// figures.
//   npm run bench:webhooks [-- --deliveries 500 --rounds 3]
//
// The queue path is what one worker does: `emitEvent` writes N deliveries (one transaction, not
// timed), then the worker loop `runDueJobs` claims each job under its lease, checks the URL (D-23),
// signs (D-20), POSTs with undici over a fresh connection pinned to the checked address, records the
// attempt and settles the delivery, until all N have succeeded (timed). The baseline is a loop of
// sequential undici POSTs (at least 2000, for a steadier figure) of a body of the same size to the
// same receiver, on a kept-alive connection, with nothing else: one worker against one loop, both
// sequential. A middle row times the signed POST alone (postWebhook, no database).
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Agent, request } from 'undici';
import { RealClock } from '../server/clock.js';
import { loadConfig } from '../server/config.js';
import type { AppDeps } from '../server/deps.js';
import { createAccount } from '../server/domain/accounts/accounts.js';
import { newId } from '../server/ids.js';
import { generateWebhookSecret } from '../server/domain/webhooks/endpoints.js';
import { createJobRegistry } from '../server/job-registry.js';
import { runDueJobs } from '../server/jobs/runner.js';
import { createLogger } from '../server/logger.js';
import { openDatabase, type OpenDatabase } from '../server/store/db.js';
import { apiKeys, webhookDeliveries, webhookEndpoints } from '../server/store/schema/index.js';
import { emitEvent } from '../server/delivery/events.js';
import { postWebhook } from '../server/delivery/post.js';
import { sealEndpointSecret } from '../server/delivery/endpoint-secrets.js';
import { deliveryHeaders } from '../server/delivery/signing.js';
import { createThrowawayDatabase, POSTGRES_ADMIN_URL, redactedUrl, type ThrowawayDatabase } from '../test/support/postgres.js';
import { wireDeps } from '../server/wiring.js';

const COMMAND = 'npm run bench:webhooks';
const { values } = parseArgs({ options: { deliveries: { type: 'string', default: '500' }, rounds: { type: 'string', default: '3' } } });
const deliveries = Number(values.deliveries);
const rounds = Number(values.rounds);
const EVENT = 'abn_registration.status_changed';

// The receiver: reads the body and acknowledges at once, counting what arrived.
let received = 0;
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.writeHead(204).end();
  });
});
receiver.listen(0, '127.0.0.1');
await once(receiver, 'listening');
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

function payload(i: number): Record<string, unknown> {
  return {
    event: EVENT,
    requestId: 100_000 + i,
    interaction: 'abnreg.lodge',
    status: 'finished',
    timestamp: new Date().toISOString(),
    entityName: 'SANDBOX TRADING PTY LTD',
    acn: '100000011',
    abn: '60100000011',
  };
}
/** What a stored delivery body looks like (the payload plus its deliveryId): the baseline sends this many bytes. */
const sampleBody = JSON.stringify({ ...payload(0), deliveryId: newId('dlv') });

/** N sequential POSTs of a body of the delivery's size on one kept-alive connection: the ceiling. */
async function bareLoop(n: number): Promise<number> {
  const agent = new Agent({ connections: 1 });
  const before = received;
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const response = await request(receiverUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: sampleBody,
      dispatcher: agent,
    });
    await response.body.dump();
    if (response.statusCode !== 204) throw new Error(`receiver answered ${response.statusCode}`);
  }
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  if (received - before !== n) throw new Error(`bare loop: ${received - before} of ${n} arrived`);
  return n / seconds;
}

interface Engine {
  label: string;
  deps: AppDeps;
  accountId: string;
  close: () => Promise<void>;
}

async function prepare(label: string, opened: OpenDatabase, close: () => Promise<void>): Promise<Engine> {
  const config = loadConfig({ LOG_LEVEL: 'silent', SVC_WEBHOOK_ALLOW_LOCAL: '1', SVC_ADMIN_TOKEN: 'bench-admin-token-0123456789' });
  const deps: AppDeps = wireDeps({ config, db: opened.db, engine: opened.engine, clock: new RealClock(), logger: createLogger('silent') });
  const { account } = await createAccount({
    ctx: deps,
    input: {
      name: 'Bench',
      ownerEmail: 'bench@example.com',
      plan: 'standard',
      billing: 'card',
      cardStatus: 'valid',
    },
  });
  const [key] = await deps.db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, account.id), eq(apiKeys.type, 'secret'), eq(apiKeys.environment, 'test')));
  const now = deps.clock.now();
  const endpointId = newId('we');
  await deps.db.insert(webhookEndpoints).values({
    id: endpointId,
    accountId: account.id,
    keyId: key!.id,
    environment: 'test',
    url: receiverUrl,
    eventTypes: ['*'],
    enabled: true,
    // Sealed as the API stores it, so every timed attempt opens it as a real delivery does.
    secretSealed: sealEndpointSecret(deps.sealer, endpointId, generateWebhookSecret()),
    createdAt: now,
    updatedAt: now,
  });
  return { label, deps, accountId: account.id, close };
}

/** Emits N deliveries in one transaction (untimed), then times the worker loop until every one succeeded. */
async function queueRound(engine: Engine, n: number): Promise<number> {
  const { deps } = engine;
  const registry = createJobRegistry(deps.config);
  const ids = await deps.db.transaction(async (tx) => {
    const written: string[] = [];
    for (let i = 0; i < n; i++) {
      written.push(
        ...(await emitEvent(tx, deps.clock, { accountId: engine.accountId, environment: 'test', event: EVENT, payload: payload(i) })),
      );
    }
    return written;
  });
  if (ids.length !== n) throw new Error(`emitted ${ids.length} of ${n}`);
  const before = received;
  const started = performance.now();
  let ran = 0;
  while (ran < n) ran += await runDueJobs(deps, registry);
  const seconds = (performance.now() - started) / 1000;
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.id, ids), eq(webhookDeliveries.status, 'succeeded')));
  if (row?.n !== n || received - before !== n)
    throw new Error(`${engine.label}: ${row?.n} succeeded, ${received - before} arrived, of ${n}`);
  return n / seconds;
}

async function postgresEngine(): Promise<Engine | string> {
  let database: ThrowawayDatabase;
  try {
    database = await createThrowawayDatabase();
  } catch (error) {
    return `skipped: no PostgreSQL at ${redactedUrl(POSTGRES_ADMIN_URL)} (${error instanceof Error ? error.message : String(error)})`;
  }
  const opened = await openDatabase({ databaseUrl: database.url });
  const shown = (await opened.db.execute(sql`show server_version`)) as unknown as { rows: { server_version: string }[] };
  const version = shown.rows[0];
  const drop = async (): Promise<void> => {
    await opened.close();
    await database.drop();
  };
  return prepare(`PostgreSQL ${version?.server_version.split(' ')[0] ?? ''}`.trim(), opened, drop);
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The HTTP part of an attempt alone: signed headers and postWebhook's fresh connection pinned to the address, no database. */
async function attemptLoop(n: number): Promise<number> {
  const secret = generateWebhookSecret();
  const before = received;
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = deliveryHeaders({ deliveryId: 'dlv_bench', event: EVENT, body: sampleBody, secret, timestamp });
    const outcome = await postWebhook({ url: receiverUrl, addresses: ['127.0.0.1'], headers, body: sampleBody, timeoutMs: 15_000 });
    if (outcome.errorClass !== null) throw new Error(`attempt failed: ${outcome.errorClass}`);
  }
  const seconds = (performance.now() - started) / 1000;
  if (received - before !== n) throw new Error(`attempt loop: ${received - before} of ${n} arrived`);
  return n / seconds;
}

const engines: Engine[] = [];
const pglite = await openDatabase({ dataDir: 'memory://' });
engines.push(await prepare('PGlite (embedded)', pglite, () => pglite.close()));
const postgres = await postgresEngine();
if (typeof postgres === 'string') process.stderr.write(`PostgreSQL ${postgres}\n`);
else engines.push(postgres);

/** Warms up, measures every target and prints the table. */
async function run(): Promise<void> {
  /** A bare loop of a few hundred requests lasts a few tens of milliseconds: run more for a steadier figure. */
  const bareCount = Math.max(deliveries, 2000);

  // Warm-up: connections, JIT, prepared statements.
  await bareLoop(Math.min(200, bareCount));
  await attemptLoop(Math.min(50, deliveries));
  for (const engine of engines) await queueRound(engine, Math.min(50, deliveries));

  interface Target {
    engine: string;
    path: string;
    run: (n: number) => Promise<number>;
  }

  const targets: Target[] = [
    { engine: '-', path: 'signed POST alone: fresh connection pinned to the checked address (postWebhook), no queue', run: attemptLoop },
    ...engines.map((engine) => ({
      engine: engine.label,
      path: 'durable queue: runDueJobs claims, signs, POSTs, records, settles',
      run: (n: number) => queueRound(engine, n),
    })),
  ];

  interface Row {
    engine: string;
    path: string;
    rate: number;
    baseline: number;
    ratio: number;
  }

  // Each round of a target is paired with a bare loop just before it, so both see the same machine load;
  // the ratio is the median of the per-round ratios.
  const rows: Row[] = [];
  for (const target of targets) {
    const measured: { rate: number; baseline: number }[] = [];
    for (let round = 0; round < rounds; round++) {
      const baseline = await bareLoop(bareCount);
      measured.push({ baseline, rate: await target.run(deliveries) });
    }
    rows.push({
      engine: target.engine,
      path: target.path,
      rate: median(measured.map((r) => r.rate)),
      baseline: median(measured.map((r) => r.baseline)),
      ratio: median(measured.map((r) => r.rate / r.baseline)),
    });
  }

  const [one, five] = loadavg();
  console.log(
    `\n${deliveries} deliveries per round (bare loop: ${bareCount} POSTs), ${rounds} rounds, medians; 1 worker, sequential; ` +
      `body ${Buffer.byteLength(sampleBody)} bytes; receiver on loopback answering 204; Node ${process.version}; ` +
      `load average ${one!.toFixed(1)} / ${five!.toFixed(1)}`,
  );
  console.log('| command | engine | path | deliveries/s | bare undici POST loop, same rounds (req/s) | ratio |');
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| \`${COMMAND}\` | ${row.engine} | ${row.path} | ${Math.round(row.rate)} | ${Math.round(row.baseline)} | ${row.ratio.toFixed(3)} |`,
    );
  }
  if (typeof postgres === 'string') console.log(`| \`${COMMAND}\` | PostgreSQL | ${postgres} | - | - | - |`);
}

// The throw-away PostgreSQL database is dropped even when a round fails.
let failed = false;
try {
  await run();
} catch (error) {
  failed = true;
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
} finally {
  for (const engine of engines) await engine.close();
  receiver.close();
}
process.exit(failed ? 1 : 0);
