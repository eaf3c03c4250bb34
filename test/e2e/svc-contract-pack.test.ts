// The contract runner as others install it: `npm pack` of its workspace package @registry-svc/contract,
// packages/svc-contract (its prepack compiles the library and bundles the `svc-contract` command), the tarball installed into an empty folder (from
// the npm cache where it can), and the installed command run from there, against `npm start` and
// against the Prism mock, with the same seed as the in-repository runner (`npm run contract`) on the
// same targets: the same verdict per operation and per check, the same failures. It also runs from a
// copy of the package with no node_modules anywhere (the bundle needs no dependency), and its library
// API imports with plain Node (compiled JavaScript and .d.ts, no TypeScript source).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_SERVER_ENV } from '../../scripts/contract/server-env.js';
import { tarballOf } from '../support/packed.js';
import type { ContractResultFile } from '@registry-svc/contract';
import { runScript, type CliOutcome } from '../contract/run-cli.js';
import { ADMIN_TOKEN, TEST_START } from '../support/harness.js';
import { sharedPrism } from '../support/prism.js';

const ROOT = join(import.meta.dirname, '../..');
const PACKAGE = '@registry-svc/contract';
const PACKAGE_DIR = join(ROOT, 'packages', 'svc-contract');
const run = promisify(execFile);
// Small budgets: this proves the packaging, test/contract/ proves the runner.
const BUDGET = ['--seed', '1717', '--max-examples', '2', '--max-coverage', '8'];
const MOCK_KEY = 'svc_sk_test_MockMockMockMockMockMockMockMock';

const dirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

async function packAndInstall(): Promise<{ consumer: string; installed: string; tarball: string }> {
  // The tarball `npm run pack` made for this run (the e2e project's globalSetup), the one the service serves.
  const tarball = await tarballOf(PACKAGE);
  const consumer = tempDir('svc-consumer-');
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'frontend-team-ci', version: '1.0.0', private: true }));
  // --prefer-offline: every dependency is in the npm cache after `npm ci`; the registry only when not.
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], {
    cwd: consumer,
    maxBuffer: 16 * 1024 * 1024,
  });
  return { consumer, installed: join(consumer, 'node_modules', PACKAGE), tarball };
}

interface Server {
  child: ChildProcess;
  url: string;
}

/**
 * `npm start` as the README and the workflow run it for a contract run: manual clock, fresh data. Its
 * script, scripts/start.mjs, run by node itself: npm in front of it would only cost its own start
 * (npm-start.test.ts starts the service through npm).
 */
async function npmStart(): Promise<Server> {
  const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, REDIS_URL: _c, ...env } = process.env;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: '0',
      SVC_DATA_DIR: tempDir('svc-data-'),
      SVC_ADMIN_TOKEN: ADMIN_TOKEN,
      SVC_CLOCK: 'manual',
      SVC_CLOCK_START: TEST_START.toISOString(),
      LOG_LEVEL: 'warn',
      ...CONTRACT_SERVER_ENV,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: the server and anything it starts are stopped together.
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const match = /listening on (http:\/\/\S+)/.exec(output);
    if (match) return { child, url: match[1]! };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function svcContract(consumer: string, args: string[]): Promise<CliOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(consumer, 'node_modules/.bin/svc-contract'), args, { cwd: consumer });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

function readResult(file: string): ContractResultFile {
  return JSON.parse(readFileSync(file, 'utf8')) as ContractResultFile;
}

/** What must be the same from both runners: each operation's verdict and cells, and the failures. */
function verdicts(file: ContractResultFile) {
  return {
    operations: file.result.operations.map((o) => ({ id: o.id, status: o.status, cells: o.cells })),
    failures: file.result.failures.map((f) => `${f.operationId} · ${f.check} (${f.phase}, ${f.status}): ${f.message}`).sort(),
    pending: file.result.pending,
    documentVersion: file.documentVersion,
  };
}

let installed: { consumer: string; installed: string; tarball: string };
let server: Server;
const prism = sharedPrism();

beforeAll(async () => {
  [installed, server] = await Promise.all([packAndInstall(), npmStart()]);
});

