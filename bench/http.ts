// HTTP throughput of this server against its baselines, and its start times, measured in one run so
// the ratios hold on any machine. Every server runs in its own process, started the way users start
// it (`npm start`: real clock, API and worker; on PostgreSQL one API process per core unless
// --processes says otherwise); autocannon runs in another. Baselines: bare Express 5, the Prism mock
// of the same GET (`npm run mock`), and per engine the floor: bare Express with the same driver and
// only the statements the path needs (bench/http/floor-server.ts). On PostgreSQL the server is
// measured with its default processes and with one, side by side. Then `npm start` to its first
// answer on a fresh and on an existing data directory (bench/http/start-time.ts), and with
// --fresh-clone a newcomer's first start (fresh clone, npm ci, npm start). Not a test: it asserts
// nothing and prints tables.
//   npm run bench:http [-- --seconds 5 --connections 10 --engines pglite,postgres --postgres-url URL
//                          --processes N --start-runs 3 --fresh-clone]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { load, startProcess, type Load, type Running } from './http/processes.js';
import { adminJson, throwawayDatabase } from './http/setup.js';
import { measureFirstStart, measureStarts, median, type FirstStart, type StartTimes } from './http/start-time.js';
import { benchOptions } from './options.js';

const values = benchOptions({
  script: 'bench:http',
  purpose: "HTTP throughput and p99 of this server against bare Express, the Prism mock and each engine's floor, and its start times.",
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    engines: { type: 'string', default: 'pglite,postgres' },
    'postgres-url': { type: 'string', default: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres' },
    /** API processes on PostgreSQL for the "several" rows; default: what `npm start` chooses (one per core). */
    processes: { type: 'string' },
    'start-runs': { type: 'string', default: '3' },
    'fresh-clone': { type: 'boolean', default: false },
  },
});
const loadOptions = { seconds: Number(values.seconds), connections: Number(values.connections) };
const engines = values.engines!.split(',') as Array<'pglite' | 'postgres'>;
const ADMIN_TOKEN = `bench-admin-${randomBytes(8).toString('hex')}`;
const LISTENING = /listening on (http:\/\/\S+)/;
const TSX = ['--import', 'tsx'];

const ABN_REGISTRATION = {
  entityName: 'JANE CITIZEN',
  entityType: 'individual',
  businessAddress: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
  contactEmail: 'jane@example.com',
};

interface Row {
  path: string;
  engine: string;
  processes: number;
  result: Load;
  /** One-minute load average when the row's load began. */
  loadAverage: number;
  floor?: Load;
  /** The baseline the target is stated against, and the target ratio (0: none). */
  against?: { label: string; load: Load; target: number };
  p99Target?: number;
}

const rows: Row[] = [];
const started: Running[] = [];
const cleanups: Array<() => Promise<void>> = [];

async function measured(row: Omit<Row, 'result' | 'loadAverage'>, run: () => Promise<Load>): Promise<void> {
  const loadAverage = loadavg()[0]!;
  rows.push({ ...row, loadAverage, result: await run() });
}

