// Real server processes in tests start the way `npm start` starts them: the esbuild bundle
// build/server.mjs, rebuilt first when it is older than its sources (scripts/build-state.mjs, the
// check `npm start` makes). Compiling the TypeScript with tsx at every start cost 3 to 8 s per
// process on CI's two cores, and the crash and multi-process tests start dozens (CI time).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUNDLE = join(ROOT, 'build', 'server.mjs');

let checked = false;

/** Node's arguments that run the server (then `--role` and the like); the bundle is fresh when it returns. */
export function serverEntry(): string[] {
  if (!checked) {
    // Written under a name of its own and renamed into place: two test files building at once is safe.
    const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-server.mjs'), '--if-stale'], { cwd: ROOT, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`building build/server.mjs failed:\n${built.stderr}`);
    checked = true;
  }
  return ['--enable-source-maps', BUNDLE];
}
