// `npm pack` (prepack): compiles the SDK that `npm run generate` writes to generated/client/ into
// dist/ as ES modules with their declarations (ES2022, NodeNext, D-68), so the package runs on Node 20.19
// and in a browser bundle without TypeScript, tsx or the repository. The frontend subpaths
// (`./react-query`, `./msw`) are compiled when the generator has written them. `--clean` removes dist/.
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const packageDir = fileURLToPath(new URL('.', import.meta.url));
const sourceDir = fileURLToPath(new URL('../../generated/client/', import.meta.url));
const outDir = `${packageDir}dist`;

/** Every file an `exports` entry of package.json points at, by its source. */
const ENTRY_POINTS = ['index.ts', 'client/index.ts', 'zod.gen.ts'];
const OPTIONAL_ENTRY_POINTS = ['@tanstack/react-query.gen.ts', 'msw.gen.ts'];

const options: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  // Node's types only for the webhook verifier's body, which fetches node:crypto when it runs; the
  // declarations it emits do not mention Node.
  types: ['node'],
  strict: true,
  declaration: true,
  rootDir: sourceDir,
  outDir,
  skipLibCheck: true,
  newLine: ts.NewLineKind.LineFeed,
};

rmSync(outDir, { recursive: true, force: true });
// `--clean` (postpack): the checkout keeps no build of its own; the repository imports generated/client/.
if (process.argv.includes('--clean')) process.exit(0);
const rootNames = [...ENTRY_POINTS, ...OPTIONAL_ENTRY_POINTS.filter((file) => existsSync(sourceDir + file))].map(
  (file) => sourceDir + file,
);
const program = ts.createProgram({ rootNames, options });
const emitted = program.emit();
const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
if (diagnostics.length > 0) {
  const host: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => packageDir,
    getNewLine: () => '\n',
  };
  console.error(ts.formatDiagnostics(diagnostics, host));
  process.exit(1);
}
console.log(`@registry-svc/sdk compiled ${rootNames.length} entry points from generated/client/ into dist/`);