/** The server as `npm start` runs it on `engine` (`processes` API processes, else its default); its rows. */
async function measureServer(engine: 'pglite' | 'postgres', bare: Load, prism: Load | undefined, processes?: number): Promise<void> {
  const serverDb = engine === 'postgres' ? await throwawayDatabase(values['postgres-url']!) : undefined;
  const floorDb = engine === 'postgres' ? await throwawayDatabase(values['postgres-url']!) : undefined;
  const dataDir = engine === 'pglite' ? mkdtempSync(join(tmpdir(), 'svc-bench-')) : undefined;
  if (serverDb) cleanups.push(serverDb.drop);
  if (floorDb) cleanups.push(floorDb.drop);
  if (dataDir) cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));

  const {
    DATABASE_URL: _a,
    SVC_DATA_DIR: _b,
    PORT: _c,
    SVC_ROLE: _d,
    SVC_CLOCK: _e,
    REDIS_URL: _f,
    SVC_PROCESSES: _g,
    ...env
  } = process.env;
  const server = await startProcess(
    `npm start (${engine})`,
    'npm',
    ['start', '--silent'],
    {
      ...env,
      ...(serverDb ? { DATABASE_URL: serverDb.url } : { SVC_DATA_DIR: dataDir }),
      ...(processes ? { SVC_PROCESSES: String(processes) } : {}),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SVC_ADMIN_TOKEN: ADMIN_TOKEN,
      // A PostgreSQL data set needs its sealing key given (it is generated only into a PGlite directory).
      SVC_SECRET_KEY: randomBytes(32).toString('base64url'),
      SVC_WEBHOOK_ALLOW_LOCAL: '1',
      // Rate limits are not what is measured here.
      SVC_RATE_LIMIT_MULTIPLIER: '1000000',
    },
    LISTENING,
  );
  started.push(server);
  const apiProcesses = Number(/, (\d+) API processes,/.exec(server.output())?.[1] ?? 1);
  const floor = await startProcess(
    `floor (${engine})`,
    process.execPath,
    [...TSX, 'bench/http/floor-server.ts', '--engine', engine, ...(floorDb ? ['--database-url', floorDb.url] : [])],
    process.env,
    LISTENING,
  );
  started.push(floor);

  const created = await adminJson<{ keys: { secretTest: string; publishableTest: string } }>(`${server.url}/admin/accounts`, ADMIN_TOKEN, {
    method: 'POST',
    body: { name: 'Bench', ownerEmail: 'bench@example.com', plan: 'standard', billing: 'card', cardStatus: 'valid' },
  });
  const { secretTest, publishableTest } = created.keys;
  for (let i = 0; i < 3; i++)
    await adminJson(`${server.url}/api/test/v2/webhooks`, secretTest, {
      method: 'POST',
      // A loopback receiver (allowed below) for an event this run never causes: no deliveries compete for the CPU.
      body: { url: `http://127.0.0.1:9/hook-${i}`, eventTypes: ['monitoring.expired'] },
    });
  const secret = { Authorization: `Bearer ${secretTest}` };
  const base = { engine, processes: apiProcesses };

  const floorRead = await load(`${floor.url}/read`, loadOptions);
  await measured(
    {
      ...base,
      path: 'GET /webhooks (secret key, one read)',
      floor: floorRead,
      ...(prism ? { against: { label: 'Prism mock', load: prism, target: engine === 'pglite' ? 0.55 : 1.15 } } : {}),
      p99Target: 20,
    },
    () => load(`${server.url}/api/test/v2/webhooks`, { ...loadOptions, headers: secret }),
  );
  // Before the POSTs: each lodgement they make queues regulator jobs that the worker then runs for a
  // while, which would slow whatever is measured next.
  await measured(
    { ...base, path: 'GET helper (publishable key + Origin)', against: { label: 'bare Express', load: bare, target: 0 } },
    () =>
      load(`${server.url}/api/test/v2/helpers/company-name-availability?name=Harbour%20Lights`, {
        ...loadOptions,
        headers: { Authorization: `Bearer ${publishableTest}`, Origin: 'http://localhost:3000' },
      }),
  );
  const floorWrite = await load(`${floor.url}/write`, { ...loadOptions, method: 'POST', body: ABN_REGISTRATION });
  await measured(
    {
      ...base,
      path: 'POST /abn/registrations (validated, writes)',
      floor: floorWrite,
      against: { label: 'bare Express', load: bare, target: engine === 'pglite' ? 0.25 : 0.38 },
      p99Target: 50,
    },
    () => load(`${server.url}/api/test/v2/abn/registrations`, { ...loadOptions, method: 'POST', headers: secret, body: ABN_REGISTRATION }),
  );
  await Promise.all([server.stop(), floor.stop()]);
}

const f = (n: number): string => Math.round(n).toLocaleString('en-AU');
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

function httpTable(bare: Load, prism: Load | undefined): string[] {
  const lines = [
    `bare Express 5: ${f(bare.rps)} req/s (p99 ${bare.p99} ms); Prism mock GET /webhooks: ${prism ? `${f(prism.rps)} req/s (p99 ${prism.p99} ms)` : 'not measured'}`,
    '',
    // "floor's ratio": the floor's req/s against the same baseline, the most the ratio could be if the
    // service did nothing beyond the floor's one statement; a target above it is beyond the engine.
    "| path | engine | API processes | req/s | p99 ms | floor req/s | floor p99 ms | % of floor | ratio | floor's ratio | target | met | non-2xx | load average |",
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const ratio = row.against ? row.result.rps / row.against.load.rps : undefined;
    const floorRatio = row.against && row.floor ? `${(row.floor.rps / row.against.load.rps).toFixed(2)}x` : '-';
    const target =
      [row.against?.target ? `>= ${row.against.target}x` : '', row.p99Target ? `p99 <= ${row.p99Target} ms` : '']
        .filter(Boolean)
        .join(', ') || '-';
    const checks = [
      ...(row.against?.target ? [ratio! >= row.against.target] : []),
      ...(row.p99Target ? [row.result.p99 <= row.p99Target] : []),
    ];
    const met = checks.length === 0 ? '-' : checks.every(Boolean) ? 'yes' : checks.some(Boolean) ? 'partly' : 'no';
    lines.push(
      `| ${row.path} | ${row.engine} | ${row.processes} | ${f(row.result.rps)} | ${row.result.p99} | ${row.floor ? f(row.floor.rps) : '-'} | ${row.floor ? row.floor.p99 : '-'} | ${
        row.floor ? `${Math.round((100 * row.result.rps) / row.floor.rps)} %` : '-'
      } | ${ratio !== undefined ? `${ratio.toFixed(2)}x ${row.against!.label}` : '-'} | ${floorRatio} | ${target} | ${met} | ${row.result.non2xx + row.result.errors} | ${row.loadAverage.toFixed(1)} |`,
    );
  }
  return lines;
}

