// `npm start`: runs the server as compiled JavaScript (build/server.mjs) instead of compiling its
// TypeScript at every start (issue 17: start time). The bundle is rebuilt first whenever a source
// under server/ or schemas/ is newer than it (esbuild, about half a second), so an edited checkout
// never runs stale code. Without esbuild (an install without dev dependencies) it runs the
// TypeScript through tsx, as before.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUNDLE = join(ROOT, 'build', 'server.mjs');
const SOURCES = ['server', 'schemas'];

/** The newest modification time of any file under the given folders. */
function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const folder of SOURCES) walk(join(ROOT, folder));
  return newest;
}

async function buildServer() {
  const { buildServerBundle } = await import('./build-server.mjs');
  await buildServerBundle();
}

let entry = BUNDLE;
if (!existsSync(BUNDLE) || statSync(BUNDLE).mtimeMs < newestSource()) {
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
