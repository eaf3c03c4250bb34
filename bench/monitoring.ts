// The daily register check at scale (issue "Entity monitoring", Scale): N active live entities across
// 100 accounts, each account with a webhook endpoint, 1 % of the companies changed on the register;
// one `monitoring-daily-check` round is timed. Prints entities checked per second, events recorded
// and peak RSS for each N on PostgreSQL (when one answers) and PGlite. Not a test: it asserts only
// that every entity was checked once and every change recorded once.
//
// Engines: `pglite` is the embedded engine as `npm start` runs it, in a data directory (a temporary
// one here, removed after, seeded by a process of its own); `pglite-memory` is a `memory://` database as the tests and the in-process
// contract runner open it, whose files (tables, indexes, WAL) are the process's own memory, so its
// RSS grows with the data. The process runs with --expose-gc (the npm script), so the RSS before the
// round is what the seed left, not its garbage, and PGlite's WebAssembly is compiled as `npm start`
// has V8 compile it (PGLITE_WASM_TIERING): with V8's default tiering budget, when its optimizing
// compiler ran moved the peak between 305 and 448 MB from run to run; on Liftoff alone the peak is
// about 30 to 60 MB lower and the round about a fifth slower.
//   npm run bench:monitoring [-- --sizes 10000,100000 --engines postgres,pglite,pglite-memory]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { and, eq, sql } from 'drizzle-orm';
import { ManualClock } from '../server/clock.js';
import { loadConfig } from '../server/config.js';
import type { AppDeps } from '../server/deps.js';
import { createAccount } from '../server/domain/accounts/accounts.js';
import { runRegisterCheck } from '../server/domain/monitoring/checks.js';
import { generateWebhookSecret } from '../server/domain/webhooks/endpoints.js';
import { newId } from '../server/ids.js';
import { createLogger } from '../server/logger.js';
import { openDatabase, type OpenDatabase } from '../server/store/db.js';
import { apiKeys, monitoredEntities, monitoringEvents, registerCompanies, webhookEndpoints } from '../server/store/schema/index.js';
import { wireDeps } from '../server/wiring.js';
import { acnFrom, baselineSnapshot as baseline } from '../test/support/generated-companies.js';
import { createThrowawayDatabase, POSTGRES_ADMIN_URL, redactedUrl } from '../test/support/postgres.js';
import { benchOptions } from './options.js';
import { PGLITE_WASM_TIERING } from '../scripts/pglite-wasm-tiering.mjs';

// Before any PGlite opens (its module is compiled then), in this process and in the seeding one.
setFlagsFromString(PGLITE_WASM_TIERING);

const values = benchOptions({
  script: 'bench:monitoring',
  purpose: 'One monitoring-daily-check round over N active live entities, per size and engine.',
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    engines: { type: 'string', default: 'postgres,pglite' },
    // Internal: the `pglite` engine's seed, run in a process of its own (below).
    'seed-into': { type: 'string' },
  },
});
const sizes = values.sizes!.split(',').map(Number);
const ENGINES = ['postgres', 'pglite', 'pglite-memory'];
const wanted = new Set(values.engines!.split(','));
const unknown = [...wanted].filter((engine) => !ENGINES.includes(engine));
if (unknown.length > 0) {
  process.stderr.write(`Unknown engine ${unknown.join(', ')}: choose from ${ENGINES.join(', ')}\n`);
  process.exit(2);
}
const ACCOUNTS = 100;
const CHANGED_EVERY = 100;
const START = new Date('2026-11-22T00:00:00Z');

async function seed(deps: AppDeps, n: number): Promise<void> {
  const now = deps.clock.now();
  const accountIds: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const { account } = await createAccount({
      ctx: deps,
      input: { name: `Bench ${i}`, ownerEmail: `bench${i}@example.com`, plan: 'standard', billing: 'card', cardStatus: 'valid' },
    });
    const [key] = await deps.db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, account.id), eq(apiKeys.type, 'secret'), eq(apiKeys.environment, 'live')));
    await deps.db.insert(webhookEndpoints).values({
      id: newId('we'),
      accountId: account.id,
      keyId: key!.id,
      environment: 'live',
      url: 'https://hooks.example.com/svc',
      eventTypes: ['*'],
      secret: generateWebhookSecret(),
      createdAt: now,
      updatedAt: now,
    });
    accountIds.push(account.id);
  }
  const CHUNK = 2000;
  for (let from = 0; from < n; from += CHUNK) {
    const acns = Array.from({ length: Math.min(CHUNK, n - from) }, (_, i) => acnFrom(20_000_000 + from + i));
    await deps.db.insert(monitoredEntities).values(
      acns.map((acn, i) => ({
        accountId: accountIds[(from + i) % ACCOUNTS]!,
        environment: 'live' as const,
        acn,
        entityName: baseline(acn).name,
        status: 'active',
        monitoringStatus: 'active',
        startsAt: '2026-11-22',
        expiresAt: '2027-11-22',
        register: baseline(acn),
        createdAt: now,
        updatedAt: now,
      })),
    );
    const changed = acns.filter((_, i) => (from + i) % CHANGED_EVERY === 0);
    if (changed.length > 0)
      await deps.db
        .insert(registerCompanies)
        .values(changed.map((acn) => ({ acn, record: { name: `RENAMED ${acn} PTY LTD`, status: 'registered' }, updatedAt: now })));
  }
}

