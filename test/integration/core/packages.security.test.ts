// /packages/<file> serves only a tarball the folder lists by that exact name (D-65): a path written to
// leave the folder (`..`, encoded slashes or dots, backslashes) or to name another kind of file gets
// the service's 404, never a file's bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servePackagesFolder, type PackagesFolder } from '../../support/packages-folder.js';
import { startTestServer, type TestServer } from '../../support/harness.js';

let folder: PackagesFolder;
let server: TestServer;

beforeAll(async () => {
  [folder, server] = await Promise.all([
    servePackagesFolder({ 'registry-svc-mock-5.0.0.tgz': Buffer.from('tarball'), 'notes.txt': Buffer.from('notes') }),
    startTestServer({ record: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([folder.close(), server.close()]);
});

const ESCAPES = [
  '/packages/../secret.tgz',
  '/packages/..%2Fsecret.tgz',
  '/packages/%2E%2E%2Fsecret.tgz',
  '/packages/%2e%2e/secret.tgz',
  '/packages/..%5Csecret.tgz',
  '/packages/%2Fetc%2Fpasswd',
  '/packages/..%2F..%2Fpackage.json',
  '/packages/notes.txt',
  '/packages/registry-svc-mock-5.0.0.tgz%00.txt',
  '/packages/registry-svc-mock-5.0.0.tgz.bak',
  '/packages/%72egistry-svc-mock-5.0.0.tgz%2F..%2F..%2Fsecret.tgz',
];

describe('/packages/ refuses every path but a listed tarball', () => {
  it.each(ESCAPES)('%s on the folder: 404, no file', async (path) => {
    const response = await fetch(`${folder.url}${path}`);
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(text).not.toContain('not for you');
    expect(text).not.toContain('notes');
  });

  it.each(ESCAPES)('%s on the service: 404 in the shared shape', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/(problem\+)?json/);
    const text = await response.text();
    expect(text).not.toContain('"dependencies"');
    expect(text).not.toContain('root:');
  });
});
