// `npm start`: runs the server as compiled JavaScript (build/server.mjs) instead of compiling its
// TypeScript at every start (issue 17: start time). The bundle is rebuilt first whenever a source
// under server/ or schemas/, or the installed packages, are newer than it (esbuild, about half a
// second), so an edited checkout never runs stale code; so is the sandbox console (console/dist,
// Vite) when one of its sources is newer. Without esbuild (an install without dev dependencies) it runs the TypeScript through tsx.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUNDLE = join(ROOT, 'build', 'server.mjs');
// The bundle holds the packages loaded at start too: an install that changed them (npm ci, npm
// install rewrite node_modules/.package-lock.json) makes it stale as well.
const SOURCES = ['server', 'schemas', 'package-lock.json', 'node_modules/.package-lock.json'];

const CONSOLE_BUILD = join(ROOT, 'console', 'dist', 'index.html');
// As scripts/build-console.ts lists them.
const CONSOLE_SOURCES = ['console/src', 'console/index.html', 'console/vite.config.ts', 'generated/client', 'generated/admin-client'];

/** The newest modification time of any file at or under the given paths. */
function newestSource(paths) {
  let newest = 0;
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (!stat.isDirectory()) newest = Math.max(newest, stat.mtimeMs);
    else for (const name of readdirSync(path)) walk(join(path, name));
  };
  for (const path of paths) walk(join(ROOT, path));
  return newest;
}

const stale = (output, sources) => !existsSync(output) || statSync(output).mtimeMs < newestSource(sources);

if (existsSync(join(ROOT, 'console', 'src')) && stale(CONSOLE_BUILD, CONSOLE_SOURCES)) {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-console.ts'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

async function buildServer() {
  const { buildServerBundle } = await import('./build-server.mjs');
  await buildServerBundle();
}

let entry = BUNDLE;
if (stale(BUNDLE, SOURCES)) {
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
