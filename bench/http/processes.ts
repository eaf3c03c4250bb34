// Each server of the HTTP benchmark in its own process group, and autocannon in another process, so
// neither the load generator nor a baseline shares an event loop with what it measures.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Running {
  url: string;
  /** The spawned process (the server itself when `command` is node). */
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** True while any process of the group still runs. */
export function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

/** Spawns `command` and waits for `ready` (a pattern whose first group is the base URL) on its output. */
export async function startProcess(
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<Running> {
  const child: ChildProcess = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    const group = child.pid;
    process.kill(-group, 'SIGTERM');
    // npm exits on the signal before the server it started has finished shutting down: wait for the
    // whole process group, so the caller never removes a data directory a server still writes to.
    const deadline = Date.now() + 20_000;
    while (groupAlive(group)) {
      if (Date.now() > deadline) {
        process.kill(-group, 'SIGKILL');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    const match = ready.exec(output);
    if (match) return { url: match[1]!, pid: child.pid!, output: () => output, stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${label} did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface Load {
  rps: number;
  /** Requests answered in the measured run. */
  requests: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** Seconds of unmeasured load first (1 by default): a server just started has not compiled its hot code yet. */
  warmup?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  /** Called between the warm-up and the measured run (a CPU reading taken there counts the measured run alone). */
  measuring?: () => void | Promise<void>;
}

/** One autocannon run in its own process (its JSON report), after a warm-up run (`warmup` seconds, 1 by default). */
export async function load(url: string, options: LoadOptions): Promise<Load> {
  const run = async (seconds: number): Promise<Load> => {
    const args = ['-j', '-c', String(options.connections), '-d', String(seconds), '-m', options.method ?? 'GET'];
    for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}=${value}`);
    if (options.body !== undefined) args.push('-H', 'Content-Type=application/json', '-b', JSON.stringify(options.body));
    const child = spawn(`${ROOT}/node_modules/.bin/autocannon`, [...args, url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.resume();
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`autocannon exited with ${code} for ${url}`);
    const report = JSON.parse(out) as {
      requests: { average: number; total: number };
      latency: { p99: number };
      non2xx: number;
      errors: number;
      timeouts: number;
    };
    // Timeouts are failed requests too (autocannon counts them apart from errors).
    return {
      rps: report.requests.average,
      requests: report.requests.total,
      p99: report.latency.p99,
      non2xx: report.non2xx,
      errors: report.errors + report.timeouts,
    };
  };
  await run(options.warmup ?? 1);
  await options.measuring?.();
  return run(options.seconds);
}
