// The curve behind the default number of API processes on PostgreSQL (D-84): `npm start` with 1..N
// API processes (SVC_PROCESSES), the job worker and PostgreSQL on this machine, each count on a fresh
// database, driven by autocannon from its own process: the secret-key GET of `bench:http`, then its
// validated POST, against the floor of each (bench/http/floor-server.ts) measured in the same run.
// `--rounds R` repeats the counts in turns (1, 2, ..., N, 1, 2, ...), so other work on the machine
// falls on every count alike. Not a test: it asserts nothing and prints a table.
//   npm run bench:processes [-- --max 4 --rounds 1 --seconds 5 --connections 10 --postgres-url URL]
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { chooseApiProcesses } from '../server/cluster.js';
import { load, startProcess, type Load } from './http/processes.js';
import { ABN_REGISTRATION, LISTENING, setUpAccount, startService } from './http/service.js';
import { throwawayDatabase } from './http/setup.js';
import { benchOptions } from './options.js';

const values = benchOptions({
  script: 'bench:processes',
  purpose:
    'Throughput and p99 of `npm start` on PostgreSQL with 1..N API processes (GET and POST), against the floor: the curve behind the default count.',
  options: {
    max: { type: 'string', default: String(Math.max(4, availableParallelism())) },
    rounds: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'postgres-url': { type: 'string', default: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres' },
  },
});
const max = Number(values.max);
const rounds = Number(values.rounds);
const loadOptions = { seconds: Number(values.seconds), connections: Number(values.connections) };
const postgresUrl = values['postgres-url']!;

interface Point {
  processes: number;
  get: Load;
  post: Load;
  loadAverage: number;
}

async function measureFloor(): Promise<{ read: Load; write: Load }> {
  const database = await throwawayDatabase(postgresUrl);
  const floor = await startProcess(
    'floor (postgres)',
    process.execPath,
    ['--import', 'tsx', 'bench/http/floor-server.ts', '--engine', 'postgres', '--database-url', database.url],
    process.env,
    LISTENING,
  );
  try {
    const read = await load(`${floor.url}/read`, loadOptions);
    const write = await load(`${floor.url}/write`, { ...loadOptions, method: 'POST', body: ABN_REGISTRATION });
    return { read, write };
  } finally {
    await floor.stop();
    await database.drop();
  }
}

async function measureCount(processes: number): Promise<Point> {
  const loadAverage = loadavg()[0]!;
  const service = await startService({ engine: 'postgres', postgresUrl, processes });
  try {
    const account = await setUpAccount(service);
    const secret = { Authorization: `Bearer ${account.secretTest}` };
    // The GET first: the POSTs queue regulator steps that the worker runs five seconds later.
    const get = await load(`${service.url}/api/test/v2/webhooks`, { ...loadOptions, headers: secret });
    const post = await load(`${service.url}/api/test/v2/abn/registrations`, {
      ...loadOptions,
      method: 'POST',
      headers: secret,
      body: ABN_REGISTRATION,
    });
    return { processes, get, post, loadAverage };
  } finally {
    await service.stop();
    await service.remove();
  }
}

const f = (n: number): string => Math.round(n).toLocaleString('en-AU');
const pct = (part: number, whole: number): string => `${Math.round((100 * part) / whole)} %`;

const header = `npm run bench:processes: \`npm start\` on PostgreSQL with 1..${max} API processes (worker and PostgreSQL on this machine), autocannon ${loadOptions.connections} connections, ${loadOptions.seconds} s per target after 1 s warm-up, ${rounds} round(s) in turns; ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z; load average at the start ${loadavg()
  .map((n) => n.toFixed(1))
  .join(' / ')}`;
const floorBefore = await measureFloor();
const points: Point[] = [];
for (let round = 0; round < rounds; round++) for (let n = 1; n <= max; n++) points.push(await measureCount(n));
const floorAfter = await measureFloor();
// The floor before and after the counts: their mean is what each count is held against.
const floorRead = (floorBefore.read.rps + floorAfter.read.rps) / 2;
const floorWrite = (floorBefore.write.rps + floorAfter.write.rps) / 2;
const chosen = chooseApiProcesses({ DATABASE_URL: postgresUrl, SVC_ROLE: 'all' });

const lines = [
  header,
  `floor (bare Express + pg + one statement), before / after the counts: GET ${f(floorBefore.read.rps)} / ${f(floorAfter.read.rps)} req/s, POST ${f(floorBefore.write.rps)} / ${f(floorAfter.write.rps)} req/s`,
  `default here: ${chosen.count} (${chosen.rule})`,
  '',
  '| API processes | GET /webhooks req/s | p99 ms | % of floor | POST /abn/registrations req/s | p99 ms | % of floor | non-2xx | load average |',
  '|---|---|---|---|---|---|---|---|---|',
  ...points.map(
    (p) =>
      `| ${p.processes}${p.processes === chosen.count ? ' (default)' : ''} | ${f(p.get.rps)} | ${p.get.p99} | ${pct(p.get.rps, floorRead)} | ${f(p.post.rps)} | ${p.post.p99} | ${pct(p.post.rps, floorWrite)} | ${p.get.non2xx + p.get.errors + p.post.non2xx + p.post.errors} | ${p.loadAverage.toFixed(1)} |`,
  ),
];
process.stdout.write(`${lines.join('\n')}\n`);
