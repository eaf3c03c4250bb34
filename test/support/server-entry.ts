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
  // --liftoff-only: PGlite's WebAssembly runs as V8's baseline compiler made it, never recompiled by
  // the optimizing one. A test's server process lives for seconds, too short for the optimized code
  // to pay for its compiling (about a second of CPU per start on CI's machines): the PGlite crash
  // test's processes 47 and 39 s of CPU with tiering, 26, 33 and 27 s without (alone on one machine).
  // Processes on PostgreSQL run no WebAssembly. Long-lived ones (`npm start`, the replay's lane
  // servers, the test workers) keep V8's tiering: there the optimized code pays (measured likewise).
  return ['--liftoff-only', BUNDLE];
}
