// Bundles server/main.ts into build/server.mjs: the server's own code and the packages it loads at
// start in one ES module. `npm run build` and `npm start` (when sources or the installed packages
// changed) call it. The bundle sits one folder below the root, like server/root.ts, so run-time
// paths resolve alike.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { isStale, SERVER_BUNDLE, SERVER_SOURCES } from './build-state.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Installed copies of one package that the bundle may hold once (start time): npm nests a copy of
 * the same version under each package that needs one (mime-db and mime-types under express,
 * body-parser and send; iconv-lite with its encoding tables under body-parser and raw-body), and
 * bundled, each copy is parsed at every start, and mime-db's 150 KB of JSON evaluated, once per copy:
 * about a quarter of the bundle. A copy is folded into the kept one only when each of its
 * dependencies resolves to the same version from both places, so the folded code runs on exactly the
 * same package versions. `packages` is npm's record of the install (the `packages` of
 * node_modules/.package-lock.json); the answer maps each folded copy's directory to the one kept
 * (paths as in the record, relative to the root).
 */
export function foldableCopies(packages) {
  const nameOf = (path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
  // Node's lookup: the nearest node_modules/<name> at or above the package's own directory.
  const resolvedVersion = (from, name) => {
    for (let dir = from; ;) {
      const candidate = `${dir}${dir ? '/' : ''}node_modules/${name}`;
      if (packages[candidate]) return packages[candidate].version;
      if (!dir) return undefined;
      const up = dir.lastIndexOf('/node_modules/');
      dir = up < 0 ? '' : dir.slice(0, up);
    }
  };
  const dependencyVersions = (path) =>
    Object.keys({ ...packages[path].dependencies, ...packages[path].optionalDependencies, ...packages[path].peerDependencies })
      .sort()
      .map((name) => `${name}@${resolvedVersion(path, name)}`)
      .join(',');
  const copies = new Map();
  for (const path of Object.keys(packages).sort()) {
    if (!path.includes('node_modules/') || packages[path].link) continue;
    const key = `${nameOf(path)}@${packages[path].version}`;
    copies.set(key, [...(copies.get(key) ?? []), path]);
  }
  // The copy kept: one the production install has too (not `dev`), the least nested, then by path.
  const depth = (path) => path.split('node_modules/').length;
  const order = (a, b) => Number(packages[a].dev === true) - Number(packages[b].dev === true) || depth(a) - depth(b) || (a < b ? -1 : 1);
  const folded = new Map();
  for (const [kept, ...others] of [...copies.values()].map((paths) => paths.sort(order))) {
    for (const other of others) if (dependencyVersions(other) === dependencyVersions(kept)) folded.set(other, kept);
  }
  return folded;
}

/** foldableCopies of this install, as absolute directories; none without npm's record (another installer). */
function foldableCopiesHere() {
  const record = join(ROOT, 'node_modules', '.package-lock.json');
  if (!existsSync(record)) return new Map();
  const folded = foldableCopies(JSON.parse(readFileSync(record, 'utf8')).packages ?? {});
  return new Map([...folded].map(([copy, kept]) => [join(ROOT, copy), join(ROOT, kept)]));
}

/** An esbuild plugin: packages imported by name resolve to the kept copy of their version (foldableCopies). */
function foldDuplicatePackages() {
  return {
    name: 'fold-duplicate-packages',
    setup(build) {
      const folded = foldableCopiesHere();
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData?.folding) return undefined;
        const result = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { folding: true },
        });
        if (result.errors.length > 0 || result.external || result.namespace !== 'file') return undefined;
        // The innermost package directory the file lies in.
        const at = result.path.lastIndexOf(`${sep}node_modules${sep}`);
        if (at < 0) return undefined;
        const rest = result.path.slice(at + `${sep}node_modules${sep}`.length).split(sep);
        const depth = rest[0].startsWith('@') ? 2 : 1;
        const packageDir = result.path.slice(0, at + `${sep}node_modules${sep}`.length) + rest.slice(0, depth).join(sep);
        const kept = folded.get(packageDir);
        if (!kept) return undefined;
        return { path: kept + result.path.slice(packageDir.length), sideEffects: result.sideEffects };
      });
    },
  };
}

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
    // text for Node to parse at every start.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    // The map points into the sources (in the checkout); without their text it is a third the size
    // to read when a stack first needs it (server/stack-source-maps.ts).
    sourcesContent: false,
    plugins: [foldDuplicatePackages()],
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
