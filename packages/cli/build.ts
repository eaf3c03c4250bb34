// `npm pack` (prepack): bundles the `svc` command, src/bin.ts with the command table generated from the
// document (generated/cli/commands.ts) and the service's wording of validation problems, into one
// file, dist/svc.mjs. The SDK (@registry-svc/sdk: client, validators, errors) and zod stay
// dependencies, so the command calls the very SDK a partner installs. `--clean` (postpack) removes dist/.
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
    // Imported by name, resolved in the partner's node_modules (the checkout's tsconfig paths would
    // otherwise bundle the repository's generated client).
    external: ['@registry-svc/sdk', '@registry-svc/sdk/*', 'zod', 'zod/*'],
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
