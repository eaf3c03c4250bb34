// Real server processes in tests start the way `npm start` starts them: the esbuild bundle
// build/server.mjs (scripts/build-server.mjs), rebuilt first when a source under server/ or schemas/
// is newer. Compiling the TypeScript with tsx at every start cost 3 to 8 s per process on CI's two
// cores, and the crash and multi-process tests start dozens (issue 17: CI time).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUNDLE = join(ROOT, 'build', 'server.mjs');

function newestUnder(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestUnder(join(path, name))));
}

let checked = false;

/** Node's arguments that run the server (then `--role` and the like); the bundle is fresh when it returns. */
export function serverEntry(): string[] {
  if (!checked) {
    const stale =
      !existsSync(BUNDLE) || statSync(BUNDLE).mtimeMs < Math.max(newestUnder(join(ROOT, 'server')), newestUnder(join(ROOT, 'schemas')));
    if (stale) {
      // Written under a name of its own and renamed into place: two test files building at once is safe.
      const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-server.mjs')], { cwd: ROOT, encoding: 'utf8' });
      if (built.status !== 0) throw new Error(`building build/server.mjs failed:\n${built.stderr}`);
    }
    checked = true;
  }
  return ['--enable-source-maps', BUNDLE];
}
