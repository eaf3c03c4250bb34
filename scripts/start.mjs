// `npm start`: runs the server as compiled JavaScript (build/server.mjs) instead of compiling its
// TypeScript at every start (start time). The bundle is rebuilt first whenever a source
// under server/ or schemas/, or the installed packages, are newer than it (esbuild, about half a
// second), so an edited checkout never runs stale code; so is the sandbox console (build/console,
// Vite) when one of its sources is newer (scripts/build-state.mjs). Without esbuild (an install
// without dev dependencies) it runs the TypeScript through tsx.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CONSOLE_BUILD, CONSOLE_SOURCES, isStale, ROOT, SERVER_BUNDLE, SERVER_SOURCES } from './build-state.mjs';

if (existsSync(join(ROOT, 'console', 'src')) && isStale(CONSOLE_BUILD, CONSOLE_SOURCES)) {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-console.ts'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

async function buildServer() {
  const { buildServerBundle } = await import('./build-server.mjs');
  await buildServerBundle();
}

let entry = SERVER_BUNDLE;
if (isStale(SERVER_BUNDLE, SERVER_SOURCES)) {
  try {
    await buildServer();
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    // No esbuild: compile the TypeScript on the fly instead.
    const { register } = await import('tsx/esm/api');
    register();
    entry = join(ROOT, 'server', 'main.ts');
  }
}
await import(pathToFileURL(entry).href);
