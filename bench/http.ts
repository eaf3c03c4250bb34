// HTTP throughput of the real app against bare Express 5, measured in the same process and run, so
// the printed ratios hold on any machine. Not a test: it asserts nothing and prints figures.
//   npm run bench:http [-- --seconds 5 --connections 10 --database-url postgres://...]
// Without --database-url the app runs on in-memory PGlite (the default engine).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import express from 'express';
import { buildApp } from '../server/app.js';
import { RealClock } from '../server/clock.js';
import { loadConfig } from '../server/config.js';
import { createLogger } from '../server/logger.js';
import { openDatabase } from '../server/store/db.js';
import { createAccount } from '../server/domain/accounts/accounts.js';
import { wireDeps } from '../server/wiring.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'database-url': { type: 'string' },
  },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);

async function listen(app: express.Express): Promise<{ url: string; server: Server }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Figures {
  label: string;
  rps: number;
  p99: number;
  non2xx: number;
}

async function measure(label: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  await autocannon({ url, connections, duration: 1, headers }); // warm-up
  const result = await autocannon({ url, connections, duration, headers });
  return { label, rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

async function coldStart(): Promise<number> {
  const started = Date.now();
  const child = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', SVC_DATA_DIR: mkdtempSync(join(tmpdir(), 'svc-bench-')), PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  while (!/listening on (http:\/\/\S+)/.test(out)) await new Promise((r) => setTimeout(r, 20));
  const base = /listening on (http:\/\/\S+)/.exec(out)![1]!;
  while (
    (await fetch(`${base}/healthz`)
      .then((r) => r.status)
      .catch(() => 0)) !== 200
  )
    await new Promise((r) => setTimeout(r, 20));
  const elapsed = Date.now() - started;
  child.kill('SIGTERM');
  return elapsed;
}

const bare = express();
bare.get('/hello', (_req, res) => void res.json({ name: 'SANDBOX TRADING PTY LTD', available: false }));
const baseline = await listen(bare);

const config = loadConfig({ LOG_LEVEL: 'silent', SVC_RATE_LIMIT_MULTIPLIER: '1000000', SVC_ADMIN_TOKEN: 'bench-admin-token-0123456789' });
const databaseUrl = values['database-url'];
const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: 'memory://' });
const deps = wireDeps({ config, db: database.db, engine: database.engine, clock: new RealClock(), logger: createLogger('silent') });
const { app } = await buildApp(deps);
const service = await listen(app);
const account = await createAccount({
  ctx: deps,
  input: {
    name: 'Bench',
    ownerEmail: 'bench@example.com',
    plan: 'standard',
    billing: 'card',
    cardStatus: 'valid',
  },
});

const figures: Figures[] = [];
figures.push(await measure('bare Express 5, small JSON (baseline)', `${baseline.url}/hello`));
figures.push(
  await measure(
    'helper GET, publishable key + Origin',
    `${service.url}/api/test/v2/helpers/company-name-availability?name=Harbour%20Lights`,
    {
      Authorization: `Bearer ${account.keys.publishableTest}`,
      Origin: 'http://localhost:3000',
    },
  ),
);
figures.push(
  await measure('authenticated secret-key GET (industries)', `${service.url}/api/test/v2/helpers/industries?q=food`, {
    Authorization: `Bearer ${account.keys.secretTest}`,
  }),
);

const base = figures[0]!.rps;
console.log(`\nautocannon, ${connections} connections, ${duration} s per target, ${database.engine}, Node ${process.version}`);
console.log('| target | req/s | p99 ms | ratio to bare Express | non-2xx |');
console.log('|---|---|---|---|---|');
for (const f of figures) console.log(`| ${f.label} | ${Math.round(f.rps)} | ${f.p99} | ${(f.rps / base).toFixed(2)} | ${f.non2xx} |`);
const cold = await coldStart();
console.log(`\ncold start (tsx server/main.ts, empty PGlite directory) to first 200 on /healthz: ${cold} ms`);

baseline.server.close();
service.server.close();
await database.close();
process.exit(0);
