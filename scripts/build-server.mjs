// Bundles server/main.ts into build/server.mjs: the server's own code in one ES module, every
// package left to node_modules. `npm run build` and `npm start` (when sources changed) call it.
// The bundle sits one folder below the root, like server/root.ts, so run-time paths resolve alike.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export async function buildServerBundle() {
  const result = await build({
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
    write: false,
  });
  // Two starts at once (tests do that) may both rebuild: each file is written whole under a name of
  // its own and renamed into place, so a starting process never imports half a bundle.
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServerBundle();
