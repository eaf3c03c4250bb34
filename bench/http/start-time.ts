// Start time of `npm start` as a user sees it: from the command to the first 200 of GET /healthz, on a
// fresh data directory (cold) and again on the directory the cold start left (warm); and a
// newcomer's first start: a fresh clone, `npm ci`, then `npm start` to its "listening" line. Shared by
// `npm run bench:start` and `npm run bench:http`.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/free-port.js';
import { groupAlive, ROOT } from './processes.js';

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
  const pgid = child.pid;
  if (!pgid) return;
  // npm start runs the server in a process group of its own: signal the whole group, and wait for all
  // of it. npm can exit before the server has finished its shutdown (closing the database); a start
  // timed while that shutdown still ran measured the two together (the "existing directory" start
  // read 0.4 to 1 s slower than the fresh one before it).
  if (groupAlive(pgid)) process.kill(-pgid, 'SIGTERM');
  for (let waited = 0; groupAlive(pgid) && waited < 30_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Milliseconds from spawning `npm start` in `cwd` to the first 200 from /healthz. */
export async function timeStart(dataDir: string, cwd = ROOT): Promise<number> {
  const port = await freePort();
  // Warm the client side (fetch loads undici on first use) so it is not counted against the server.
  await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined);
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd,
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

export interface StartTimes {
  cold: number[];
  warm: number[];
}

/** `runs` pairs: a start on a fresh data directory, then one on the directory it left. */
export async function measureStarts(runs: number): Promise<StartTimes> {
  const times: StartTimes = { cold: [], warm: [] };
  for (let i = 0; i < runs; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-start-'));
    try {
      times.cold.push(await timeStart(dataDir));
      times.warm.push(await timeStart(dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return times;
}

export interface FirstStart {
  /** `npm ci` in the fresh clone, milliseconds. */
  install: number;
  /** From `npm start` (default data directory ./data) to its "listening" line, milliseconds. */
  listening: number;
}

/** A newcomer's first start: clone this checkout's HEAD, `npm ci`, `npm start` until "listening". */
export async function measureFirstStart(): Promise<FirstStart> {
  const clone = mkdtempSync(join(tmpdir(), 'svc-fresh-clone-'));
  try {
    execFileSync('git', ['clone', '--quiet', ROOT, clone], { stdio: 'ignore' });
    const installStarted = performance.now();
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: clone, stdio: 'ignore' });
    const install = performance.now() - installStarted;
    const port = await freePort();
    const started = performance.now();
    const { DATABASE_URL: _a, SVC_DATA_DIR: _b, ...env } = process.env;
    const child = spawn('npm', ['start'], {
      cwd: clone,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      while (!/listening on/.test(output)) {
        if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return { install, listening: performance.now() - started };
    } finally {
      await stop(child);
    }
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
}

export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
