// Where a write's time goes: each write path (POST /abn/registrations, POST /webhooks, POST
// /ppsr/searches, a Form 484) on each engine, against the server bundle as `npm start` runs it (API
// and worker in one process, real clock), with a CPU profile and a statement count of the load
// window only (bench/http/profile-hook.mjs). Prints, per request: the server's CPU, PostgreSQL's CPU
// (its backends for this run's database), statements sent, and the server's time by part
// (bench/http/profile-summary.ts). For POST /abn/registrations and the read, the floor of the path
// (bench/http/floor-server.ts) is measured right after, profiled the same way: its CPU per request
// beside the service's says which part of the gap is the server's and which PostgreSQL's. Not a
// test: it asserts nothing.
//   npm run bench:write-path [-- --engines pglite,postgres --paths abn,webhooks,ppsr,form484,read,poll,drain --seconds 5 --connections 10 --out DIR
//                               --pglite-memory]
// --pglite-memory runs PGlite on `memory://` instead of a data directory (as the floor server does):
// what the embedded database's file system costs, not how `npm start` runs.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startProcess, type Running } from './http/processes.js';
import { summariseProfile, type CpuProfile } from './http/profile-summary.js';
import type { DriveResult, DriveSpec } from './http/drive.js';
import { backendPids, cpuSeconds } from './http/cpu.js';
import { adminJson, throwawayDatabase } from './http/setup.js';
import { benchOptions } from './options.js';

