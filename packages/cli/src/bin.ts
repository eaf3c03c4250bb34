// The `svc` command (package.json `bin`): `npm pack` bundles this file and what it imports into
// dist/svc.mjs (build.ts); the SDK and zod stay dependencies. Ctrl-C ends a long-running command
// (listen, logs tail) cleanly.
import { readFileSync } from 'node:fs';
import { pause } from './backoff.js';
import './built-ins.js';
import { main } from './main.js';

const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
process.once('SIGTERM', () => controller.abort());

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
  readStdin,
  interrupted: controller.signal,
  version: manifest.version,
  pause,
});
