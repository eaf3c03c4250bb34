// A real `server/main.ts` process (as `npm start` runs it: the bundle, server-entry.ts) in a process group
// of its own, so a SIGKILL reaches everything it started: for the crash soak and the tests of what a
// data directory holds. Only these processes are ever signalled, by their group id.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ADMIN_TOKEN, TEST_START } from './harness.js';
import { serverEntry } from './server-entry.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface GroupServer {
  child: ChildProcess;
  /** Set once it listens. */
  url: string;
  output: () => string;
}

export type Engine = 'pglite' | 'postgres';

/**
 * Settings for a server on `location` (a PGlite data directory or a PostgreSQL URL): manual clock at
 * TEST_START, the test admin token, a free port, loopback webhooks; nothing inherited that changes
 * the engine, the port or the counters.
 */
export function groupServerEnv(engine: Engine, location: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const {
    DATABASE_URL: _a,
    TEST_DATABASE_URL: _b,
    PORT: _c,
    SVC_ROLE: _d,
    REDIS_URL: _e,
    SVC_DATA_DIR: _f,
    SVC_SECRET_KEY: _g,
    ...env
  } = process.env;
  return {
    ...env,
    ...(engine === 'postgres' ? { DATABASE_URL: location } : { SVC_DATA_DIR: location }),
    SVC_CLOCK: 'manual',
    SVC_CLOCK_START: TEST_START.toISOString(),
    SVC_ADMIN_TOKEN: ADMIN_TOKEN,
    SVC_WEBHOOK_ALLOW_LOCAL: '1',
    SVC_RATE_LIMIT_MULTIPLIER: '1000',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // One API process, the one these tests signal (on PostgreSQL `npm start` runs one per two cores, D-84).
    SVC_PROCESSES: '1',
    ...extra,
  };
}

export function spawnGroupServer(env: NodeJS.ProcessEnv): GroupServer {
  const child = spawn(process.execPath, serverEntry(), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, url: '', output: () => output };
}

/** Starts one and waits for its "listening on" line. */
export async function startGroupServer(env: NodeJS.ProcessEnv, timeoutMs = 120_000): Promise<GroupServer> {
  const server = spawnGroupServer(env);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = /listening on (http:\/\/\S+)/.exec(server.output());
    if (match) return { ...server, url: match[1]! };
    if (server.child.exitCode !== null || server.child.signalCode !== null || Date.now() > deadline) {
      await signalGroup(server.child, 'SIGKILL');
      throw new Error(`the server did not start (exit ${server.child.exitCode ?? server.child.signalCode}):\n${server.output()}`);
    }
    await sleep(25);
  }
}

/** Waits until the process has exited by itself (a refused start); its exit code. */
export async function exitOf(server: GroupServer, timeoutMs = 120_000): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  while (server.child.exitCode === null && server.child.signalCode === null) {
    if (Date.now() > deadline) {
      await signalGroup(server.child, 'SIGKILL');
      throw new Error(`the server did not exit:\n${server.output()}`);
    }
    await sleep(25);
  }
  return server.child.exitCode;
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Signals the server's process group and waits until no process of it is left (SIGKILL after 15 s). */
export async function signalGroup(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const pid = child.pid;
  if (pid === undefined || !groupAlive(pid)) return;
  process.kill(-pid, signal);
  const deadline = Date.now() + 15_000;
  while (groupAlive(pid)) {
    if (Date.now() > deadline) process.kill(-pid, 'SIGKILL');
    await sleep(10);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
