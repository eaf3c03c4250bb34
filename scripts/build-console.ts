// npm run build: the sandbox console (console/) into build/console, which the server serves at /console.
// `--if-stale` (npm start) builds only when a source is newer than the build, so a start stays fast.
// npm ci runs it through `prepare`, so the README's two commands still do everything.
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { CONSOLE_BUILD, CONSOLE_SOURCES, isStale } from './build-state.mjs';

const { values } = parseArgs({ options: { 'if-stale': { type: 'boolean', default: false } } });

export function consoleIsStale(): boolean {
  return isStale(CONSOLE_BUILD, CONSOLE_SOURCES);
}

export async function buildConsole(): Promise<void> {
  await build({ configFile: 'console/vite.config.ts' });
}

if (!values['if-stale'] || consoleIsStale()) {
  const started = Date.now();
  await buildConsole();
  console.log(`sandbox console built into build/console in ${Date.now() - started} ms`);
}
