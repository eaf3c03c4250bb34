// `npm pack` (prepack): bundles the `registry-svc-mock` command, src/bin.ts with everything it imports
// (the mock's front from scripts/mock/ and the server's request checks it runs), into one file,
// dist/registry-svc-mock.mjs, and copies the service's document beside it (spec/openapi.json, the
// default document), so the command needs neither the repository, nor tsx, nor TypeScript: its one
// dependency is Prism (@stoplight/prism-cli), which it starts. `--clean` (postpack) removes both again.
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));
const BUNDLE = 'dist/registry-svc-mock.mjs';
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
    // The front's modules load on start; a dynamic import in the same bundle keeps one file.
    splitting: false,
    // CommonJS dependencies bundled into an ES module still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __mockCreateRequire } from 'node:module';\nconst require = __mockCreateRequire(import.meta.url);",
    },
    // Whitespace and syntax minified, names kept: stack traces stay readable.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'linked',
    logLevel: 'warning',
  });
  await mkdir(`${root}/spec`, { recursive: true });
  await copyFile(DOCUMENT, `${root}/spec/openapi.json`);
  console.log(`registry-svc-mock bundled into ${BUNDLE}, with spec/openapi.json`);
}
