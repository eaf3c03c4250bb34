// Start time of `npm start` as a user sees it: from the command to the first 200 of GET /healthz,
// on a fresh data directory (cold) and again on the directory the cold start left (warm).
// Not a test: it asserts nothing and prints figures (medians of --runs runs).
//   npm run bench:start [-- --runs 3]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

async function firstOk(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // npm start runs the server in a process group of its own: signal the whole group.
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
  await exited;
}

/** Milliseconds from spawning `npm start` to the first 200 from /healthz. */
async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, DATABASE_URL: '', SVC_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await firstOk(`http://127.0.0.1:${port}/healthz`, child);
    return performance.now() - started;
  } finally {
    await stop(child);
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-start-'));
  try {
    cold.push(await timeStart(dataDir));
    warm.push(await timeStart(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const format = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
process.stdout.write(
  [
    `npm start to the first 200 of /healthz (PGlite, median of ${runs})`,
    `  fresh data directory:    ${format(median(cold))}  (runs: ${cold.map(format).join(', ')})  target <= 2.00 s`,
    `  existing data directory: ${format(median(warm))}  (runs: ${warm.map(format).join(', ')})  target <= 1.50 s`,
    '',
  ].join('\n'),
);
