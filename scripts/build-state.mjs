// Whether a build output is older than its sources: `npm start` (scripts/start.mjs) and the tests
// that start real server processes (test/support/server-entry.ts) ask before they run the server
// bundle, so an edited checkout never runs stale code. No dependencies: it runs before esbuild is
// known to be installed.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUNDLE = join(ROOT, 'build', 'server.mjs');
// The bundle holds the packages loaded at start too: an install that changed them (npm ci, npm
// install rewrite node_modules/.package-lock.json) makes it stale as well. The conformance feature
// bundles the contract runner's source from its workspace package.
export const SERVER_SOURCES = ['server', 'schemas', 'packages/svc-contract/src', 'package-lock.json', 'node_modules/.package-lock.json'];

export const CONSOLE_BUILD = join(ROOT, 'build', 'console', 'index.html');
export const CONSOLE_SOURCES = [
  'console/src',
  'console/index.html',
  'console/vite.config.ts',
  // The build takes examples and event rules from the document and the schemas (console/contract-data.ts).
  'console/contract-data.ts',
  'spec/openapi.json',
  'schemas',
  'generated/client',
  'generated/admin-client',
];

/** The newest modification time of any file at or under the given paths (relative to the root). */
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

/** True when `output` is missing or older than one of `sources`. */
export function isStale(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newestSource(sources);
}
