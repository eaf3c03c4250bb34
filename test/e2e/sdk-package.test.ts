// The SDK as partners get it: its tarball from `npm run pack` (its prepack compiles generated/client/), the
// tarball installed into an empty folder outside the repository with zod, a strict program typechecked
// there under each module resolution a partner may use, then run with node against `npm start`'s
// service; the tarball's files; and the main entry bundled for a browser. The checker is the
// repository's own (TypeScript's native compiler, test/support/typecheck.ts), run in the partner's
// folder on its tsconfig: the same rules as the `typescript` package at a third of the CPU, and no
// TypeScript to download into the folder (the three checks took 100 s of this file on a busy machine).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tarballOf } from '../support/packed.js';
import { startPlainService, type PlainService } from '../support/plain-service.js';
import { NATIVE_TSC } from '../support/typecheck.js';

const ROOT = join(import.meta.dirname, '../..');
const PACKAGE_DIR = join(ROOT, 'packages/sdk');
const GENERATED = join(ROOT, 'generated/client');
const run = promisify(execFile);
const NPM_FLAGS = ['--prefer-offline', '--no-audit', '--no-fund'];

interface PackedFile {
  path: string;
}
interface Packed {
  filename: string;
  size: number;
  files: PackedFile[];
}

const dirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A partner's program: a call with unwrap, an error answer, a webhook verified and a forged one refused. */
const PROGRAM = `import {
  createClient,
  createConfig,
  generateTestHeaders,
  getCompanyNameAvailability,
  getPpsrSearch,
  ServiceError,
  unwrap,
  verifyWebhook,
  WebhookVerificationError,
  type CompanyNameAvailability,
} from '@registry-svc/sdk';
import { zCompanyNameAvailability } from '@registry-svc/sdk/zod';
import type { RequestResult } from '@registry-svc/sdk/client';

// No @types/node in this project: the SDK's declarations must not need them.
declare const process: { env: Record<string, string | undefined> };

const baseUrl = process.env.SVC_BASE_URL;
const key = process.env.SVC_KEY;
if (baseUrl === undefined || key === undefined) throw new Error('set SVC_BASE_URL and SVC_KEY');
const client = createClient(createConfig({ baseUrl, auth: () => key }));

const availability: CompanyNameAvailability = unwrap(
  await getCompanyNameAvailability({ client, query: { name: 'Sandbox Trading Pty Ltd' } }),
);
zCompanyNameAvailability.parse(availability);
console.log(\`available=\${availability.available} conflict=\${availability.conflicts[0]?.name ?? 'none'}\`);

const missing: Awaited<RequestResult> = await getPpsrSearch({ client, path: { requestId: 999_999_999 } });
try {
  unwrap(missing);
  throw new Error('a search that does not exist was returned');
} catch (error) {
  if (!(error instanceof ServiceError)) throw error;
  console.log(\`error status=\${error.status} requestId=\${error.requestId ?? 'none'}\`);
}

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const body = JSON.stringify({ event: 'ppsr_search.completed', deliveryId: 'dlv_1', timestamp: new Date().toISOString() });
const event = verifyWebhook(new TextEncoder().encode(body), generateTestHeaders(body, secret), [secret]);
console.log(\`webhook event=\${event.event}\`);
try {
  verifyWebhook(body.replace('dlv_1', 'dlv_2'), generateTestHeaders(body, secret), [secret]);
  throw new Error('a forged body was accepted');
} catch (error) {
  if (!(error instanceof WebhookVerificationError)) throw error;
  console.log('forged webhook refused');
}
`;

const RESOLUTIONS = { node16: 'node16', nodenext: 'nodenext', bundler: 'esnext' } as const;

function tsconfig(resolution: keyof typeof RESOLUTIONS): string {
  return JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: RESOLUTIONS[resolution],
      moduleResolution: resolution,
      lib: ['ES2022', 'DOM'],
      types: [],
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      // The package's declarations are checked too, as a strict partner's build checks them.
      skipLibCheck: false,
      outDir: `out-${resolution}`,
    },
    files: ['program.ts'],
  });
}

let packed: Packed;
let tarball: string;
let service: PlainService;
let consumer: string;
let demoKey: string;
let sinceEmptyFolder: number;

