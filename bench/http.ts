// HTTP throughput of this server against its baselines, measured in one run so the ratios hold on
// any machine. Every server runs in its own process, started the way users start it
// (`npm start` settings: real clock, API and worker in one process); autocannon runs in another.
// Baselines: bare Express 5, the Prism mock of the same GET (`npm run mock`), and per engine the
// floor: bare Express with the same driver and only the statements the path needs
// (bench/http/floor-server.ts). Not a test: it asserts nothing and prints a table.
//   npm run bench:http [-- --seconds 5 --connections 10 --engines pglite,postgres --postgres-url URL]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { load, startProcess, type Load, type Running } from './http/processes.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    engines: { type: 'string', default: 'pglite,postgres' },
    'postgres-url': { type: 'string', default: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres' },
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

async function throwawayDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `svc_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string): Promise<void> => {
    const client = new pg.Client({ connectionString: values['postgres-url'] });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(values['postgres-url']!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function json<T>(url: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Row {
  path: string;
  engine: string;
  result: Load;
  floor?: Load;
  /** The baseline the issue states the target against, and the target ratio. */
  against?: { label: string; load: Load; target: number };
  p99Target?: number;
}

const rows: Row[] = [];
const started: Running[] = [];
const cleanups: Array<() => Promise<void>> = [];

async function measureEngine(engine: 'pglite' | 'postgres', bare: Load, prism: Load | undefined): Promise<void> {
  const serverDb = engine === 'postgres' ? await throwawayDatabase() : undefined;
  const floorDb = engine === 'postgres' ? await throwawayDatabase() : undefined;
  const dataDir = engine === 'pglite' ? mkdtempSync(join(tmpdir(), 'svc-bench-')) : undefined;
  if (serverDb) cleanups.push(serverDb.drop);
  if (floorDb) cleanups.push(floorDb.drop);
  if (dataDir) cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));

  const { DATABASE_URL: _a, SVC_DATA_DIR: _b, PORT: _c, SVC_ROLE: _d, SVC_CLOCK: _e, REDIS_URL: _f, ...env } = process.env;
  const server = await startProcess(
    `npm start (${engine})`,
    'npm',
    ['start', '--silent'],
    {
      ...env,
      ...(serverDb ? { DATABASE_URL: serverDb.url } : { SVC_DATA_DIR: dataDir }),
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
  const floor = await startProcess(
    `floor (${engine})`,
    process.execPath,
    [...TSX, 'bench/http/floor-server.ts', '--engine', engine, ...(floorDb ? ['--database-url', floorDb.url] : [])],
    process.env,
    LISTENING,
  );
  started.push(floor);

  const created = await json<{ keys: { secretTest: string; publishableTest: string } }>(`${server.url}/admin/accounts`, ADMIN_TOKEN, {
    method: 'POST',
    body: { name: 'Bench', ownerEmail: 'bench@example.com', plan: 'standard', billing: 'card', cardStatus: 'valid' },
  });
  const { secretTest, publishableTest } = created.keys;
  for (let i = 0; i < 3; i++)
    await json(`${server.url}/api/test/v2/webhooks`, secretTest, {
      method: 'POST',
      // A loopback receiver (allowed below) for an event this run never causes: no deliveries compete for the CPU.
      body: { url: `http://127.0.0.1:9/hook-${i}`, eventTypes: ['monitoring.expired'] },
    });
  const secret = { Authorization: `Bearer ${secretTest}` };

  const floorRead = await load(`${floor.url}/read`, loadOptions);
  const getWebhooks = await load(`${server.url}/api/test/v2/webhooks`, { ...loadOptions, headers: secret });
  rows.push({
    path: 'GET /webhooks (secret key, one read)',
    engine,
    result: getWebhooks,
    floor: floorRead,
    ...(prism ? { against: { label: 'Prism mock', load: prism, target: engine === 'pglite' ? 0.55 : 1.15 } } : {}),
    p99Target: 20,
  });
  // Before the POSTs: each lodgement they make queues regulator jobs that the worker of the same
  // process then runs for a while, which would slow whatever is measured next.
  const helper = await load(`${server.url}/api/test/v2/helpers/company-name-availability?name=Harbour%20Lights`, {
    ...loadOptions,
    headers: { Authorization: `Bearer ${publishableTest}`, Origin: 'http://localhost:3000' },
  });
  rows.push({
    path: 'GET helper (publishable key + Origin)',
    engine,
    result: helper,
    against: { label: 'bare Express', load: bare, target: 0 },
  });

  const floorWrite = await load(`${floor.url}/write`, { ...loadOptions, method: 'POST', body: ABN_REGISTRATION });
  const post = await load(`${server.url}/api/test/v2/abn/registrations`, {
    ...loadOptions,
    method: 'POST',
    headers: secret,
    body: ABN_REGISTRATION,
  });
  rows.push({
    path: 'POST /abn/registrations (validated, writes)',
    engine,
    result: post,
    floor: floorWrite,
    against: { label: 'bare Express', load: bare, target: engine === 'pglite' ? 0.25 : 0.38 },
    p99Target: 50,
  });
  await Promise.all([server.stop(), floor.stop()]);
}

try {
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

  for (const engine of engines) await measureEngine(engine, bare, prism);

  const f = (n: number): string => Math.round(n).toLocaleString('en-AU');
  const lines = [
    `npm run bench:http: autocannon (own process), ${loadOptions.connections} connections, ${loadOptions.seconds} s per target after 1 s warm-up; ${cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
    `bare Express 5: ${f(bare.rps)} req/s (p99 ${bare.p99} ms); Prism mock GET /webhooks: ${prism ? `${f(prism.rps)} req/s (p99 ${prism.p99} ms)` : 'not measured'}`,
    '',
    '| path | engine | req/s | p99 ms | floor req/s | % of floor (target 70) | ratio | target | non-2xx |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const ofFloor = row.floor ? `${Math.round((100 * row.result.rps) / row.floor.rps)} %` : '-';
    const ratio = row.against ? `${(row.result.rps / row.against.load.rps).toFixed(2)}x ${row.against.label}` : '-';
    const target =
      [row.against?.target ? `>= ${row.against.target}x` : '', row.p99Target ? `p99 <= ${row.p99Target} ms` : '']
        .filter(Boolean)
        .join(', ') || '-';
    lines.push(
      `| ${row.path} | ${row.engine} | ${f(row.result.rps)} | ${row.result.p99} | ${row.floor ? f(row.floor.rps) : '-'} | ${ofFloor} | ${ratio} | ${target} | ${row.result.non2xx + row.result.errors} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await Promise.all(started.map((running) => running.stop().catch(() => undefined)));
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
}
