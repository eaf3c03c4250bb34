// /packages/ (D-65): the listing of build/packages/ with each tarball's size and the line that installs
// it from this service's public URL (D-54), and the tarball itself, byte for byte, as application/gzip.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servePackagesFolder, type PackagesFolder } from '../../support/packages-folder.js';
import { startTestServer } from '../../support/harness.js';

const MOCK = randomBytes(3000);
const NEWER_MOCK = randomBytes(3100);
const CONTRACT = randomBytes(1234);
let folder: PackagesFolder;

beforeAll(async () => {
  folder = await servePackagesFolder(
    {
      'registry-svc-mock-5.0.0.tgz': MOCK,
      'registry-svc-mock-5.10.0.tgz': NEWER_MOCK,
      'registry-svc-contract-0.1.0.tgz': CONTRACT,
      'notes.txt': Buffer.from('x'),
    },
    'https://registry.example.com/sandbox',
  );
});
afterAll(() => folder.close());

describe('GET /packages/', () => {
  it('lists each tarball with its name, version, size and an install line on SVC_PUBLIC_URL, whatever Host says', async () => {
    const response = await fetch(`${folder.url}/packages/`, { headers: { Host: 'evil.example' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { packages: unknown[] };
    expect(body.packages).toEqual([
      {
        name: '@registry-svc/contract',
        version: '0.1.0',
        file: 'registry-svc-contract-0.1.0.tgz',
        bytes: 1234,
        url: 'https://registry.example.com/sandbox/packages/registry-svc-contract-0.1.0.tgz',
        latestUrl: 'https://registry.example.com/sandbox/packages/registry-svc-contract.tgz',
        install: 'npm install https://registry.example.com/sandbox/packages/registry-svc-contract-0.1.0.tgz',
      },
      {
        name: '@registry-svc/mock',
        version: '5.0.0',
        file: 'registry-svc-mock-5.0.0.tgz',
        bytes: 3000,
        url: 'https://registry.example.com/sandbox/packages/registry-svc-mock-5.0.0.tgz',
        latestUrl: 'https://registry.example.com/sandbox/packages/registry-svc-mock.tgz',
        install: 'npm install https://registry.example.com/sandbox/packages/registry-svc-mock-5.0.0.tgz',
      },
      {
        name: '@registry-svc/mock',
        version: '5.10.0',
        file: 'registry-svc-mock-5.10.0.tgz',
        bytes: 3100,
        url: 'https://registry.example.com/sandbox/packages/registry-svc-mock-5.10.0.tgz',
        latestUrl: 'https://registry.example.com/sandbox/packages/registry-svc-mock.tgz',
        install: 'npm install https://registry.example.com/sandbox/packages/registry-svc-mock-5.10.0.tgz',
      },
    ]);
    expect(JSON.stringify(body)).not.toContain('evil.example');
  });

  it('serves a listed tarball byte for byte as application/gzip; HEAD gives its length', async () => {
    const response = await fetch(`${folder.url}/packages/registry-svc-mock-5.0.0.tgz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    expect(Buffer.from(await response.arrayBuffer()).equals(MOCK)).toBe(true);
    const head = await fetch(`${folder.url}/packages/registry-svc-contract-0.1.0.tgz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1234');
  });

  it('serves the newest version under the name without one (what the guides print)', async () => {
    const latest = await fetch(`${folder.url}/packages/registry-svc-mock.tgz`);
    expect(latest.status).toBe(200);
    expect(Buffer.from(await latest.arrayBuffer()).equals(NEWER_MOCK)).toBe(true);
    expect((await fetch(`${folder.url}/packages/registry-svc-contract.tgz`)).status).toBe(200);
    expect((await fetch(`${folder.url}/packages/registry-svc-nothing.tgz`)).status).toBe(404);
  });
});

describe('GET /packages/ on the service', () => {
  it('is routed by the app, on HOST:PORT without SVC_PUBLIC_URL, and says how to make packages when there are none', async () => {
    const server = await startTestServer({ record: false });
    try {
      const response = await fetch(`${server.url}/packages/`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { packages: { url: string }[]; note?: string };
      // build/packages/ of the checkout: empty until `npm run pack`, then every URL on this service.
      if (body.packages.length === 0) expect(body.note).toContain('npm run pack');
      for (const entry of body.packages) expect(entry.url.startsWith(`${server.url}/packages/`)).toBe(true);
    } finally {
      await server.close();
    }
  });
});