const values = benchOptions({
  script: 'bench:write-path',
  purpose: "Where each write path's time goes under load: the server's CPU, PostgreSQL's, statements sent.",
  options: {
    engines: { type: 'string', default: 'pglite,postgres' },
    paths: { type: 'string', default: 'abn,webhooks,ppsr,form484' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    out: { type: 'string' },
    'pglite-memory': { type: 'boolean', default: false },
    'postgres-url': { type: 'string', default: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const out = values.out ?? mkdtempSync(join(tmpdir(), 'svc-write-path-'));
mkdirSync(out, { recursive: true });
/** POST /webhooks needs an endpoint place per request: keys enough for this many per second. */
const MAX_WEBHOOK_RATE = 600;
const ADMIN_TOKEN = `bench-admin-${randomBytes(8).toString('hex')}`;

const today = new Date().toISOString().slice(0, 10);
const BODIES: Record<string, (i: number) => unknown> = {
  abn: () => ({
    entityName: 'JANE CITIZEN',
    entityType: 'individual',
    businessAddress: { street: '1 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
    contactEmail: 'jane@example.com',
  }),
  webhooks: (i) => ({ url: `http://127.0.0.1:9/hook-${i}`, eventTypes: ['monitoring.expired'] }),
  ppsr: () => ({ vin: '1HGCM82633A004352' }),
  form484: () => ({
    generalInformation: { companyName: 'SANDBOX TRADING PTY LTD', acn: '100000011' },
    registeredOffice: {
      dateOfChange: today,
      address: { line2: 'LEVEL 5', street: '123 EAGLE STREET', locality: 'BRISBANE CITY', state: 'QLD', postcode: '4000' },
      occupyIndicator: true,
    },
    signature: { name: { familyName: 'CITIZEN', givenName1: 'JANE' }, role: 'DIR', date: today, declaresTrueAndCorrectIndicator: true },
    testTransmissionIndicator: false,
  }),
};
const PATHS: Record<string, { label: string; path: string; method?: 'GET' }> = {
  abn: { label: 'POST /abn/registrations', path: '/api/test/v2/abn/registrations' },
  // The read path of `npm run bench:http` beside the writes: a secret-key GET that reads a short list.
  read: { label: 'GET /webhooks (secret key, one read)', path: '/api/test/v2/webhooks', method: 'GET' },
  // The same read right after a burst of POST /abn/registrations (`--seconds` long, not profiled): each
  // lodgement's first regulator step falls due five seconds later, so the worker runs them in the
  // profiled window, as in bench:http's under-drain GET.
  drain: { label: 'GET /webhooks while the worker drains a POST burst', path: '/api/test/v2/webhooks', method: 'GET' },
  // A partner's poll of the lodgement it just made (the path is completed with its id at set-up).
  poll: { label: 'GET /lodgements/{requestId} (a poll)', path: '/api/test/v2/lodgements/', method: 'GET' },
  webhooks: { label: 'POST /webhooks', path: '/api/test/v2/webhooks' },
  ppsr: { label: 'POST /ppsr/searches (VIN)', path: '/api/test/v2/ppsr/searches' },
  form484: { label: 'POST /asic-484-forms', path: '/api/test/v2/asic-484-forms' },
};

/** CPU seconds (user + system) a process has used, from /proc. */
async function drive(spec: DriveSpec): Promise<DriveResult> {
  const file = join(out, `drive-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(file, JSON.stringify(spec));
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/http/drive.ts'), file], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(file, { force: true });
  return JSON.parse(text) as DriveResult;
}

interface Measured {
  engine: string;
  path: string;
  result: DriveResult;
  serverCpuMs: number;
  postgresCpuMs?: number;
  /** Statement text -> times sent (and, on PGlite, milliseconds inside the engine). */
  statements: Record<string, { count: number; ms?: number }>;
  parts: Map<string, number>;
  files: Map<string, number>;
  windowMs: number;
}

async function measure(engine: 'pglite' | 'postgres', pathName: string): Promise<Measured> {
  const database = engine === 'postgres' ? await throwawayDatabase(values['postgres-url']!) : undefined;
  const dataDir = engine === 'pglite' && !values['pglite-memory'] ? mkdtempSync(join(tmpdir(), 'svc-write-path-data-')) : undefined;
  const profileOut = join(out, `${engine}-${pathName}`);
  const { DATABASE_URL: _a, SVC_DATA_DIR: _b, PORT: _c, SVC_ROLE: _d, SVC_CLOCK: _e, REDIS_URL: _f, ...env } = process.env;
  let server: Running | undefined;
  try {
    server = await startProcess(
      `server (${engine})`,
      process.execPath,
      ['--import', './bench/http/profile-hook.mjs', 'build/server.mjs'],
      {
        ...env,
        ...(database ? { DATABASE_URL: database.url } : { SVC_DATA_DIR: dataDir ?? 'memory://' }),
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SVC_ADMIN_TOKEN: ADMIN_TOKEN,
        SVC_SECRET_KEY: randomBytes(32).toString('base64url'),
        SVC_WEBHOOK_ALLOW_LOCAL: '1',
        SVC_RATE_LIMIT_MULTIPLIER: '1000000',
        PROFILE_OUT: profileOut,
        // One process, the one profiled (what `npm start` runs on PostgreSQL on up to 3 cores, D-84).
        SVC_PROCESSES: '1',
      },
      /listening on (http:\/\/\S+)/,
    );
    const created = await adminJson<{ account: { id: string }; keys: { secretTest: string } }>(
      `${server.url}/admin/accounts`,
      ADMIN_TOKEN,
      {
        method: 'POST',
        body: { name: 'Bench', ownerEmail: 'bench@example.com', plan: 'standard', billing: 'card', cardStatus: 'valid' },
      },
    );
    // Ten endpoints per key at most: POST /webhooks gets a key per ten requests.
    const perKey = pathName === 'webhooks' ? 10 : 1_000_000;
    const needed = Math.ceil(((seconds + 1) * MAX_WEBHOOK_RATE) / perKey);
    const keys = [created.keys.secretTest];
    while (pathName === 'webhooks' && keys.length < needed) {
      const made = await adminJson<{ secret: string }>(`${server.url}/admin/accounts/${created.account.id}/keys`, ADMIN_TOKEN, {
        method: 'POST',
        body: { type: 'secret', environment: 'test' },
      });
      keys.push(made.secret);
    }
    // The read paths list the endpoints bench:http's GET lists: three of them.
    for (let i = 0; (pathName === 'read' || pathName === 'drain') && i < 3; i++)
      await adminJson(`${server.url}/api/test/v2/webhooks`, created.keys.secretTest, { method: 'POST', body: BODIES.webhooks!(i) });
    let pollPath = '';
    if (pathName === 'poll') {
      const made = await adminJson<{ requestId: number }>(`${server.url}${PATHS.abn!.path}`, created.keys.secretTest, {
        method: 'POST',
        body: BODIES.abn!(0),
      });
      pollPath = `${PATHS.poll!.path}${made.requestId}`;
    }
    const requests = (count: number, offset: number): DriveSpec['requests'] =>
      Array.from({ length: count }, (_, n): DriveSpec['requests'][number] => {
        const i = offset + n;
        if (PATHS[pathName]!.method === 'GET')
          return { method: 'GET', path: pollPath || PATHS[pathName]!.path, headers: { authorization: `Bearer ${keys[0]}` } };
        return {
          method: 'POST' as const,
          path: PATHS[pathName]!.path,
          headers: { authorization: `Bearer ${keys[Math.floor(i / 10) % keys.length]}`, 'content-type': 'application/json' },
          body: JSON.stringify(BODIES[pathName]!(i)),
        };
      });
    const origin = new URL(server.url).origin;
    // POST /webhooks: every request on an endpoint place of its own (the warm-up's first, then the run's);
    // the other paths repeat one request.
    const unique = pathName === 'webhooks';
    const warmCount = MAX_WEBHOOK_RATE;
    if (pathName === 'drain') {
      const burst = {
        method: 'POST' as const,
        path: PATHS.abn!.path,
        headers: { authorization: `Bearer ${keys[0]}`, 'content-type': 'application/json' },
        body: JSON.stringify(BODIES.abn!(0)),
      };
      await drive({ origin, connections, seconds, requests: [burst], cycle: true });
    }
    await drive({ origin, connections, seconds: 1, requests: requests(unique ? warmCount : 1, 0), cycle: !unique });
    const pid = server.pid;
    const pgPids = database ? await backendPids(database.url) : [];
    const pgBefore = new Map(pgPids.map((p) => [p, cpuSeconds(p)]));
    const before = cpuSeconds(pid);
    process.kill(pid, 'SIGUSR2');
    const windowStart = performance.now();
    const result = await drive({
      origin,
      connections,
      seconds,
      requests: requests(unique ? seconds * MAX_WEBHOOK_RATE : 1, unique ? warmCount : 0),
      cycle: !unique,
    });
    const windowMs = performance.now() - windowStart;
    process.kill(pid, 'SIGUSR2');
    const serverCpuMs = (cpuSeconds(pid) - before) * 1000;
    const pgAfter = database ? await backendPids(database.url) : [];
    const postgresCpuMs = database ? pgAfter.reduce((sum, p) => sum + (cpuSeconds(p) - (pgBefore.get(p) ?? 0)), 0) * 1000 : undefined;
    const deadline = Date.now() + 30_000;
    while (!server.output().includes('profile written') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const profile = JSON.parse(readFileSync(`${profileOut}.cpuprofile`, 'utf8')) as CpuProfile;
    const { parts, files } = summariseProfile(profile, join(ROOT, 'build'));
    const statements = JSON.parse(readFileSync(`${profileOut}.statements.json`, 'utf8')) as Record<string, { count: number; ms?: number }>;
    return {
      engine,
      path: pathName,
      result,
      serverCpuMs,
      ...(postgresCpuMs !== undefined ? { postgresCpuMs } : {}),
      statements,
      parts,
      files,
      windowMs,
    };
  } finally {
    await server?.stop();
    await database?.drop().catch(() => undefined);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The floor's paths (bench/http/floor-server.ts) that stand beside the service's. */
const FLOOR_OF: Record<string, { path: string; method: 'GET' | 'POST' }> = {
  abn: { path: '/write', method: 'POST' },
  read: { path: '/read', method: 'GET' },
};

/**
 * The floor of a path measured the same way, right after it: bare Express with the driver and the
 * one statement the path needs. Its CPU per request beside the service's says how much of the
 * difference is the server's own work and how much PostgreSQL's.
 */
async function measureFloor(
  engine: 'pglite' | 'postgres',
  pathName: string,
): Promise<{ result: DriveResult; serverCpuMs: number; postgresCpuMs?: number; parts: Map<string, number> }> {
  const floorPath = FLOOR_OF[pathName]!;
  const database = engine === 'postgres' ? await throwawayDatabase(values['postgres-url']!) : undefined;
  let floor: Running | undefined;
  try {
    floor = await startProcess(
      `floor (${engine})`,
      process.execPath,
      // Profiled like the service (the same hook and signals), so the two CPU figures carry the same overhead.
      [
        '--import',
        './bench/http/profile-hook.mjs',
        '--import',
        'tsx',
        'bench/http/floor-server.ts',
        '--engine',
        engine,
        ...(database ? ['--database-url', database.url] : []),
      ],
      { ...process.env, PROFILE_OUT: join(out, `${engine}-${pathName}-floor`) },
      /listening on (http:\/\/\S+)/,
    );
    const origin = new URL(floor.url).origin;
    const request: DriveSpec['requests'][number] =
      floorPath.method === 'GET'
        ? { method: 'GET', path: floorPath.path, headers: {} }
        : {
            method: 'POST',
            path: floorPath.path,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(BODIES[pathName]!(0)),
          };
    await drive({ origin, connections, seconds: 1, requests: [request], cycle: true });
    const pid = floor.pid;
    const pgPids = database ? await backendPids(database.url) : [];
    const pgBefore = new Map(pgPids.map((p) => [p, cpuSeconds(p)]));
    const before = cpuSeconds(pid);
    process.kill(pid, 'SIGUSR2');
    const result = await drive({ origin, connections, seconds, requests: [request], cycle: true });
    process.kill(pid, 'SIGUSR2');
    const serverCpuMs = (cpuSeconds(pid) - before) * 1000;
    const pgAfter = database ? await backendPids(database.url) : [];
    const postgresCpuMs = database ? pgAfter.reduce((sum, p) => sum + (cpuSeconds(p) - (pgBefore.get(p) ?? 0)), 0) * 1000 : undefined;
    // Its profile too, so the parts of the two processes stand side by side.
    const deadline = Date.now() + 30_000;
    while (!floor.output().includes('profile written') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const profile = JSON.parse(readFileSync(join(out, `${engine}-${pathName}-floor.cpuprofile`), 'utf8')) as CpuProfile;
    const { parts } = summariseProfile(profile, join(ROOT, 'build'));
    return { result, serverCpuMs, ...(postgresCpuMs !== undefined ? { postgresCpuMs } : {}), parts };
  } finally {
    await floor?.stop();
    await database?.drop().catch(() => undefined);
  }
}

const built = spawn(process.execPath, [join(ROOT, 'scripts/build-server.mjs'), '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
await new Promise((resolve) => built.once('exit', resolve));

const lines: string[] = [
  `npm run bench:write-path: ${connections} connections, ${seconds} s per path after a 1 s warm-up; ${cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 16)}Z, load average before ${loadavg()[0]!.toFixed(1)}${values['pglite-memory'] ? '; PGlite on memory://' : ''}; profiles in ${out}`,
  '',
];
for (const engine of values.engines!.split(',') as Array<'pglite' | 'postgres'>) {
  for (const pathName of values.paths!.split(',')) {
    const m = await measure(engine, pathName);
    const n = Math.max(1, m.result.requests);
    const perRequest = (ms: number): string => (ms / n).toFixed(3);
    lines.push(
      `### ${PATHS[pathName]!.label}, ${engine}: ${Math.round(m.result.rps)} req/s, p50 ${m.result.p50} ms, p99 ${m.result.p99} ms, statuses ${JSON.stringify(m.result.statuses)}`,
      '',
      `Per request: server CPU ${perRequest(m.serverCpuMs)} ms` +
        (m.postgresCpuMs !== undefined ? `, PostgreSQL CPU ${perRequest(m.postgresCpuMs)} ms` : '') +
        `, statements ${(Object.values(m.statements).reduce((a, b) => a + b.count, 0) / n).toFixed(2)}` +
        `; load average after ${loadavg()[0]!.toFixed(1)}`,
      '',
    );
    // The floor of the path (if it has one) is measured now, so its parts stand beside the service's.
    const floor = FLOOR_OF[pathName] ? await measureFloor(engine, pathName) : undefined;
    const f = Math.max(1, floor?.result.requests ?? 1);
    lines.push(
      floor
        ? "| part of the server process | ms per request | share of window | the floor's process, ms per request |"
        : '| part of the server process | ms per request | share of window |',
      floor ? '|---|---|---|---|' : '|---|---|---|',
    );
    const total = [...m.parts.values()].reduce((a, b) => a + b, 0);
    for (const [part, ms] of [...m.parts].sort((a, b) => b[1] - a[1]))
      lines.push(
        `| ${part} | ${perRequest(ms)} | ${((100 * ms) / total).toFixed(1)} % |` +
          (floor ? ` ${((floor.parts.get(part) ?? 0) / f).toFixed(3)} |` : ''),
      );
    lines.push('', 'Top files (ms per request):', '');
    for (const [file, ms] of [...m.files].sort((a, b) => b[1] - a[1]).slice(0, 15)) lines.push(`- ${file}: ${perRequest(ms)}`);
    lines.push('', 'Statements sent (per request; on PGlite with the milliseconds inside the engine):', '');
    for (const [text, { count, ms }] of Object.entries(m.statements)
      .sort((a, b) => b[1].count - a[1].count)
      .slice(0, 20))
      lines.push(`- ${(count / n).toFixed(2)} x${ms !== undefined ? `, ${perRequest(ms)} ms` : ''} \`${text.slice(0, 160)}\``);
    if (floor) {
      lines.push(
        '',
        `The floor of this path, measured right after (bare Express, the driver, one statement): ${Math.round(floor.result.rps)} req/s, p99 ${floor.result.p99} ms; ` +
          `per request its process's CPU ${(floor.serverCpuMs / f).toFixed(3)} ms` +
          (floor.postgresCpuMs !== undefined ? `, PostgreSQL CPU ${(floor.postgresCpuMs / f).toFixed(3)} ms` : '') +
          `; the service ${Math.round((100 * m.result.rps) / floor.result.rps)} % of it.`,
      );
    }
    lines.push('');
    process.stdout.write(`${lines.splice(0).join('\n')}\n`);
  }
}
