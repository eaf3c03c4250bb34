// The packages as partners and frontend teams get them (D-65): `npm run pack` writes every workspace
// package's tarball into build/packages/; the service started as `npm start` starts it lists them at
// /packages/ and serves each byte for byte; and the mock's tarball, installed into an empty folder
// outside the repository, runs as `npx registry-svc-mock` and answers like the document: a documented
// example for a good request, the documented 422 for a bad one. (The runner's tarball installed the
// same way: svc-contract-pack.test.ts.)
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGES_DIR, type PackedPackage } from '../../scripts/pack/cli.mjs';
import { packedOnce } from '../support/packed.js';
import { startPlainService, type PlainService } from '../support/plain-service.js';
import { freePorts } from '../../scripts/free-port.js';

const ROOT = join(import.meta.dirname, '../..');
const run = promisify(execFile);
const document = JSON.parse(readFileSync(join(ROOT, 'spec/openapi.json'), 'utf8')) as {
  info: { version: string; 'x-examples-date': string };
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content: Record<string, { examples: Record<string, { value: unknown }> }> }> }>
  >;
};
const dirs: string[] = [];
const timings: Record<string, number> = {};

async function timed<T>(step: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    timings[step] = Date.now() - started;
  }
}

/** An empty project outside the repository with the tarball installed, as a frontend team's would be. */
async function installOutside(tarball: string): Promise<string> {
  const consumer = mkdtempSync(join(tmpdir(), 'svc-frontend-'));
  dirs.push(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'frontend-team', version: '1.0.0', private: true }));
  await run('npm', ['install', tarball, '--prefer-offline', '--no-audit', '--no-fund'], { cwd: consumer, maxBuffer: 16 * 1024 * 1024 });
  return consumer;
}

let packed: PackedPackage[];
let service: PlainService;
let mockConsumer: string;
let mock: ChildProcess | undefined;

beforeAll(async () => {
  packed = await timed('npm run pack', packedOnce);
  const mockTarball = packed.find((p) => p.name === '@registry-svc/mock');
  if (!mockTarball) throw new Error(`npm run pack wrote no @registry-svc/mock: ${JSON.stringify(packed)}`);
  [service, mockConsumer] = await Promise.all([
    startPlainService(),
    timed('npm install <mock tarball>', () => installOutside(join(PACKAGES_DIR, mockTarball.filename))),
  ]);
});

afterAll(async () => {
  if (mock?.pid) {
    try {
      process.kill(-mock.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await service?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  console.log(
    `packages e2e timings (ms): ${JSON.stringify(timings)}; tarballs: ${JSON.stringify(packed?.map((p) => [p.filename, p.bytes]))}`,
  );
});

describe('npm run pack and /packages/ on the service', () => {
  it('writes one tarball per workspace package, named by npm, and nothing else', () => {
    const workspaces = readdirSync(join(ROOT, 'packages')).filter((dir) => existsSync(join(ROOT, 'packages', dir, 'package.json')));
    expect(packed).toHaveLength(workspaces.length);
    expect(readdirSync(PACKAGES_DIR).sort()).toEqual(packed.map((p) => p.filename).sort());
    expect(packed.find((p) => p.name === '@registry-svc/mock')?.version).toBe(document.info.version);
    // postpack cleaned up: the checkout keeps no build of its own.
    for (const dir of workspaces) expect(existsSync(join(ROOT, 'packages', dir, 'dist'))).toBe(false);
  });

  it('/packages/ lists each tarball with its size and install line on this service; each one downloads byte for byte', async () => {
    const listing = (await (await fetch(`${service.url}/packages/`)).json()) as {
      packages: { name: string; file: string; bytes: number; install: string }[];
    };
    expect(listing.packages.map((p) => [p.name, p.file, p.bytes]).sort()).toEqual(packed.map((p) => [p.name, p.filename, p.bytes]).sort());
    for (const entry of listing.packages) {
      expect(entry.install).toBe(`npm install ${service.url}/packages/${entry.file}`);
      const response = await fetch(`${service.url}/packages/${entry.file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/gzip');
      expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(join(PACKAGES_DIR, entry.file)))).toBe(true);
    }
  });
});

describe('@registry-svc/mock installed outside the repository', () => {
  it('ships compiled JavaScript only, with no TypeScript tooling installed', () => {
    const installed = join(mockConsumer, 'node_modules/@registry-svc/mock');
    expect(readdirSync(installed).sort()).toEqual(['CHANGELOG.md', 'README.md', 'bin', 'dist', 'package.json', 'spec']);
    expect(readdirSync(join(installed, 'dist')).some((file) => file.endsWith('.ts'))).toBe(false);
    expect(existsSync(join(mockConsumer, 'node_modules/tsx'))).toBe(false);
    expect(existsSync(join(mockConsumer, 'node_modules/typescript'))).toBe(false);
  });

  it('npx registry-svc-mock --port N: a documented example for a good request, the documented 422 for a bad one', async () => {
    const port = await freePorts(2); // the front's and Prism's (--port + 1)
    let output = '';
    // --today at the examples' own day: the documented answers exactly as written (D-61).
    mock = spawn('npx', ['registry-svc-mock', '--port', String(port), '--today', document.info['x-examples-date']], {
      cwd: mockConsumer,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    mock.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    mock.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const started = Date.now();
    while (!/mock front listening on/.test(output)) {
      if (mock.exitCode !== null || Date.now() - started > 120_000) throw new Error(`the mock did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    timings['npx registry-svc-mock to listening'] = Date.now() - started;
    // Prism's own port is the documented default, the next one.
    expect(output).toContain(`mock front listening on http://127.0.0.1:${port} (Prism behind it on http://127.0.0.1:${port + 1})`);

    const auth = { Authorization: 'Bearer svc_sk_test_MockMockMockMockMockMockMockMock' };
    const good = await fetch(`http://127.0.0.1:${port}/helpers/company-name-availability?name=Sandbox%20Trading%20Pty%20Ltd`, {
      headers: auth,
    });
    expect(good.status).toBe(200);
    const ok = document.paths['/helpers/company-name-availability']!.get!.responses['200']!.content['application/json']!.examples;
    expect(await good.json()).toEqual(Object.values(ok)[0]!.value);

    const bad = await fetch(`http://127.0.0.1:${port}/abn/registrations`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': 'frontend-team-0001' },
      body: '{}',
    });
    expect(bad.status).toBe(422);
    const refused = document.paths['/abn/registrations']!.post!.responses['422']!.content['application/json']!.examples;
    expect(await bad.json()).toEqual(refused.emptyBody!.value);
  });
});
