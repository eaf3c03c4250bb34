// Before and after on one path of `npm run bench:http`: the validated POST (POST /abn/registrations)
// or with `--path get` the read (GET /webhooks of an account with three endpoints), test secret key,
// PGlite or with --postgres-url PostgreSQL, on `npm start` of another checkout (`--base`, e.g. a
// worktree of main) and of this one, in turns (base, this, base, this, ...), each round on a fresh
// server and data directory. Per round req/s, p99, and the CPU per request of the server's processes
// and (on PostgreSQL) of the database's backends, over the measured run only, without a profiler. On
// a machine other work also uses, turns let that work fall on both sides alike; the medians compare
// the code, not the moment. Not a test: it asserts nothing and prints a table.
//   npm run bench:http-ab -- --base /path/to/checkout [--path post|get --rounds 5 --seconds 5 --connections 10]
//                             [--postgres-url URL --processes N]
// With --postgres-url each round's server runs on a throw-away database of that server (one API
// process unless --processes says otherwise), instead of a fresh PGlite data directory.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { backendPids, cpuSeconds, groupCpuSeconds } from './http/cpu.js';
import { load, ROOT, startProcess, type Load } from './http/processes.js';
import { adminJson, throwawayDatabase } from './http/setup.js';
import { benchOptions } from './options.js';

const values = benchOptions({
  script: 'bench:http-ab',
  purpose: 'Before and after on the validated POST or the read: `npm start` of another checkout (--base) and of this one, in turns.',
  options: {
    base: { type: 'string' },
    path: { type: 'string', default: 'post' },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'postgres-url': { type: 'string' },
    processes: { type: 'string', default: '1' },
  },
});
if (!values.base) throw new Error('give --base DIR: a checkout to compare with (with its node_modules)');
if (values.path !== 'post' && values.path !== 'get') throw new Error('--path is post or get');
const reading = values.path === 'get';
const sides = [
  { name: 'base', dir: resolve(values.base) },
  { name: 'this', dir: ROOT },
] as const;
const ADMIN_TOKEN = `bench-admin-${randomBytes(8).toString('hex')}`;
const ABN_REGISTRATION = {
  entityName: 'JANE CITIZEN',
  entityType: 'individual',
  businessAddress: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
  contactEmail: 'jane@example.com',
};

interface Round extends Load {
  /** CPU milliseconds per request of `npm start`'s processes, and of PostgreSQL's backends (none on PGlite). */
  serverCpuMs: number;
  postgresCpuMs?: number;
}

/** One round on one side: a fresh `npm start`, an account, the path under load. */
async function round(dir: string): Promise<Round> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-ab-'));
  const database = values['postgres-url'] ? await throwawayDatabase(values['postgres-url']) : undefined;
  const { DATABASE_URL: _a, SVC_DATA_DIR: _b, PORT: _c, SVC_ROLE: _d, SVC_CLOCK: _e, REDIS_URL: _f, ...env } = process.env;
  const server = await startProcess(
    `npm start in ${dir}`,
    'npm',
    ['--prefix', dir, 'start', '--silent'],
    {
      ...env,
      SVC_DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SVC_ADMIN_TOKEN: ADMIN_TOKEN,
      SVC_RATE_LIMIT_MULTIPLIER: '1000000',
      ...(database
        ? { DATABASE_URL: database.url, SVC_PROCESSES: values.processes, SVC_SECRET_KEY: randomBytes(32).toString('base64url') }
        : {}),
    },
    /listening on (http:\/\/\S+)/,
  );
  try {
    const created = await fetch(`${server.url}/admin/accounts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', ownerEmail: 'bench@example.com', plan: 'standard', billing: 'card', cardStatus: 'valid' }),
    });
    const { keys } = (await created.json()) as { keys: { secretTest: string } };
    const authorization = { Authorization: `Bearer ${keys.secretTest}` };
    // What bench:http's GET lists: three endpoints for an event these runs never cause.
    if (reading)
      for (let i = 0; i < 3; i++)
        await adminJson(`${server.url}/api/test/v2/webhooks`, keys.secretTest, {
          method: 'POST',
          body: { url: `https://example.com/hooks/${i}`, eventTypes: ['monitoring.expired'] },
        });
    let cpuBefore = { server: 0, postgres: new Map<number, number>() };
    const measuring = async (): Promise<void> => {
      const backends = database ? await backendPids(database.url) : [];
      cpuBefore = { server: groupCpuSeconds(server.pid), postgres: new Map(backends.map((pid) => [pid, cpuSeconds(pid)])) };
    };
    const result = await load(`${server.url}/api/test/v2/${reading ? 'webhooks' : 'abn/registrations'}`, {
      seconds: Number(values.seconds),
      connections: Number(values.connections),
      headers: authorization,
      measuring,
      ...(reading ? {} : { method: 'POST' as const, body: ABN_REGISTRATION }),
    });
    const requests = Math.max(1, result.requests);
    const serverCpuMs = ((groupCpuSeconds(server.pid) - cpuBefore.server) * 1000) / requests;
    if (!database) return { ...result, serverCpuMs };
    const backends = await backendPids(database.url);
    const postgresSeconds = backends.reduce((sum, pid) => sum + cpuSeconds(pid) - (cpuBefore.postgres.get(pid) ?? 0), 0);
    return { ...result, serverCpuMs, postgresCpuMs: (postgresSeconds * 1000) / requests };
  } finally {
    await server.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (numbers: number[]): number => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const results: Record<string, Round[]> = { base: [], this: [] };
const ms = (value: number | undefined): string => (value === undefined ? '-' : value.toFixed(3));
const lines = [
  '| round | side | req/s | p99 ms | server CPU ms per request | PostgreSQL CPU ms per request | non-2xx | load average before |',
  '|---|---|---|---|---|---|---|---|',
];
for (let i = 1; i <= Number(values.rounds); i++)
  for (const side of sides) {
    const before = loadavg()[0]!.toFixed(2);
    const result = await round(side.dir);
    results[side.name]!.push(result);
    lines.push(
      `| ${i} | ${side.name} | ${Math.round(result.rps)} | ${result.p99} | ${ms(result.serverCpuMs)} | ${ms(result.postgresCpuMs)} | ${result.non2xx + result.errors} | ${before} |`,
    );
  }
const summary = sides.map(({ name }) => {
  const runs = results[name]!;
  const postgres = runs.flatMap((r) => (r.postgresCpuMs === undefined ? [] : [r.postgresCpuMs]));
  return (
    `${name}: median ${Math.round(median(runs.map((r) => r.rps)))} req/s, p99 ${median(runs.map((r) => r.p99))} ms, ` +
    `server CPU ${ms(median(runs.map((r) => r.serverCpuMs)))} ms` +
    (postgres.length > 0 ? `, PostgreSQL CPU ${ms(median(postgres))} ms` : '') +
    ' per request'
  );
});
const ratio = median(results.this!.map((r) => r.rps)) / median(results.base!.map((r) => r.rps));
process.stdout.write(
  [
    `npm run bench:http-ab: ${reading ? 'GET /webhooks' : 'POST /abn/registrations'} (test secret key, ${values['postgres-url'] ? `PostgreSQL, ${values.processes} API process(es)` : 'PGlite'}), ${values.connections} connections, ${values.seconds} s per round after 1 s warm-up; ${cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
    `base: ${sides[0].dir}`,
    '',
    ...lines,
    '',
    `${summary.join('; ')}; this / base ${ratio.toFixed(2)}`,
  ].join('\n') + '\n',
);
