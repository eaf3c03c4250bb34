// Starts the mock of spec/openapi.json (the same command as `npm run mock`: Prism behind
// scripts/mock/cli.ts's front) on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { inject } from 'vitest';

export interface RunningPrism {
  url: string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
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

export async function startPrism(spec = 'spec/openapi.json', extraArgs: string[] = []): Promise<RunningPrism> {
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
  try {
    await waitUntilListening(url, child, () => log);
  } catch (error) {
    signalGroup('SIGKILL');
    throw error;
  }
  return {
    url,
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

/** The e2e project's mock: started by prism-global-setup.ts before the files run, stopped after them. */
export interface SharedPrism {
  url: string;
}

export function sharedPrism(): SharedPrism {
  return { url: inject('prismUrl') };
}