function startTable(times: StartTimes, first: FirstStart | undefined, loadAverage: number): string[] {
  const lines = [
    '',
    `| start (PGlite, \`npm start\`) | median | runs | target | met | load average |`,
    '|---|---|---|---|---|---|',
    `| to the first 200 of /healthz, fresh data directory | ${seconds(median(times.cold))} | ${times.cold.map(seconds).join(', ')} | <= 2.00 s | ${median(times.cold) <= 2000 ? 'yes' : 'no'} | ${loadAverage.toFixed(1)} |`,
    `| to the first 200 of /healthz, existing data directory | ${seconds(median(times.warm))} | ${times.warm.map(seconds).join(', ')} | <= 1.50 s | ${median(times.warm) <= 1500 ? 'yes' : 'no'} | ${loadAverage.toFixed(1)} |`,
  ];
  lines.push(
    first
      ? `| fresh clone: after \`npm ci\` (${seconds(first.install)}), \`npm start\` to "listening" | ${seconds(first.listening)} | 1 | < 3.00 s | ${first.listening < 3000 ? 'yes' : 'no'} | - |`
      : '| fresh clone: after `npm ci`, `npm start` to "listening" | not measured (`-- --fresh-clone`) | - | < 3.00 s | - | - |',
  );
  return lines;
}

try {
  const header = `npm run bench:http: autocannon (own process), ${loadOptions.connections} connections, ${loadOptions.seconds} s per target after 1 s warm-up; ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z; load average at the start ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')}`;
  const bareServer = await startProcess(
    'bare Express',
    process.execPath,
    [...TSX, 'bench/http/floor-server.ts', '--engine', 'none'],
    process.env,
    LISTENING,
  );
  started.push(bareServer);
  const bare = await load(`${bareServer.url}/hello`, loadOptions);
  await bareServer.stop();

  // The mock frontend teams use (`npm run mock`): Prism behind its small front.
  const mock = await startProcess(
    'Prism mock',
    process.execPath,
    [...TSX, 'scripts/mock/cli.ts', '--port', String(20_000 + Math.floor(Math.random() * 20_000))],
    process.env,
    /mock front listening on (http:\/\/\S+)/,
  );
  started.push(mock);
  let prism: Load | undefined;
  for (const path of ['/api/test/v2/webhooks', '/webhooks']) {
    const probe = await fetch(`${mock.url}${path}`, { headers: { Authorization: 'Bearer sk_test_mock' } }).catch(() => undefined);
    if (probe?.status === 200) {
      prism = await load(`${mock.url}${path}`, { ...loadOptions, headers: { Authorization: 'Bearer sk_test_mock' } });
      break;
    }
  }
  await mock.stop();

  for (const engine of engines) {
    await measureServer(engine, bare, prism, engine === 'postgres' && values.processes ? Number(values.processes) : undefined);
    // One API process beside the default several, on the same machine in the same run.
    if (engine === 'postgres') await measureServer(engine, bare, prism, 1);
  }

  const startLoad = loadavg()[0]!;
  const times = await measureStarts(Number(values['start-runs']));
  const first = values['fresh-clone'] ? await measureFirstStart() : undefined;

  process.stdout.write(
    `${[
      header,
      ...httpTable(bare, prism),
      ...startTable(times, first, startLoad),
      '',
      `load average at the end ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')}`,
    ].join('\n')}\n`,
  );
} finally {
  await Promise.all(started.map((running) => running.stop().catch(() => undefined)));
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
}
