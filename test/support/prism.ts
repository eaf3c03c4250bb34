// Starts the mock of spec/openapi.json (the same command as `npm run mock`: Prism behind
// scripts/mock/cli.ts's front) on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { beforeAll, inject } from 'vitest';
import { freePort } from '../../scripts/free-port.js';

/** A mock being started: its URL is known at once, `ready` settles once it answers (or rejects when it cannot start). */
export interface LaunchedPrism {
  url: string;
  ready: Promise<void>;
  stop: () => Promise<void>;
}

async function waitUntilListening(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`prism exited early:\n${output()}`);
    try {
      await fetch(`${url}/__health`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`prism did not start:\n${output()}`);
}

/** Starts the mock without waiting for it to listen. */
export async function launchPrism(spec = 'spec/openapi.json', extraArgs: string[] = []): Promise<LaunchedPrism> {
  const port = await freePort();
  // A process group of its own (the front and Prism): stopping it ends both. A Prism mock outlived
  // its front once in a whole run (its parent gone, still listening); the group is killed outright
  // once the front has exited, and whatever is left after 5 s is killed too. The front runs in node
  // with tsx's loader rather than through the tsx command, which starts a second node to run it.
  // --prism-port 0: Prism on any free port (the default, --port + 1, may be another test's).
  const front = [
    '--import',
    'tsx',
    'scripts/mock/cli.ts',
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--prism-port',
    '0',
    ...extraArgs,
    spec,
  ];
  const child = spawn(process.execPath, front, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const signalGroup = (signal: NodeJS.Signals): void => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // the group has ended
    }
  };
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const ready = waitUntilListening(url, child, () => log).catch((error: unknown) => {
    signalGroup('SIGKILL');
    throw error;
  });
  // Whoever awaits `ready` sees a failure; an unawaited one must not end the process.
  ready.catch(() => undefined);
  return {
    url,
    ready,
    stop: () =>
      new Promise<void>((done) => {
        const timer = setTimeout(() => signalGroup('SIGKILL'), 5_000);
        const ended = (): void => {
          clearTimeout(timer);
          signalGroup('SIGKILL');
          done();
        };
        if (child.exitCode !== null || child.signalCode !== null) return ended();
        child.once('exit', ended);
        signalGroup('SIGTERM');
      }),
  };
}

/** The e2e project's mock: started by prism-global-setup.ts as the run begins, stopped after it. */
export interface SharedPrism {
  url: string;
}

/** How long a file waits for the shared mock to answer its first request (it starts in 5 to 15 s). */
const SHARED_PRISM_WAIT_MS = 120_000;

/**
 * The shared mock, for a file to call at its top level: the global setup starts it without waiting, so
 * this registers a beforeAll that waits until it answers.
 */
export function sharedPrism(): SharedPrism {
  const url = inject('prismUrl');
  beforeAll(async () => {
    const deadline = Date.now() + SHARED_PRISM_WAIT_MS;
    for (;;) {
      try {
        await fetch(`${url}/__health`);
        return;
      } catch (error) {
        if (Date.now() > deadline)
          throw new Error(`the shared Prism mock at ${url} did not answer within ${SHARED_PRISM_WAIT_MS / 1000} s`, { cause: error });
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }, SHARED_PRISM_WAIT_MS + 10_000);
  return { url };
}
