// HTTP throughput of this server against its baselines, and its start times, measured in one run so
// the ratios hold on any machine. Every server runs in its own process, started the way users start
// it (`npm start`: real clock, API and worker; on PostgreSQL the API processes it chooses, D-84, unless
// --processes says otherwise); autocannon runs in another. Baselines: bare Express 5, the Prism mock
// of the same GET (`npm run mock`), and per engine the floor: bare Express with the same driver and
// only the statements the path needs (bench/http/floor-server.ts). On PostgreSQL the server is also
// measured with one API process when its count is not one. After the POST, the same GET again while
// the worker runs the regulator steps the POST burst queued (D-85: at least 80 % of the idle GET, the
// faster of the GET before the POST and the same GET once the steps are done), and how long the
// worker took to finish them; with --rounds R after each round's POST burst, the row showing the
// median of the rounds' ratios (a single 5-second GET moves by 15 % and more on a shared VM). Then
// `npm start` to its first answer on a fresh and on an existing data directory
// (bench/http/start-time.ts), and with --fresh-clone a newcomer's first start (fresh clone, npm ci,
// npm start). Not a test: it asserts nothing and prints tables.
//   npm run bench:http [-- --seconds 5 --connections 10 --rounds 1 --engines pglite,postgres --postgres-url URL
//                          --processes N --start-runs 3 --fresh-clone]
import { cpus, loadavg, totalmem } from 'node:os';
import { load, startProcess, type Load, type Running } from './http/processes.js';
import {
  ABN_REGISTRATION,
  LISTENING,
  lodge,
  lodgementsMoved,
  setUpAccount,
  startService,
  type BenchAccount,
  type Engine,
  type Service,
} from './http/service.js';
import { throwawayDatabase } from './http/setup.js';
import { measureFirstStart, measureStarts, median, type FirstStart, type StartTimes } from './http/start-time.js';
import { benchOptions } from './options.js';

const values = benchOptions({
  script: 'bench:http',
  purpose:
    "HTTP throughput and p99 of this server against bare Express, the Prism mock and each engine's floor, a GET while the worker drains a POST burst's jobs, and its start times.",
  options: {
    seconds: { type: 'string', default: '5' },
    /** Unmeasured seconds before each measured load: every server is measured just after its start. */
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '10' },
    engines: { type: 'string', default: 'pglite,postgres' },
    'postgres-url': { type: 'string', default: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres' },
    /** API processes on PostgreSQL; default: what `npm start` chooses (D-84), and one beside it when that is not one. */
    processes: { type: 'string' },
    /** Rounds of the idle GET and its floor in turns (floor, service, floor, ...), and of the POST and its floor on fresh servers; the medians are shown. */
    rounds: { type: 'string', default: '1' },
    'start-runs': { type: 'string', default: '3' },
    'fresh-clone': { type: 'boolean', default: false },
  },
});
const loadOptions = { seconds: Number(values.seconds), connections: Number(values.connections), warmup: Number(values.warmup) };
const engines = values.engines!.split(',') as Engine[];
const rounds = Math.max(1, Number(values.rounds));
const TSX = ['--import', 'tsx'];
/** The under-drain GET keeps at least this share of the idle GET's req/s (D-85). */
const UNDER_DRAIN_TARGET = 0.8;
/** How long the bench waits, after the under-drain GET, for the worker to finish the POST burst's steps. */
const BACKLOG_WAIT_MS = 120_000;

interface Row {
  path: string;
  engine: string;
  processes: number;
  result: Load;
  /** One-minute load average when the row's load began. */
  loadAverage: number;
  floor?: Load;
  /** With --rounds above 1: the service's % of floor in each round, in order. */
  roundPercents?: number[];
  /** The baseline the target is stated against, and the target ratio (0: none). */
  against?: { label: string; load: Load; target: number };
  /** With --rounds above 1, for the under-drain GET: each round's ratio to its baseline; the row's ratio is their median. */
  ratioRounds?: number[];
  /** The least % of floor the target asks (0 or unset: none). */
  floorTarget?: number;
  p99Target?: number;
}

const rows: Row[] = [];
/** What the worker did during and after each under-drain GET, one line per server. */
const drains: string[] = [];
/** Which rule chose each PostgreSQL server's API processes (its start banner). */
const processRules: string[] = [];
const started: Running[] = [];
const cleanups: Array<() => Promise<void>> = [];

async function measured(row: Omit<Row, 'result' | 'loadAverage'>, run: () => Promise<Load>): Promise<Load> {
  const loadAverage = loadavg()[0]!;
  const result = await run();
  rows.push({ ...row, loadAverage, result });
  return result;
}