interface Figures {
  engine: string;
  n: number;
  seconds: number;
  perSecond: number;
  events: number;
  peakRssMb: number;
  baseRssMb: number;
}

function wiredDeps(opened: OpenDatabase): AppDeps {
  const config = loadConfig({ LOG_LEVEL: 'silent', SVC_ADMIN_TOKEN: 'bench-admin-token-0123456789' });
  return wireDeps({ config, db: opened.db, engine: opened.engine, clock: new ManualClock(START), logger: createLogger('silent') });
}

/**
 * The data directory with N entities, seeded by a process of its own: the round then runs in a process
 * that opened a database holding them, as a server that has them does, not beside what a bulk insert
 * of N rows left in the heap (that varied between 290 and 450 MB from run to run).
 */
async function seedInChild(dataDir: string, n: number): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, '--seed-into', dataDir, '--sizes', String(n)], {
    stdio: 'inherit',
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the seed of ${dataDir} exited ${code}`);
}

if (values['seed-into']) {
  const opened = await openDatabase({ dataDir: values['seed-into'] });
  try {
    await seed(wiredDeps(opened), sizes[0]!);
  } finally {
    await opened.close();
  }
  process.exit(0);
}

async function measure(label: string, opened: OpenDatabase, n: number, seeded = false): Promise<Figures> {
  const deps = wiredDeps(opened);
  if (!seeded) await seed(deps, n);
  globalThis.gc?.();
  const baseRss = process.memoryUsage().rss;
  let peakRss = baseRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const totals = await runRegisterCheck(deps, 'daily', `bench-${n}`);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const [events] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(monitoringEvents);
  const [unchecked] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(monitoredEntities)
    .where(sql`${monitoredEntities.checkRound} is distinct from ${`bench-${n}`}`);
  const expected = Math.ceil(n / CHANGED_EVERY);
  if (totals.checked !== n || unchecked!.n !== 0 || events!.n !== expected || totals.events !== expected)
    throw new Error(`${label} N=${n}: checked ${totals.checked}, unchecked ${unchecked!.n}, events ${events!.n} (expected ${expected})`);
  return {
    engine: label,
    n,
    seconds,
    perSecond: n / seconds,
    events: events!.n,
    peakRssMb: peakRss / 2 ** 20,
    baseRssMb: baseRss / 2 ** 20,
  };
}

const rows: Figures[] = [];
for (const n of sizes) {
  if (wanted.has('postgres')) {
    let database;
    try {
      database = await createThrowawayDatabase();
    } catch (error) {
      process.stderr.write(
        `PostgreSQL skipped: none at ${redactedUrl(POSTGRES_ADMIN_URL)} (${error instanceof Error ? error.message : String(error)})\n`,
      );
    }
    if (database) {
      const opened = await openDatabase({ databaseUrl: database.url });
      const shown = (await opened.db.execute(sql`show server_version`)) as unknown as { rows: { server_version: string }[] };
      try {
        rows.push(await measure(`PostgreSQL ${shown.rows[0]?.server_version.split(' ')[0] ?? ''}`.trim(), opened, n));
      } finally {
        await opened.close();
        await database.drop();
      }
    }
  }
  if (wanted.has('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-monitoring-'));
    try {
      await seedInChild(dataDir, n);
      const opened = await openDatabase({ dataDir });
      try {
        rows.push(await measure('PGlite (data directory)', opened, n, true));
      } finally {
        await opened.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (wanted.has('pglite-memory')) {
    const opened = await openDatabase({ dataDir: 'memory://' });
    try {
      rows.push(await measure('PGlite (memory://)', opened, n));
    } finally {
      await opened.close();
    }
  }
}

const [one, five] = loadavg();
console.log(
  `\nmonitoring-daily-check, one round: N active live entities across ${ACCOUNTS} accounts (one webhook endpoint each), 1 in ${CHANGED_EVERY} companies renamed on the register; batches of 500; Node ${process.version}; load average ${one!.toFixed(1)} / ${five!.toFixed(1)}`,
);
console.log('| engine | N | seconds | entities checked / s | events recorded | peak RSS (MB) | RSS before the round (MB) |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows)
  console.log(
    `| ${row.engine} | ${row.n.toLocaleString('en-AU')} | ${row.seconds.toFixed(1)} | ${Math.round(row.perSecond).toLocaleString('en-AU')} | ${row.events.toLocaleString('en-AU')} | ${row.peakRssMb.toFixed(0)} | ${row.baseRssMb.toFixed(0)} |`,
  );
for (const engine of new Set(rows.map((row) => row.engine))) {
  const mine = rows.filter((row) => row.engine === engine).sort((a, b) => a.n - b.n);
  if (mine.length >= 2) {
    const [small, large] = [mine[0]!, mine[mine.length - 1]!];
    console.log(
      `${engine}: N ×${(large.n / small.n).toFixed(0)} took ×${(large.seconds / small.seconds).toFixed(1)} the time; peak RSS ${small.peakRssMb.toFixed(0)} -> ${large.peakRssMb.toFixed(0)} MB`,
    );
  }
}