afterAll(async () => {
  if (server?.child.pid) {
    try {
      process.kill(-server.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('@registry-svc/contract installed from the packed tarball', () => {
  it('ships compiled JavaScript with its .d.ts, the bundled command and the document, not the repository', () => {
    expect(existsSync(join(installed.installed, 'dist/svc-contract.mjs'))).toBe(true);
    for (const module of ['index', 'markdown', 'runner']) {
      expect(existsSync(join(installed.installed, `dist/${module}.js`))).toBe(true);
      expect(existsSync(join(installed.installed, `dist/${module}.d.ts`))).toBe(true);
    }
    const files = readdirSync(installed.installed, { recursive: true, encoding: 'utf8' });
    expect(files.filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))).toEqual([]);
    expect(existsSync(join(installed.installed, 'spec/openapi.json'))).toBe(true);
    expect(existsSync(join(installed.installed, 'src'))).toBe(false);
    expect(existsSync(join(installed.installed, 'test'))).toBe(false);
    expect(existsSync(join(installed.installed, 'server'))).toBe(false);
    // postpack cleaned up: a checkout runs the source against the repository's own document.
    expect(existsSync(join(PACKAGE_DIR, 'dist'))).toBe(false);
    expect(existsSync(join(PACKAGE_DIR, 'spec'))).toBe(false);
    expect(readFileSync(join(installed.installed, 'spec/openapi.json'), 'utf8')).toBe(
      readFileSync(join(ROOT, 'spec/openapi.json'), 'utf8'),
    );
  });

  it('its library API imports by the package name with plain Node, no TypeScript loader', async () => {
    const script = [
      "import { listOperations, loadDocument, CHECKS } from '@registry-svc/contract';",
      "import { table } from '@registry-svc/contract/markdown';",
      "const document = await loadDocument('node_modules/@registry-svc/contract/spec/openapi.json');",
      'console.log(listOperations(document).length, CHECKS.length > 0, typeof table);',
    ].join('\n');
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: installed.consumer });
    expect(stdout.trim()).toMatch(/^[1-9]\d* true function$/);
  });

  it('runs with no dependency installed: a copy of the package alone prints its usage', async () => {
    const alone = join(tempDir('svc-alone-'), 'svc-contract');
    cpSync(installed.installed, alone, { recursive: true, dereference: true });
    const { stdout } = await run(process.execPath, [join(alone, 'bin/svc-contract.js'), '--help'], { cwd: alone });
    expect(stdout).toMatch(/^Usage: svc-contract --base-url URL/);
    expect(stdout).not.toContain('--in-process');
  });

  it('against npm start: the same verdicts as npm run contract, every operation conforming or pending', async () => {
    const dir = tempDir('svc-results-');
    const base = `${server.url}/api/test/v2`;
    // One after the other: each run moves the service's manual clock by days (the retry schedule, a
    // day of a term), which would expire the other's Idempotency-Keys between a request and its replay.
    const inTree = await runScript('scripts/contract/cli.ts', [
      '--base-url',
      base,
      '--admin-token',
      ADMIN_TOKEN,
      ...BUDGET,
      '--json-out',
      join(dir, 'in-tree.json'),
    ]);
    // The document from the server itself, as a team pointing the runner at its staging server would.
    const packed = await svcContract(installed.consumer, [
      '--base-url',
      base,
      '--admin-token',
      ADMIN_TOKEN,
      '--spec',
      `${server.url}/openapi.json`,
      ...BUDGET,
      '--json-out',
      join(dir, 'packed.json'),
      '--junit',
      join(dir, 'packed.xml'),
    ]);
    expect(inTree.code, inTree.stdout.slice(-3000) + inTree.stderr).toBe(0);
    expect(packed.code, packed.stdout.slice(-3000) + packed.stderr).toBe(0);
    const packedResult = readResult(join(dir, 'packed.json'));
    expect(verdicts(packedResult)).toEqual(verdicts(readResult(join(dir, 'in-tree.json'))));
    expect(packedResult.spec).toBe(`${server.url}/openapi.json`);
    expect(packedResult.result.operations.every((o) => o.status === 'conforming' || o.status === 'pending')).toBe(true);
    expect(packed.stdout.trimEnd().split('\n').at(-1)).toMatch(/^operations conforming \d+ \/ \d+$/);
    expect(readFileSync(join(dir, 'packed.xml'), 'utf8')).toMatch(/<testsuites [^>]*failures="0"/);
  });

  it('against the Prism mock (--mock): the same verdicts as npm run contract, and a Markdown report', async () => {
    const dir = tempDir('svc-results-');
    const [inTree, packed] = await Promise.all([
      runScript('scripts/contract/cli.ts', [
        '--base-url',
        prism.url,
        '--mock',
        '--key',
        MOCK_KEY,
        ...BUDGET,
        '--json-out',
        join(dir, 'in-tree.json'),
      ]),
      svcContract(installed.consumer, [
        '--base-url',
        prism.url,
        '--mock',
        '--key',
        MOCK_KEY,
        ...BUDGET,
        '--json-out',
        join(dir, 'packed.json'),
        '--report',
        'md',
      ]),
    ]);
    // The mock is not a server: it takes any key and keeps no state, and the runner says so.
    expect(packed.code).toBe(inTree.code);
    const packedResult = readResult(join(dir, 'packed.json'));
    expect(verdicts(packedResult)).toEqual(verdicts(readResult(join(dir, 'in-tree.json'))));
    expect(packedResult.result.operations.every((o) => o.status !== 'not run')).toBe(true);
    expect(packed.stdout).toMatch(/^## Conformance: /);
    expect(packed.stdout).toContain(`Run against \`${prism.url}\` with \`spec/openapi.json (shipped with svc-contract)\``);
  });

  it('refuses the mock without --mock, naming the flag', async () => {
    const refused = await svcContract(installed.consumer, ['--base-url', prism.url, '--key', MOCK_KEY, '--operation', 'listIndustries']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('add --mock');
  });
});
