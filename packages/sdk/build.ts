// `npm pack` (prepack): compiles the SDK that `npm run generate` writes to generated/client/ into
// dist/ as ES modules with their declarations (ES2022, NodeNext, D-68), so the package runs on Node 20.19
// and in a browser bundle without TypeScript, tsx or the repository. The frontend subpaths
// (`./react-query`, `./msw`) are compiled when the generator has written them. `--clean` removes dist/.
// The compiler is TypeScript's native one (the repository's typecheck, typescript-native), given a
// tsconfig written for this build, at about a fifth of the CPU of the `typescript` package's API (13.8
// against 2.6 CPU-seconds here, paid by every `npm run pack`): the same JavaScript byte for byte, and
// declarations that differ only in quote style and the order of union members.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('.', import.meta.url));
const sourceDir = fileURLToPath(new URL('../../generated/client/', import.meta.url));
const outDir = `${packageDir}dist`;
const TSC = fileURLToPath(new URL('../../node_modules/typescript-native/bin/tsc', import.meta.url));

/** Every file an `exports` entry of package.json points at, by its source. */
const ENTRY_POINTS = ['index.ts', 'client/index.ts', 'zod.gen.ts'];
const OPTIONAL_ENTRY_POINTS = ['@tanstack/react-query.gen.ts', 'msw.gen.ts'];

const compilerOptions = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  // Node's types only for the webhook verifier's body, which fetches node:crypto when it runs; the
  // declarations it emits do not mention Node. Resolved from the repository's node_modules.
  types: ['node'],
  typeRoots: [fileURLToPath(new URL('../../node_modules/@types', import.meta.url))],
  strict: true,
  declaration: true,
  rootDir: sourceDir,
  outDir,
  skipLibCheck: true,
  newLine: 'lf',
};

rmSync(outDir, { recursive: true, force: true });
// `--clean` (postpack): the checkout keeps no build of its own; the repository imports generated/client/.
if (process.argv.includes('--clean')) process.exit(0);
const files = [...ENTRY_POINTS, ...OPTIONAL_ENTRY_POINTS.filter((file) => existsSync(sourceDir + file))].map((file) => sourceDir + file);
// Outside the package folder, so npm pack can never ship it; tsc reports its own diagnostics and exits 1 or 2 on any.
const configDir = mkdtempSync(join(tmpdir(), 'svc-sdk-build-'));
try {
  const config = join(configDir, 'tsconfig.json');
  writeFileSync(config, JSON.stringify({ compilerOptions, files }, null, 2));
  execFileSync(process.execPath, [TSC, '--singleThreaded', '-p', config], { stdio: 'inherit' });
} catch (error) {
  if ((error as { status?: number }).status !== undefined) process.exit(1);
  throw error;
} finally {
  rmSync(configDir, { recursive: true, force: true });
}
console.log(`@registry-svc/sdk compiled ${files.length} entry points from generated/client/ into dist/`);
