// The two processes a replay needs: the real server (build/server.mjs, the bundle `npm start` runs,
// on a free port, a manual clock, a fresh data directory and a known admin token) and `prism proxy`
// in front of it. Each runs in its own process group so stopping it also stops what it spawned.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../free-port.js';

const ROOT = resolve(import.meta.dirname, '../..');

export interface Running {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
  /** True once the process has ended (Prism dies on some inputs; see stream-replay.ts). */
  exited: () => boolean;
}

function launch(command: string, args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  const collect = (chunk: Buffer): void => {
    log = (log + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, output: () => log };
}

function stopper(child: ChildProcess, cleanup: () => void = () => undefined): () => Promise<void> {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      const signal = (name: NodeJS.Signals): void => {
        try {
          process.kill(-child.pid!, name);
        } catch {
          // the group is already gone
        }
      };
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    cleanup();
  };
}

async function waitFor(
  pattern: RegExp,
  child: ChildProcess,
  output: () => string,
  what: string,
  timeoutMs: number,
): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(output());
    if (match) return match;
    if (child.exitCode !== null) throw new Error(`${what} exited early:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`${what} did not start in ${timeoutMs / 1000} s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface ServerOptions {
  adminToken: string;
  clockStart: string;
  /** Extra settings (SVC_WEBHOOK_ALLOW_LOCAL, …). */
  env?: Record<string, string>;
  /** TypeScript modules loaded before the server (`--import`, through tsx), relative to the project root. */
  preload?: string[];
}

export async function startServer(options: ServerOptions): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-replay-'));
  // The embedded database in a fresh directory, whatever the caller's environment points at.
  const { DATABASE_URL: _db, TEST_DATABASE_URL: _testDb, ...inherited } = process.env;
  const env = {
    ...inherited,
    PORT: '0',
    HOST: '127.0.0.1',
    SVC_DATA_DIR: dataDir,
    SVC_CLOCK: 'manual',
    SVC_CLOCK_START: options.clockStart,
    SVC_ADMIN_TOKEN: options.adminToken,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  // The bundle, rebuilt first when older than its sources (the check `npm start` makes): compiling the
  // server's TypeScript with tsx took 3 to 7 s of a core per lane; only the preloads go through tsx.
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-server.mjs'), '--if-stale'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`building build/server.mjs failed:\n${built.stderr}`);
  const preloads = options.preload ?? [];
  const imports = [...(preloads.length > 0 ? ['--import', 'tsx'] : []), ...preloads.flatMap((module) => ['--import', `./${module}`])];
  const { child, output } = launch(process.execPath, [...imports, join(ROOT, 'build', 'server.mjs')], env);
  const stop = stopper(child, () => rmSync(dataDir, { recursive: true, force: true }));
  try {
    const match = await waitFor(/listening on (http:\/\/\S+)/, child, output, 'the server', 120_000);
    return { url: match[1]!, output, stop, exited: () => child.exitCode !== null || child.signalCode !== null };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A private copy of spec/openapi.json. Prism restarts whenever its document changes on disk (a
 * regeneration during a replay would refuse requests for a while), and one replay is judged
 * against one version of the document.
 */
export function snapshotDocument(): { file: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'svc-replay-spec-'));
  const file = join(dir, 'openapi.json');
  copyFileSync(join(ROOT, 'spec/openapi.json'), file);
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `prism proxy <document> <upstream>`: Prism serves the document's paths without the server prefix. */
export async function startPrismProxy(document: string, upstream: string, options: { errors: boolean }): Promise<Running> {
  const port = await freePort();
  const args = ['proxy', '--host', '127.0.0.1', '--port', String(port), ...(options.errors ? ['--errors'] : []), document, upstream];
  const { child, output } = launch(join(ROOT, 'node_modules/.bin/prism'), args, process.env);
  const stop = stopper(child);
  try {
    await waitFor(/Prism is listening/, child, output, 'prism proxy', 120_000);
    return { url: `http://127.0.0.1:${port}`, output, stop, exited: () => child.exitCode !== null || child.signalCode !== null };
  } catch (error) {
    await stop();
    throw error;
  }
}
