// Signed durable webhook deliveries per second, and the time from an event to its first attempt, on
// PostgreSQL with one and with two worker processes and on PGlite. Not a test: it asserts nothing
// beyond "everything arrived" and prints figures.
//   npm run bench:webhooks [-- --deliveries 2000 --rounds 3 --endpoints 4 --rate 100 --seconds 3 --engines postgres,pglite --profile DIR]
//
// Processes: the receiver runs in a child of its own (bench/webhooks/receiver.ts, answers 204 at
// once and reports first arrivals over IPC). On PostgreSQL each worker is `node scripts/start.mjs
// --role worker` (what `npm start -- --role worker` runs), and this process only writes events into
// the database, as the API would. PGlite can be opened by one process only, so there the worker
// loop runs in this process next to the writes, as it does inside `npm start`.
//
// Throughput: one transaction writes --deliveries deliveries (events fanned out to --endpoints
// endpoints of one account, all on the receiver); the clock starts at its commit and stops when
// the database shows every delivery succeeded (attempt recorded, delivery settled). Latency: events
// written one per transaction at --rate per second for --seconds; each delivery's first arrival at
// the receiver minus its event's commit. The ceiling row is undici alone: the same number of
// POSTs of the same body, 64 at once over kept-alive connections, measured in the same run.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Agent, request } from 'undici';
import { RealClock } from '../server/clock.js';
import { loadConfig } from '../server/config.js';
import type { AppDeps } from '../server/deps.js';
import { createAccount } from '../server/domain/accounts/accounts.js';
import { generateWebhookSecret } from '../server/domain/webhooks/endpoints.js';
import { emitEvent } from '../server/delivery/events.js';
import { sealEndpointSecret } from '../server/delivery/endpoint-secrets.js';
import { newId } from '../server/ids.js';
import { createJobRegistry } from '../server/job-registry.js';
import { startWorker } from '../server/jobs/runner.js';
import { createLogger } from '../server/logger.js';
import { openDatabase, type OpenDatabase } from '../server/store/db.js';
import { apiKeys, webhookDeliveries, webhookEndpoints } from '../server/store/schema/index.js';
import { wireDeps } from '../server/wiring.js';
import { createThrowawayDatabase, POSTGRES_ADMIN_URL, redactedUrl } from '../test/support/postgres.js';
import { startProcess, type Running } from './http/processes.js';
import type { ReceiverMessage, ReceiverRequest } from './webhooks/receiver.js';
import { benchOptions } from './options.js';

const COMMAND = 'npm run bench:webhooks';
const values = benchOptions({
  script: 'bench:webhooks',
  purpose: 'Signed durable webhook deliveries per second, and the time from an event to its first attempt.',
  options: {
    deliveries: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '3' },
    endpoints: { type: 'string', default: '4' },
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '3' },
    engines: { type: 'string', default: 'postgres,pglite' },
    /** Writes a CPU profile of each PostgreSQL worker process into this folder (node --cpu-prof). */
    profile: { type: 'string' },
  },
});
const deliveries = Number(values.deliveries);
const rounds = Number(values.rounds);
const endpointCount = Number(values.endpoints);
const rate = Number(values.rate);
const seconds = Number(values.seconds);
const engines = values.engines.split(',');
const EVENT = 'abn_registration.status_changed';
const SECRET_KEY = randomBytes(32).toString('base64url');