/** The run of median req/s (an upper median for an even count): its p99 stays the p99 of a real run. */
function medianRun(runs: Load[]): Load {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;
}

/**
 * A read and its floor measured in turns, `rounds` times each (floor first): on a shared VM one pair of
 * runs can differ by 15 % or more from the next, so the row shows the median of each side and every
 * round's % of floor.
 */
async function inTurns(
  floorRun: () => Promise<Load>,
  serviceRun: () => Promise<Load>,
): Promise<{ floor: Load; service: Load; percents: number[]; loadAverage: number }> {
  const loadAverage = loadavg()[0]!;
  const floors: Load[] = [];
  const services: Load[] = [];
  for (let round = 0; round < rounds; round++) {
    floors.push(await floorRun());
    services.push(await serviceRun());
  }
  return {
    floor: medianRun(floors),
    service: medianRun(services),
    percents: services.map((service, i) => (100 * service.rps) / floors[i]!.rps),
    loadAverage,
  };
}

/** The server as `npm start` runs it on `engine` (`processes` API processes, else its default); its rows. */
async function measureServer(engine: Engine, bare: Load, prism: Load | undefined, processes?: number): Promise<void> {
  const { service, floor, account } = await startPair(engine, processes);
  if (engine === 'postgres') processRules.push(`PostgreSQL: ${service.processRule}`);
  const secret = { Authorization: `Bearer ${account.secretTest}` };
  const base = { engine, processes: service.apiProcesses };
  const readPath = 'GET /webhooks (secret key, one read)';
  const get = (): Promise<Load> => load(`${service.url}/api/test/v2/webhooks`, { ...loadOptions, headers: secret });

  const reads = await inTurns(() => load(`${floor.url}/read`, loadOptions), get);
  const floorRead = reads.floor;
  const idleGet = reads.service;
  rows.push({
    ...base,
    path: readPath,
    result: idleGet,
    loadAverage: reads.loadAverage,
    floor: floorRead,
    ...(rounds > 1 ? { roundPercents: reads.percents } : {}),
    floorTarget: engine === 'pglite' ? 100 : 60,
    ...(prism ? { against: { label: 'Prism mock', load: prism, target: 0 } } : {}),
    p99Target: 20,
  });
  // Before the POSTs: each lodgement they make queues a regulator step that the worker runs later,
  // which would slow whatever is measured next.
  await measured(
    { ...base, path: 'GET helper (publishable key + Origin)', against: { label: 'bare Express', load: bare, target: 0 } },
    () =>
      load(`${service.url}/api/test/v2/helpers/company-name-availability?name=Harbour%20Lights`, {
        ...loadOptions,
        headers: { Authorization: `Bearer ${account.publishableTest}`, Origin: 'http://localhost:3000' },
      }),
  );
  // The POST, its floor right before it. Each POST queues a regulator step that the worker runs over
  // the next minute or two, so a second round on the same servers would be measured beside the first
  // round's jobs (in one try the floor's POST moved from 52 % to 161 % of the service's that way):
  // further rounds run on fresh servers, after this pair's under-drain GET (writeRounds).
  const writeLoadAverage = loadavg()[0]!;
  const floorWrite = await postFloor(floor);
  const firstId = await lodge(service, account);
  const serviceWrite = await postService(service, secret);
  const firstDrain = await drainAfterBurst(engine, service, account, firstId, idleGet);
  await Promise.all([service.stop(), floor.stop()]);
  const writes = await writeRounds(engine, processes, { floor: floorWrite, service: serviceWrite, drain: firstDrain }, idleGet);
  rows.push({
    ...base,
    path: 'POST /abn/registrations (validated, writes)',
    result: writes.service,
    loadAverage: writeLoadAverage,
    floor: writes.floor,
    ...(rounds > 1 ? { roundPercents: writes.percents } : {}),
    floorTarget: 70,
    against: { label: 'bare Express', load: bare, target: 0 },
    p99Target: 50,
  });
  const idleAgain = medianRun(writes.drains.map((drain) => drain.idleAgain));
  rows.push({
    ...base,
    path: 'GET /webhooks again, idle, after the drain',
    result: idleAgain,
    loadAverage: writes.drains[0]!.loadAverage,
    floor: floorRead,
  });
  const ratios = writes.drains.map((drain) => drain.ratio);
  rows.push({
    ...base,
    path: 'GET /webhooks while the worker drains the POST burst',
    result: medianRun(writes.drains.map((drain) => drain.underDrain)),
    loadAverage: writes.drains[0]!.loadAverage,
    floor: floorRead,
    against: { label: 'idle GET', load: idleGet.rps >= idleAgain.rps ? idleGet : idleAgain, target: UNDER_DRAIN_TARGET },
    ...(rounds > 1 ? { ratioRounds: ratios } : {}),
  });
}

