// `npm pack` (prepack): bundles the installed `svc-contract` command, scripts/contract/bin.ts with
// everything it imports (Ajv, fast-check, undici), into one file, dist/svc-contract.mjs, so the
// command needs neither this repository, nor tsx, nor any installed dependency to run.
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BUNDLE = 'dist/svc-contract.mjs';

await rm(`${root}/dist`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: ['scripts/contract/bin.ts'],
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
console.log(`svc-contract bundled into ${BUNDLE}`);
