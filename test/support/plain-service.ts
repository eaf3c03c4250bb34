// The service started the way `npm start` starts it (the bundle build/server.mjs and the console
// build, rebuilt first when stale), with no setting but a fresh embedded database and a free port:
// the real clock, a generated admin token (read from what it prints), no SVC_WEBHOOK_ALLOW_LOCAL.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONSOLE_BUILD, CONSOLE_SOURCES, isStale } from '../../scripts/build-state.mjs';
import { serverEntry } from './server-entry.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface PlainService {
  url: string;
  adminToken: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** Settings a developer's shell might carry that would make this start not plain. */
const NOT_PLAIN = /^(SVC_|DATABASE_URL$|TEST_DATABASE_URL$|REDIS_URL$|PORT$|HOST$|SMTP_URL$|LOG_LEVEL$)/;

/** `env`: settings a test adds on purpose (the CLI's test moves the manual clock: `SVC_CLOCK=manual`). */
export async function startPlainService(timeoutMs = 120_000, env: Record<string, string> = {}): Promise<PlainService> {
  // The staleness check as npm start makes it, in this process: the build script imports Vite before
  // it checks: 1.7 to 3 s of CPU per start, against 16 ms here, for a build that is almost never stale.
  if (isStale(CONSOLE_BUILD, CONSOLE_SOURCES))
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-console.ts'], { cwd: ROOT, stdio: 'ignore' });
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-console-'));
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !NOT_PLAIN.test(name)));
  const child: ChildProcess = spawn(process.execPath, serverEntry(), {
    cwd: ROOT,
    env: { ...inherited, SVC_DATA_DIR: dataDir, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + timeoutMs;
  while (!/admin token .*: (adm_\S+)/.test(output) || !/listening on (http:\/\/\S+)/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the service did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: /listening on (http:\/\/\S+)/.exec(output)![1]!,
    adminToken: /admin token .*: (adm_\S+)/.exec(output)![1]!,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
