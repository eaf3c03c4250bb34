// Bundles server/main.ts into build/server.mjs: the server's own code and the packages it loads at
// start in one ES module. `npm run build` and `npm start` (when sources or the installed packages
// changed) call it. The bundle sits one folder below the root, like server/root.ts, so run-time
// paths resolve alike.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { isStale, SERVER_BUNDLE, SERVER_SOURCES } from './build-state.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export async function buildServerBundle() {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { server: 'server/main.ts' },
    outdir: 'build',
    outExtension: { '.js': '.mjs' },
    // Split at dynamic imports (start time): code only some requests need (the conformance
    // runner with undici and fast-check) sits in a chunk loaded on first use, not at start. Chunks
    // stay in build/ beside the entry, so paths taken from import.meta.url resolve alike in each.
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The packages loaded at start are bundled too (start time): resolving and reading some
    // 300 files of express, openapi-backend, Ajv, zod and drizzle one by one took about a third of a
    // second of every start. Left to node_modules: PGlite (it reads its WebAssembly and data files
    // beside its own module), pino (its transports start workers by file path), and what loads only
    // on first use (the PostgreSQL driver, ioredis, nodemailer, pdf-lib, undici, fast-check).
    external: [
      '@electric-sql/pglite',
      '@electric-sql/pglite/*',
      'pino',
      'pg',
      'pg-native',
      'drizzle-orm/node-postgres',
      'drizzle-orm/node-postgres/*',
      'ioredis',
      'nodemailer',
      'pdf-lib',
      'undici',
      'fast-check',
    ],
    // Bundled CommonJS packages require Node's built-ins: give the ES module a require of its own.
    banner: {
      js: "import { createRequire as __bundleCreateRequire } from 'node:module';\nconst require = __bundleCreateRequire(import.meta.url);",
    },
    // Whitespace and syntax minified, names kept (stack traces stay readable): about a third less
    // text for Node to parse at every start, and for --enable-source-maps to index line by line.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    // The map points into the sources (in the checkout); without their text it is a third the size,
    // and --enable-source-maps parses it at every start.
    sourcesContent: false,
    logLevel: 'warning',
    write: false,
  });
  // Two starts at once (tests do that) may both rebuild: each file is written whole under a name of
  // its own and renamed into place, so a starting process never imports half a bundle.
  // The entry last: a start that finds the new entry finds the chunks it imports.
  const entry = (file) => /[\\/]server\.mjs(\.map)?$/.test(file.path);
  for (const file of [...result.outputFiles.filter((f) => !entry(f)), ...result.outputFiles.filter(entry)]) {
    mkdirSync(dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
}

// `node scripts/build-server.mjs [--if-stale]`: --if-stale builds only when a source is newer.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--if-stale') || isStale(SERVER_BUNDLE, SERVER_SOURCES)) await buildServerBundle();
}
