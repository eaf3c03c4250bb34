// A copy's server as one ES module: an entry written into the copy imports the copy's own server
// modules and hands them to serve.ts, and esbuild bundles the two, so the mutant's server starts
// with plain Node like `npm start` does. Running the copy's TypeScript through tsx instead compiled
// the whole server at every start: 6.8 to 8.2 s of CPU per mutant against about 3 s for a bundle.
// This checkout's runner (`npm run contract`) is bundled the same way, once for the whole suite.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';

/** The folder of the entry and its bundle: one below the copy's root, as server/root.ts expects of a bundle. */
const FOLDER = 'mutant-server';

const COPY_MODULES = {
  app: 'server/app.ts',
  clocks: 'server/clock.ts',
  configs: 'server/config.ts',
  loggers: 'server/logger.ts',
  dbs: 'server/store/db.ts',
  wiring: 'server/wiring.ts',
  runner: 'server/jobs/runner.ts',
  gates: 'server/jobs/request-gate.ts',
} as const;

/**
 * Packages load from node_modules (the copy's link to this checkout's): only the code a mutant can
 * edit, and the workspace's contract runner (TypeScript, which plain Node cannot load), is bundled.
 * The runner's name resolves to this checkout's source, as tsconfig.json's `paths` resolves it here
 * (the copy has no packages/ folder, and the package's own `exports` name a build made only by `npm pack`).
 */
function packagesExternal(root: string): Plugin {
  return {
    name: 'packages-external',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, ({ path }) => {
        if (path === '@registry-svc/contract') return { path: join(root, 'packages/svc-contract/src/index.ts') };
        // Its subpaths (markdown, example-dates) are modules of the same name in its source.
        const subpath = /^@registry-svc\/contract\/([a-z-]+)$/.exec(path)?.[1];
        if (subpath) return { path: join(root, `packages/svc-contract/src/${subpath}.ts`) };
        return { path, external: true };
      });
    },
  };
}

/** Bundles the copy's server with this checkout's serve.ts; returns the bundle's path. */
export async function bundleCopyServer(root: string, copyRoot: string): Promise<string> {
  const folder = join(copyRoot, FOLDER);
  await mkdir(folder, { recursive: true });
  const entry = join(folder, 'entry.ts');
  const imports = Object.entries(COPY_MODULES).map(([name, file]) => `import * as ${name} from '../${file}';`);
  const serve = JSON.stringify(join(root, 'scripts/contract-mutants/serve.ts'));
  await writeFile(
    entry,
    `${imports.join('\n')}\nimport { serveCopy } from ${serve};\nawait serveCopy({ ${Object.keys(COPY_MODULES).join(', ')} });\n`,
  );
  const outfile = join(folder, 'serve.mjs');
  await build({
    absWorkingDir: copyRoot,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [packagesExternal(root)],
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
  });
  return outfile;
}

export interface RunnerBundle {
  /** The bundle of scripts/contract/cli.ts, started with plain Node. */
  file: string;
  remove: () => Promise<void>;
}

/**
 * Bundles this checkout's `npm run contract` (scripts/contract/cli.ts and the svc-contract runner)
 * once for every run of the suite: started through tsx, each of the baseline's and the mutants' runs
 * loaded tsx and transformed the runner again, about 0.7 s of CPU more per run than the bundle. The
 * bundle is two folders below the root, like the script, so the document it defaults to
 * (../../spec/openapi.json) is the same one, and packages load from this checkout's node_modules.
 */
export async function bundleRunner(root: string): Promise<RunnerBundle> {
  await mkdir(join(root, '.tmp'), { recursive: true });
  const folder = await mkdtemp(join(root, '.tmp', 'contract-mutants-runner-'));
  const file = join(folder, 'contract.mjs');
  await build({
    absWorkingDir: root,
    entryPoints: [join(root, 'scripts/contract/cli.ts')],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [
      packagesExternal(root),
      // --in-process (never used here: the runs are against a copy's server) would load this
      // checkout's whole server; left out of the bundle, it is not parsed at every start.
      { name: 'in-process-external', setup: (b) => b.onResolve({ filter: /\/in-process\.js$/ }, ({ path }) => ({ path, external: true })) },
    ],
    logLevel: 'warning',
  });
  return { file, remove: () => rm(folder, { recursive: true, force: true }) };
}