beforeAll(async () => {
  // The tarball `npm run pack` made (the one the service serves), shared with the other package tests.
  const [sdkTarball, started] = await Promise.all([tarballOf('@registry-svc/sdk'), startPlainService()]);
  service = started;
  tarball = sdkTarball;
  const { stdout: listing } = await run('tar', ['-tzf', tarball]);
  packed = {
    filename: basename(tarball),
    size: statSync(tarball).size,
    files: listing
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => ({ path: line.replace(/^package\//, '') })),
  };
  demoKey = /secret test:\s+(svc_sk_test_\S+)/.exec(service.output())![1]!;

  // From here on, what a partner does in an empty folder until the first call answers.
  const startedAt = performance.now();
  consumer = tempDir('svc-sdk-consumer-');
  await run('npm', ['init', '-y'], { cwd: consumer });
  await run('npm', ['pkg', 'set', 'type=module'], { cwd: consumer });
  await run('npm', ['install', tarball, 'zod', ...NPM_FLAGS], { cwd: consumer, maxBuffer: 16 * 1024 * 1024 });
  writeFileSync(join(consumer, 'program.ts'), PROGRAM);
  for (const resolution of Object.keys(RESOLUTIONS) as (keyof typeof RESOLUTIONS)[])
    writeFileSync(join(consumer, `tsconfig.${resolution}.json`), tsconfig(resolution));
  sinceEmptyFolder = performance.now() - startedAt;
});

afterAll(async () => {
  await service?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('@registry-svc/sdk from its packed tarball', () => {
  it('ships compiled JavaScript and declarations, the README and the CHANGELOG: no TypeScript source, no tests', () => {
    const files = packed.files.map((file) => file.path).sort();
    expect(files).toContain('package.json');
    expect(files).toContain('README.md');
    expect(files).toContain('CHANGELOG.md');
    expect(
      files.filter((file) => !['package.json', 'README.md', 'CHANGELOG.md'].includes(file)).every((file) => file.startsWith('dist/')),
    ).toBe(true);
    expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
    expect(files.filter((file) => /test/i.test(file))).toEqual([]);
    // Every entry point whose source the generator wrote is in the tarball, JavaScript and declarations
    // (the frontend subpaths only once the generator writes them).
    const manifest = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
      exports: Record<string, string | { types: string; default: string }>;
    };
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (typeof target === 'string') continue;
      const source = join(GENERATED, target.default.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts'));
      if (!existsSync(source)) continue;
      expect(files, subpath).toContain(target.default.slice(2));
      expect(files, subpath).toContain(target.types.slice(2));
    }
    console.log(`tarball ${packed.filename}: ${packed.size} bytes, ${files.length} files`);
  });

  for (const resolution of Object.keys(RESOLUTIONS) as (keyof typeof RESOLUTIONS)[])
    it(`typechecks a strict program (exactOptionalPropertyTypes, noUncheckedIndexedAccess) with moduleResolution ${resolution}`, async () => {
      // The nodenext build is kept: the next test runs it.
      const emit = resolution === 'nodenext' ? [] : ['--noEmit'];
      const outcome = await run(process.execPath, [NATIVE_TSC, '--singleThreaded', '-p', `tsconfig.${resolution}.json`, ...emit], {
        cwd: consumer,
      }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
      expect(outcome.stdout).toBe('');
    });

  it('runs with node against the service: a call unwrapped, a 404 as a ServiceError, a webhook verified', async () => {
    const startedAt = performance.now();
    // Compiled by the nodenext typecheck above (tsc with the partner's strict settings).
    if (!existsSync(join(consumer, 'out-nodenext/program.js')))
      await run(process.execPath, [NATIVE_TSC, '--singleThreaded', '-p', 'tsconfig.nodenext.json'], { cwd: consumer });
    const { stdout } = await run(process.execPath, ['out-nodenext/program.js'], {
      cwd: consumer,
      env: { ...process.env, SVC_BASE_URL: `${service.url}/api/test/v2`, SVC_KEY: demoKey },
    });
    expect(stdout.trim().split('\n')).toEqual([
      'available=false conflict=SANDBOX TRADING PTY LTD',
      expect.stringMatching(/^error status=404 requestId=\S+$/),
      'webhook event=ppsr_search.completed',
      'forged webhook refused',
    ]);
    const compileAndCall = performance.now() - startedAt;
    console.log(
      `empty folder to the first SDK call: ${((sinceEmptyFolder + compileAndCall) / 1000).toFixed(1)} s (npm init + install ${(sinceEmptyFolder / 1000).toFixed(1)} s, tsc + node ${(compileAndCall / 1000).toFixed(1)} s)`,
    );
  });

  it('bundles its main entry for a browser with no node: import', async () => {
    writeFileSync(
      join(consumer, 'browser.ts'),
      "import { createClient, getCompanyNameAvailability } from '@registry-svc/sdk';\nconsole.log(createClient, getCompanyNameAvailability);\n",
    );
    const result = await build({
      absWorkingDir: consumer,
      entryPoints: ['browser.ts'],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    const imports = Object.values(result.metafile.inputs).flatMap((input) => input.imports.map((entry) => entry.path));
    expect(imports.filter((path) => path.startsWith('node:'))).toEqual([]);
    expect(Object.keys(result.metafile.inputs).some((input) => input.includes('@registry-svc/sdk/dist/index.js'))).toBe(true);
  });
});
