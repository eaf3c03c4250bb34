// `npm pack` (prepack): what the tarball of @registry-svc/contract holds besides bin/ and its README:
// - dist/*.js and dist/*.d.ts, the library API (package.json `exports`) compiled from src/ with the
//   declarations (tsconfig.build.json), so an importer needs no TypeScript at run time;
// - dist/svc-contract.mjs, the `svc-contract` command, src/bin.ts with everything it imports (Ajv,
//   fast-check, undici) in one file, so the command runs with no dependency installed;
// - spec/openapi.json, the service's document, the default for --spec.
// `--clean` (postpack) removes them again: in a checkout the package's name resolves to src/
// (tsconfig.json `paths`), never to a stale build.
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));
const BUNDLE = 'dist/svc-contract.mjs';
const DOCUMENT = fileURLToPath(new URL('../../spec/openapi.json', import.meta.url));
const TSC = fileURLToPath(new URL('../../node_modules/typescript-native/bin/tsc', import.meta.url));

await rm(`${root}/dist`, { recursive: true, force: true });
await rm(`${root}/spec`, { recursive: true, force: true });
if (!process.argv.includes('--clean')) {
  execFileSync(process.execPath, [TSC, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  await build({
    absWorkingDir: root,
    entryPoints: ['src/bin.ts'],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // CommonJS dependencies bundled into an ES module still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __svcCreateRequire } from 'node:module';\nconst require = __svcCreateRequire(import.meta.url);",
    },
    legalComments: 'linked',
    logLevel: 'warning',
  });
  await mkdir(`${root}/spec`, { recursive: true });
  await copyFile(DOCUMENT, `${root}/spec/openapi.json`);
  console.log(`svc-contract compiled into dist/ (JS and .d.ts), its command bundled into ${BUNDLE}, with spec/openapi.json`);
}