// --- the receiver, in its own process ---------------------------------------------------------
const receiverChild: ChildProcess = fork('bench/webhooks/receiver.ts', [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
const [listening] = (await once(receiverChild, 'message')) as [ReceiverMessage];
if (listening.type !== 'listening') throw new Error('receiver did not start');
const receiverUrl = listening.url;

async function ask(message: ReceiverRequest): Promise<Extract<ReceiverMessage, { type: 'arrivals' }>> {
  const reply = once(receiverChild, 'message') as Promise<[ReceiverMessage]>;
  receiverChild.send(message);
  const [answer] = await reply;
  if (answer.type !== 'arrivals') throw new Error('unexpected receiver message');
  return answer;
}

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
const sampleBody = JSON.stringify({ ...payload(0), deliveryId: newId('dlv') });

/** The ceiling: n POSTs of a delivery's body, `concurrency` at once over kept-alive connections. */
async function bareConcurrent(n: number, concurrency = 64): Promise<number> {
  const agent = new Agent({ connections: concurrency });
  await ask({ type: 'reset' });
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next++;
        const response = await request(`${receiverUrl}/hooks/bare`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: sampleBody,
          dispatcher: agent,
        });
        await response.body.dump();
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  await agent.close();
  const { requests } = await ask({ type: 'arrivals' });
  if (requests !== n) throw new Error(`bare: ${requests} of ${n} arrived`);
  return n / elapsed;
}

// --- a database with one account and its endpoints, and the workers on it ----------------------
interface Setup {
  engine: string;
  workers: number;
  deps: AppDeps;
  accountId: string;
  close: () => Promise<void>;
}

function benchConfig(): ReturnType<typeof loadConfig> {
  return loadConfig({
    LOG_LEVEL: 'silent',
    SVC_WEBHOOK_ALLOW_LOCAL: '1',
    SVC_SECRET_KEY: SECRET_KEY,
    SVC_ADMIN_TOKEN: 'bench-admin-token-0123456789',
  });
}

async function seed(opened: OpenDatabase): Promise<{ deps: AppDeps; accountId: string }> {
  const config = benchConfig();
  const deps = wireDeps({ config, db: opened.db, engine: opened.engine, clock: new RealClock(), logger: createLogger('silent') });
  const { account } = await createAccount({
    ctx: deps,
    input: { name: 'Bench', ownerEmail: 'bench@example.com', plan: 'standard', billing: 'card', cardStatus: 'valid' },
  });
  const [key] = await deps.db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, account.id), eq(apiKeys.type, 'secret'), eq(apiKeys.environment, 'test')));
  const now = deps.clock.now();
  for (let i = 0; i < endpointCount; i++) {
    const endpointId = newId('we');
    await deps.db.insert(webhookEndpoints).values({
      id: endpointId,
      accountId: account.id,
      keyId: key!.id,
      environment: 'test',
      url: `${receiverUrl}/hooks/${i}`,
      eventTypes: ['*'],
      enabled: true,
      // Sealed as the API stores it, so every attempt opens it as a real delivery does.
      secretSealed: sealEndpointSecret(deps.sealer, endpointId, generateWebhookSecret()),
      createdAt: now,
      updatedAt: now,
    });
  }
  return { deps, accountId: account.id };
}

async function postgresSetup(workers: number): Promise<Setup> {
  const database = await createThrowawayDatabase();
  const opened = await openDatabase({ databaseUrl: database.url });
  const shown = (await opened.db.execute(sql`show server_version`)) as unknown as { rows: { server_version: string }[] };
  const { deps, accountId } = await seed(opened);
  const { DATABASE_URL: _a, SVC_DATA_DIR: _b, PORT: _c, SVC_ROLE: _d, SVC_CLOCK: _e, REDIS_URL: _f, ...env } = process.env;
  const running: Running[] = [];
  for (let i = 0; i < workers; i++) {
    running.push(
      await startProcess(
        `worker ${i + 1}`,
        process.execPath,
        [...(values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : []), 'scripts/start.mjs', '--role', 'worker'],
        { ...env, DATABASE_URL: database.url, SVC_SECRET_KEY: SECRET_KEY, SVC_WEBHOOK_ALLOW_LOCAL: '1', LOG_LEVEL: 'warn' },
        /(Registry worker running)/,
      ),
    );
  }
  return {
    engine: `PostgreSQL ${shown.rows[0]?.server_version.split(' ')[0] ?? ''}`.trim(),
    workers,
    deps,
    accountId,
    close: async () => {
      await Promise.all(running.map((worker) => worker.stop()));
      await opened.close();
      await database.drop();
    },
  };
}

async function pgliteSetup(): Promise<Setup> {
  const opened = await openDatabase({ dataDir: 'memory://' });
  const { deps, accountId } = await seed(opened);
  const worker = startWorker(deps, createJobRegistry(deps.config), { changes: opened.changes });
  return {
    engine: 'PGlite (embedded)',
    workers: 1,
    deps,
    accountId,
    close: async () => {
      await worker.stop();
      await opened.close();
    },
  };
}

// --- the measurements ---------------------------------------------------------------------------
async function emit(setup: Setup, db: AppDeps['db'], i: number): Promise<string[]> {
  return emitEvent(db, setup.deps.clock, { accountId: setup.accountId, environment: 'test', event: EVENT, payload: payload(i) });
}

async function succeededCount(setup: Setup, ids: string[]): Promise<number> {
  let total = 0;
  // In slices: one statement with thousands of parameters is slow on PGlite.
  for (let i = 0; i < ids.length; i += 500) {
    const [row] = await setup.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(and(inArray(webhookDeliveries.id, ids.slice(i, i + 500)), eq(webhookDeliveries.status, 'succeeded')));
    total += row?.n ?? 0;
  }
  return total;
}