interface Drain {
  underDrain: Load;
  idleAgain: Load;
  /** The under-drain GET against the faster of the idle GET and this server's idle GET after the drain (D-85). */
  ratio: number;
  loadAverage: number;
}

/**
 * The GET right after a POST burst (lodgements after `firstId`): each lodgement's first regulator step
 * falls due five seconds after it was made, so the worker has the burst's steps to run while this GET
 * is measured. Then, once the steps are done, the idle GET again: the server as warm as during the
 * drain (the first GET ran on a server that had just started), so the ratio is the worker's cost alone.
 */
async function drainAfterBurst(engine: Engine, service: Service, account: BenchAccount, firstId: number, idleGet: Load): Promise<Drain> {
  const get = (): Promise<Load> =>
    load(`${service.url}/api/test/v2/webhooks`, { ...loadOptions, headers: { Authorization: `Bearer ${account.secretTest}` } });
  const lastId = await lodge(service, account);
  const burst = lastId - firstId - 1;
  const movedBefore = await lodgementsMoved(service, account, firstId, lastId - 1);
  const loadAverage = loadavg()[0]!;
  const underDrain = await get();
  const movedAfter = await lodgementsMoved(service, account, firstId, lastId - 1);
  const loadEnded = Date.now();
  let moved = movedAfter;
  while (moved < burst && Date.now() - loadEnded < BACKLOG_WAIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    moved = await lodgementsMoved(service, account, firstId, lastId - 1);
  }
  const drained = (Date.now() - loadEnded) / 1000;
  const idleAgain = await get();
  const faster = Math.max(idleGet.rps, idleAgain.rps);
  drains.push(
    `${engine}, ${service.apiProcesses} API process(es): the POST burst made ${burst.toLocaleString('en-AU')} lodgements; their first regulator step had run for ${movedBefore.toLocaleString('en-AU')} before the under-drain GET, ${(movedAfter - movedBefore).toLocaleString('en-AU')} during it (${loadOptions.warmup} s warm-up and ${loadOptions.seconds} s), ` +
      (moved >= burst
        ? `and the rest within ${drained.toFixed(1)} s after it.`
        : `and ${(burst - moved).toLocaleString('en-AU')} were still waiting ${BACKLOG_WAIT_MS / 1000} s after it.`) +
      ` The under-drain GET (${f(underDrain.rps)} req/s) is held against the faster of the idle GET and the idle GET after the drain (${f(idleGet.rps)} and ${f(idleAgain.rps)} req/s): ${(underDrain.rps / faster).toFixed(2)}x.`,
  );
  return { underDrain, idleAgain, ratio: underDrain.rps / faster, loadAverage };
}

/** A service as `npm start` runs it and its floor, each on a database of its own, with an account set up. */
async function startPair(
  engine: Engine,
  processes: number | undefined,
): Promise<{ service: Service; floor: Running; account: BenchAccount }> {
  const floorDb = engine === 'postgres' ? await throwawayDatabase(values['postgres-url']!) : undefined;
  if (floorDb) cleanups.push(floorDb.drop);
  const service = await startService({ engine, postgresUrl: values['postgres-url']!, ...(processes ? { processes } : {}) });
  started.push(service);
  cleanups.push(service.remove);
  const floor = await startProcess(
    `floor (${engine})`,
    process.execPath,
    [...TSX, 'bench/http/floor-server.ts', '--engine', engine, ...(floorDb ? ['--database-url', floorDb.url] : [])],
    process.env,
    LISTENING,
  );
  started.push(floor);
  return { service, floor, account: await setUpAccount(service) };
}

const postFloor = (floor: Running): Promise<Load> => load(`${floor.url}/write`, { ...loadOptions, method: 'POST', body: ABN_REGISTRATION });
const postService = (service: Service, secret: Record<string, string>): Promise<Load> =>
  load(`${service.url}/api/test/v2/abn/registrations`, { ...loadOptions, method: 'POST', headers: secret, body: ABN_REGISTRATION });

/**
 * The POST's rounds after the first (which ran on the servers of the GET): each on a fresh service and
 * floor, floor first, so no round runs beside an earlier round's jobs; each followed by its GET while
 * the worker drains the round's burst. The medians of all rounds.
 */
