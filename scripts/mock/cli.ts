// `npm run mock`: the Prism mock of spec/openapi.json behind a small front (scripts/mock/front.ts)
// that refuses a request with the server's own checks before Prism answers it from the examples.
//   tsx scripts/mock/cli.ts [--host 127.0.0.1] [--port 4010] [--dynamic] [document]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '../..');

const { values, positionals } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '4010' },
    dynamic: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const documentPath = resolve(positionals[0] ?? 'spec/openapi.json');

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no free port'))));
    });
  });
}

const prismPort = await freePort();
const prismUrl = new URL(`http://127.0.0.1:${prismPort}`);
const publicUrl = `http://${values.host}:${values.port}`;
const prism = spawn(
  resolve(ROOT, 'node_modules/.bin/prism'),
  ['mock', '--host', '127.0.0.1', '--port', String(prismPort), ...(values.dynamic ? ['--dynamic'] : []), documentPath],
  { stdio: ['ignore', 'pipe', 'pipe'] },
);
// Prism logs its own (internal) address; show the one clients use.
const relay = (to: NodeJS.WriteStream) => (chunk: Buffer) => to.write(chunk.toString().replaceAll(prismUrl.origin, publicUrl));
prism.stdout.on('data', relay(process.stdout));
prism.stderr.on('data', relay(process.stderr));
prism.on('exit', (code, signal) => {
  process.stderr.write(`prism exited (${signal ?? code})\n`);
  process.exit(code ?? 1);
});

/** The front opens once Prism answers, so a client never meets a front with nothing behind it. */
async function prismReady(): Promise<void> {
  for (;;) {
    try {
      await fetch(`${prismUrl.origin}/__health`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

// The front loads the server's checks (seconds of compiling on a busy machine) while Prism starts.
const { createMockFront } = await import('./front.js');
const document = JSON.parse(readFileSync(documentPath, 'utf8')) as Record<string, unknown>;
const [front] = await Promise.all([createMockFront(document, prismUrl), prismReady()]);
front.listen(Number(values.port), values.host, () => process.stdout.write(`mock front listening on ${publicUrl} (Prism behind it)\n`));

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    front.close();
    prism.kill(signal);
  });
