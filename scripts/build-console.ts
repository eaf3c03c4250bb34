// npm run build: the sandbox console (console/) into build/console, which the server serves at /console.
// `--if-stale` (npm start) builds only when a source is newer than the build, so a start stays fast.
// npm ci runs it through `prepare`, so the README's two commands still do everything.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';

const { values } = parseArgs({ options: { 'if-stale': { type: 'boolean', default: false } } });
const OUT = 'build/console/index.html';
const SOURCES = ['console/src', 'console/index.html', 'console/vite.config.ts', 'generated/client', 'generated/admin-client'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export function consoleIsStale(): boolean {
  return !existsSync(OUT) || Math.max(...SOURCES.map(newest)) > statSync(OUT).mtimeMs;
}

export async function buildConsole(): Promise<void> {
  await build({ configFile: 'console/vite.config.ts' });
}

if (!values['if-stale'] || consoleIsStale()) {
  const started = Date.now();
  await buildConsole();
  console.log(`sandbox console built into build/console in ${Date.now() - started} ms`);
}
