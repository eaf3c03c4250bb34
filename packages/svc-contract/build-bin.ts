// `npm pack` (prepack): bundles the installed `svc-contract` command, src/bin.ts with everything it
// imports (Ajv, fast-check, undici), into one file, dist/svc-contract.mjs, and copies the service's
// document beside it (spec/openapi.json, the default for --spec), so the command needs neither the
// repository, nor tsx, nor any installed dependency to run. `--clean` (postpack) removes both again:
// in a checkout the command then runs the TypeScript source against the repository's own document,
// never a stale copy.
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));
const BUNDLE = 'dist/svc-contract.mjs';
const DOCUMENT = fileURLToPath(new URL('../../spec/openapi.json', import.meta.url));

await rm(`${root}/dist`, { recursive: true, force: true });
await rm(`${root}/spec`, { recursive: true, force: true });
if (!process.argv.includes('--clean')) {
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
  console.log(`svc-contract bundled into ${BUNDLE}, with spec/openapi.json`);
}