async function writeRounds(
  engine: Engine,
  processes: number | undefined,
  first: { floor: Load; service: Load; drain: Drain },
  idleGet: Load,
): Promise<{ floor: Load; service: Load; percents: number[]; drains: Drain[] }> {
  const floors = [first.floor];
  const services = [first.service];
  const drainRounds = [first.drain];
  for (let round = 1; round < rounds; round++) {
    const { service, floor, account } = await startPair(engine, processes);
    floors.push(await postFloor(floor));
    const firstId = await lodge(service, account);
    services.push(await postService(service, { Authorization: `Bearer ${account.secretTest}` }));
    drainRounds.push(await drainAfterBurst(engine, service, account, firstId, idleGet));
    await Promise.all([service.stop(), floor.stop()]);
  }
  return {
    floor: medianRun(floors),
    service: medianRun(services),
    percents: services.map((service, i) => (100 * service.rps) / floors[i]!.rps),
    drains: drainRounds,
  };
}

const f = (n: number): string => Math.round(n).toLocaleString('en-AU');
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

function httpTable(bare: Load, prism: Load | undefined): string[] {
  const lines = [
    `bare Express 5: ${f(bare.rps)} req/s (p99 ${bare.p99} ms); Prism mock GET /webhooks: ${prism ? `${f(prism.rps)} req/s (p99 ${prism.p99} ms)` : 'not measured'}`,
    '',
    // "floor's ratio": the floor's req/s against the same baseline, the most the ratio could be if the
    // service did nothing beyond the floor's one statement.
    "| path | engine | API processes | req/s | p99 ms | floor req/s | floor p99 ms | % of floor | ratio | floor's ratio | target | met | non-2xx | load average |",
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const ratio = row.ratioRounds ? median(row.ratioRounds) : row.against ? row.result.rps / row.against.load.rps : undefined;
    const floorRatio = row.against && row.floor ? `${(row.floor.rps / row.against.load.rps).toFixed(2)}x` : '-';
    const percent = row.floor ? (100 * row.result.rps) / row.floor.rps : undefined;
    const target =
      [
        row.floorTarget ? `>= ${row.floorTarget} % of floor` : '',
        row.against?.target ? `>= ${row.against.target}x ${row.against.label}` : '',
        row.p99Target ? `p99 <= ${row.p99Target} ms` : '',
      ]
        .filter(Boolean)
        .join(', ') || '-';
    const checks = [
      ...(row.floorTarget ? [percent! >= row.floorTarget] : []),
      ...(row.against?.target ? [ratio! >= row.against.target] : []),
      ...(row.p99Target ? [row.result.p99 <= row.p99Target] : []),
    ];
    const met = checks.length === 0 ? '-' : checks.every(Boolean) ? 'yes' : checks.some(Boolean) ? 'partly' : 'no';
    lines.push(
      `| ${row.path} | ${row.engine} | ${row.processes} | ${f(row.result.rps)} | ${row.result.p99} | ${row.floor ? f(row.floor.rps) : '-'} | ${row.floor ? row.floor.p99 : '-'} | ${
        percent !== undefined
          ? `${Math.round(percent)} %${row.roundPercents ? ` (rounds: ${row.roundPercents.map((p) => Math.round(p)).join(', ')})` : ''}`
          : '-'
      } | ${ratio !== undefined ? `${ratio.toFixed(2)}x ${row.against!.label}${row.ratioRounds ? ` (rounds: ${row.ratioRounds.map((r) => r.toFixed(2)).join(', ')})` : ''}` : '-'} | ${floorRatio} | ${target} | ${met} | ${row.result.non2xx + row.result.errors} | ${row.loadAverage.toFixed(1)} |`,
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
  const header = `npm run bench:http: autocannon (own process), ${loadOptions.connections} connections, ${loadOptions.seconds} s per target after ${loadOptions.warmup} s warm-up${rounds > 1 ? `, the idle GET and its floor ${rounds} times in turns, the POST and its floor ${rounds} times on fresh servers, each followed by the GET while the worker drains its burst (medians)` : ''}; ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z; load average at the start ${loadavg()
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
    const processes = engine === 'postgres' && values.processes ? Number(values.processes) : undefined;
    await measureServer(engine, bare, prism, processes);
    // One API process beside several (the default on more than three cores, or --processes), in the same run.
    const last = rows.at(-1);
    if (engine === 'postgres' && last && last.processes !== 1) await measureServer(engine, bare, prism, 1);
  }

  const startLoad = loadavg()[0]!;
  const times = await measureStarts(Number(values['start-runs']));
  const first = values['fresh-clone'] ? await measureFirstStart() : undefined;

  process.stdout.write(
    `${[
      header,
      ...httpTable(bare, prism),
      '',
      ...processRules.map((rule) => `API processes on ${rule}`),
      ...drains.map((line) => `Under drain, ${line}`),
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
