// A build/packages/-like folder with made-up tarballs, served by packagesRouter on a port of its own,
// so the listing and the file answers are tested without packing (test/e2e/packages-served.test.ts
// serves the real ones).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { PACKAGES_PATH, packagesRouter } from '../../server/http/packages.js';

export interface PackagesFolder {
  dir: string;
  url: string;
  close: () => Promise<void>;
}

export async function servePackagesFolder(files: Record<string, Buffer>, publicUrl?: string): Promise<PackagesFolder> {
  const root = mkdtempSync(join(tmpdir(), 'svc-packages-'));
  const dir = join(root, 'build', 'packages');
  mkdirSync(dir, { recursive: true });
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes);
  // A file beside the folder: what a traversal would reach.
  writeFileSync(join(root, 'build', 'secret.tgz'), 'not for you');
  const app = express();
  app.use(PACKAGES_PATH, packagesRouter({ HOST: '127.0.0.1', PORT: 0, SVC_PUBLIC_URL: publicUrl }, dir));
  app.use((_req, res) => void res.status(404).json({ error: 'not_found' }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    dir,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
