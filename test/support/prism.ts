// Starts the mock of spec/openapi.json (the same command as `npm run mock`: Prism behind
// scripts/mock/cli.ts's front) on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

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
  const child = spawn('node_modules/.bin/tsx', ['scripts/mock/cli.ts', '--host', '127.0.0.1', '--port', String(port), ...extraArgs, spec], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilListening(url, child, () => log);
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
