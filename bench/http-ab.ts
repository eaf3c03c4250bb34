// Before and after on one path: the validated POST of `npm run bench:http` (POST /abn/registrations,
// test secret key, PGlite or with --postgres-url PostgreSQL), on `npm start` of another checkout (`--base`, e.g. a worktree of main)
// and of this one, in turns (base, this, base, this, ...), each round on a fresh server and data
// directory. On a machine other work also uses, turns let that work fall on both sides alike; the
// medians compare the code, not the moment. Not a test: it asserts nothing and prints a table.
//   npm run bench:http-ab -- --base /path/to/checkout [--rounds 5 --seconds 5 --connections 10]
//                             [--postgres-url URL --processes N]
// With --postgres-url each round's server runs on a throw-away database of that server (one API
// process unless --processes says otherwise), instead of a fresh PGlite data directory.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { load, ROOT, startProcess, type Load } from './http/processes.js';
import { throwawayDatabase } from './http/setup.js';
import { benchOptions } from './options.js';

const values = benchOptions({
  script: 'bench:http-ab',
  purpose: 'Before and after on the validated POST: `npm start` of another checkout (--base) and of this one, in turns.',
  options: {
    base: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'postgres-url': { type: 'string' },
    processes: { type: 'string', default: '1' },
  },
});
if (!values.base) throw new Error('give --base DIR: a checkout to compare with (with its node_modules)');
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

/** One round on one side: a fresh `npm start`, an account, the POST under load. */
async function round(dir: string): Promise<Load> {
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
    return await load(`${server.url}/api/test/v2/abn/registrations`, {
      seconds: Number(values.seconds),
      connections: Number(values.connections),
      method: 'POST',
      headers: { Authorization: `Bearer ${keys.secretTest}` },
      body: ABN_REGISTRATION,
    });
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

const results: Record<string, Load[]> = { base: [], this: [] };
const lines = ['| round | side | req/s | p99 ms | non-2xx | load average before |', '|---|---|---|---|---|---|'];
for (let i = 1; i <= Number(values.rounds); i++)
  for (const side of sides) {
    const before = loadavg()[0]!.toFixed(2);
    const result = await round(side.dir);
    results[side.name]!.push(result);
    lines.push(`| ${i} | ${side.name} | ${Math.round(result.rps)} | ${result.p99} | ${result.non2xx + result.errors} | ${before} |`);
  }
const summary = sides.map(({ name }) => {
  const runs = results[name]!;
  return `${name}: median ${Math.round(median(runs.map((r) => r.rps)))} req/s, p99 ${median(runs.map((r) => r.p99))} ms`;
});
const ratio = median(results.this!.map((r) => r.rps)) / median(results.base!.map((r) => r.rps));
process.stdout.write(
  [
    `npm run bench:http-ab: POST /abn/registrations (test secret key, ${values['postgres-url'] ? `PostgreSQL, ${values.processes} API process(es)` : 'PGlite'}), ${values.connections} connections, ${values.seconds} s per round after 1 s warm-up; ${cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
    `base: ${sides[0].dir}`,
    '',
    ...lines,
    '',
    `${summary.join('; ')}; this / base ${ratio.toFixed(2)}`,
  ].join('\n') + '\n',
);
