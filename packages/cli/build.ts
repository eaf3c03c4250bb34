// `npm pack` (prepack): bundles the `svc` command, src/bin.ts with the command table generated from the
// document (generated/cli/commands.ts), the service's wording of validation problems, the SDK's
// client, validators and errors (the checkout's tsconfig paths resolve @registry-svc/sdk to
// generated/client, the SDK's own source) and zod, into one file, dist/svc.mjs: the package has no
// dependency, so one tarball installs the command anywhere, `npm install -g` included (D-82).
// `--clean` (postpack) removes dist/.
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));
const BUNDLE = 'dist/svc.mjs';

await rm(`${root}/dist`, { recursive: true, force: true });
if (!process.argv.includes('--clean')) {
  await build({
    absWorkingDir: root,
    entryPoints: ['src/bin.ts'],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    banner: {
      js: "import { createRequire as __svcCreateRequire } from 'node:module';\nconst require = __svcCreateRequire(import.meta.url);",
    },
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'linked',
    logLevel: 'warning',
  });
  console.log(`svc bundled into ${BUNDLE}`);
}
