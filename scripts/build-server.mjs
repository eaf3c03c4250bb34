// Bundles server/main.ts into build/server.mjs: the server's own code in one ES module, every
// package left to node_modules. `npm run build` and `npm start` (when sources changed) call it.
// The bundle sits one folder below the root, like server/root.ts, so run-time paths resolve alike.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export async function buildServerBundle() {
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['server/main.ts'],
    outfile: 'build/server.mjs',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServerBundle();