async function untilSucceeded(setup: Setup, ids: string[], timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const done = await succeededCount(setup, ids);
    if (done === ids.length) return;
    if (Date.now() > deadline) throw new Error(`${setup.engine}: ${done} of ${ids.length} succeeded after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A backlog of n deliveries written at once: deliveries per second from its commit to the last settled. */
async function throughput(setup: Setup, n: number): Promise<number> {
  await ask({ type: 'reset' });
  const events = Math.ceil(n / endpointCount);
  const ids = await setup.deps.db.transaction(async (tx) => {
    const written: string[] = [];
    for (let i = 0; i < events; i++) written.push(...(await emit(setup, tx, i)));
    return written;
  });
  const started = Date.now();
  await untilSucceeded(setup, ids);
  const elapsed = (Date.now() - started) / 1000;
  const { arrivals } = await ask({ type: 'arrivals' });
  if (arrivals.length < ids.length) throw new Error(`${setup.engine}: ${arrivals.length} of ${ids.length} arrived`);
  return ids.length / elapsed;
}

interface Latency {
  p50: number;
  p99: number;
  max: number;
  count: number;
}

/** Events at a steady rate, one transaction each: first arrival minus commit, per delivery. */
async function latency(setup: Setup): Promise<Latency> {
  await ask({ type: 'reset' });
  const committedAt = new Map<string, number>();
  const total = Math.round(rate * seconds);
  const started = Date.now();
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / rate - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const ids = await setup.deps.db.transaction((tx) => emit(setup, tx, i));
    const at = Date.now();
    for (const id of ids) committedAt.set(id, at);
  }
  await untilSucceeded(setup, [...committedAt.keys()]);
  const { arrivals } = await ask({ type: 'arrivals' });
  const waits = arrivals
    .filter(([id]) => committedAt.has(id))
    .map(([id, at]) => Math.max(0, at - committedAt.get(id)!))
    .sort((a, b) => a - b);
  if (waits.length !== committedAt.size) throw new Error(`${setup.engine}: ${waits.length} of ${committedAt.size} arrived`);
  const at = (q: number): number => waits[Math.min(waits.length - 1, Math.floor(q * waits.length))]!;
  return { p50: at(0.5), p99: at(0.99), max: waits[waits.length - 1]!, count: waits.length };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Row {
  setup: Pick<Setup, 'engine' | 'workers'>;
  rate: number;
  ceiling: number;
  latency: Latency;
}

async function measure(open: () => Promise<Setup>): Promise<Row> {
  const setup = await open();
  try {
    await throughput(setup, Math.min(200, deliveries)); // warm-up: connections, JIT, plans
    const measured: { rate: number; ceiling: number }[] = [];
    for (let round = 0; round < rounds; round++) {
      const ceiling = await bareConcurrent(deliveries);
      measured.push({ ceiling, rate: await throughput(setup, deliveries) });
    }
    return {
      setup,
      rate: median(measured.map((m) => m.rate)),
      ceiling: median(measured.map((m) => m.ceiling)),
      latency: await latency(setup),
    };
  } finally {
    await setup.close();
  }
}

const rows: Row[] = [];
const skipped: string[] = [];
let failed = false;
try {
  let postgres = engines.includes('postgres');
  try {
    if (postgres) await (await createThrowawayDatabase()).drop();
  } catch (error) {
    postgres = false;
    skipped.push(
      `PostgreSQL skipped: none at ${redactedUrl(POSTGRES_ADMIN_URL)} (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (postgres) {
    rows.push(await measure(() => postgresSetup(1)));
    rows.push(await measure(() => postgresSetup(2)));
  }
  if (engines.includes('pglite')) rows.push(await measure(pgliteSetup));

  const [one, five] = loadavg();
  console.log(
    `\n${deliveries} deliveries per round to ${endpointCount} endpoints, ${rounds} rounds, medians; latency: ${rate} events/s for ${seconds} s ` +
      `(${endpointCount} deliveries each); body ${Buffer.byteLength(sampleBody)} bytes; receiver on loopback in its own process answering 204; ` +
      `defaults SVC_WEBHOOK_CONCURRENCY 64, SVC_WEBHOOK_ENDPOINT_CONCURRENCY 16; Node ${process.version}; load average ${one!.toFixed(1)} / ${five!.toFixed(1)}`,
  );
  console.log(
    '| command | engine | worker processes | deliveries/s | undici alone, 64 at once (req/s) | ratio | event to first attempt p50 / p99 / max (ms) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const workers = row.setup.engine.startsWith('PGlite') ? '1 (in the process that owns the database)' : String(row.setup.workers);
    console.log(
      `| \`${COMMAND}\` | ${row.setup.engine} | ${workers} | ${Math.round(row.rate)} | ${Math.round(row.ceiling)} | ${(row.rate / row.ceiling).toFixed(3)} | ` +
        `${row.latency.p50} / ${row.latency.p99} / ${row.latency.max} |`,
    );
  }
  for (const line of skipped) console.log(line);
} catch (error) {
  failed = true;
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
} finally {
  receiverChild.kill();
}
process.exit(failed ? 1 : 0);
