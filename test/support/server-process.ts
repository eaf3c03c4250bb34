// Real `server/main.ts` processes for the tests of several processes on one PostgreSQL (shared rate
// limits, one manual clock): started as `npm start` runs it (the bundle, server-entry.ts), on the manual clock at TEST_START,
// with the test admin token, a free port and nothing inherited that would change what is measured
// (database, port, role, Redis counter store).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ADMIN_TOKEN, TEST_SECRET_KEY, TEST_START } from './harness.js';
import { assertNoPgMisuse } from './pg-misuse.js';
import { serverEntry } from './server-entry.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  name: string;
  child: ChildProcess;
  output: () => string;
}

export function spawnServer(
  databaseUrl: string,
  name: string,
  options: { role?: 'api' | 'worker'; env?: Record<string, string> } = {},
): ServerProcess {
  const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, PORT: _c, SVC_ROLE: _d, REDIS_URL: _e, ...env } = process.env;
  const child = spawn(process.execPath, [...serverEntry(), ...(options.role ? ['--role', options.role] : [])], {
    cwd: ROOT,
    env: {
      ...env,
      DATABASE_URL: databaseUrl,
      SVC_CLOCK: 'manual',
      SVC_CLOCK_START: TEST_START.toISOString(),
      SVC_ADMIN_TOKEN: ADMIN_TOKEN,
      SVC_SECRET_KEY: TEST_SECRET_KEY,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // One process each, as these tests count them (on PostgreSQL `npm start` runs one per two cores, D-84;
      // test/integration/core/processes.shared.test.ts tests that).
      SVC_PROCESSES: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { name, child, output: () => output };
}

/** Waits for the process's "listening on" line and returns its base URL. */
export async function listeningUrl(server: ServerProcess, timeoutMs = 150_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = /listening on (http:\/\/\S+)/.exec(server.output());
    if (match) return match[1]!;
    if (server.child.exitCode !== null || Date.now() > deadline) {
      server.child.kill('SIGKILL');
      throw new Error(`${server.name} did not start (exit ${server.child.exitCode}):\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM (graceful shutdown), SIGKILL after 10 s; fails when the process used a pg client twice at once. */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
    server.child.kill('SIGTERM');
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  assertNoPgMisuse(server.name, server.output());
}
