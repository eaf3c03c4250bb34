// `npm run pack`: every workspace package's tarball (packages/*, each `npm pack` with its own prepack
// build) in build/packages/, which the running service serves at /packages/ (D-65). Old tarballs go
// first, so the folder holds exactly the packages of this checkout. Prints each name, file and size.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { withPackLock } from './lock.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const PACKAGES_DIR = join(ROOT, 'build', 'packages');
const run = promisify(execFile);

/** Packs every workspace package into build/packages/ (under the pack lock); answers what was written. */
export function packAll() {
  return withPackLock(packAllNow);
}

async function packAllNow() {
  rmSync(PACKAGES_DIR, { recursive: true, force: true });
  mkdirSync(PACKAGES_DIR, { recursive: true });
  // One npm for all (npm's own start is a second each); it runs each package's prepack and postpack.
  const { stdout } = await run('npm', ['pack', '--workspaces', '--json', '--pack-destination', PACKAGES_DIR], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  // The prepack scripts print before npm's JSON.
  const packed = JSON.parse(stdout.slice(stdout.search(/^\[/m)));
  return packed.map(({ name, version, filename }) => ({ name, version, filename, bytes: statSync(join(PACKAGES_DIR, filename)).size }));
}

/** `--result-file F`: the outcome as JSON in F, written whole at once (the e2e project's background pack waits for it). */
function writeResult(file, result) {
  writeFileSync(`${file}.partial`, JSON.stringify(result));
  renameSync(`${file}.partial`, file);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const resultAt = process.argv.indexOf('--result-file');
  const resultFile = resultAt > 0 ? process.argv[resultAt + 1] : undefined;
  const started = Date.now();
  let packed;
  try {
    packed = await packAll();
    const extra = readdirSync(PACKAGES_DIR).filter((file) => !packed.some((p) => p.filename === file));
    if (extra.length > 0) throw new Error(`unexpected files in build/packages: ${extra.join(', ')}`);
  } catch (error) {
    if (resultFile) writeResult(resultFile, { ok: false, error: `${error?.stack ?? error}\n${error?.stderr ?? ''}` });
    throw error;
  }
  if (resultFile) writeResult(resultFile, { ok: true, packed });
  for (const { name, version, filename, bytes } of packed)
    console.log(`${`${name}@${version}`.padEnd(32)} ${filename.padEnd(40)} ${(bytes / 1024).toFixed(0).padStart(6)} KB`);
  console.log(`${packed.length} packages in build/packages/ (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
