// The workspace packages as the e2e project's globalSetup packed them (pack-global-setup.ts): one
// `npm run pack` per run, shared by the files that install them into folders outside the repository.
import { join } from 'node:path';
import { inject } from 'vitest';
import { PACKAGES_DIR, type PackedPackage } from '../../scripts/pack/cli.mjs';

export function packedOnce(): Promise<PackedPackage[]> {
  return Promise.resolve(inject('packedPackages'));
}

/** The tarball of one package (`@registry-svc/sdk`) from the shared pack. */
export async function tarballOf(name: string): Promise<string> {
  const found = (await packedOnce()).find((p) => p.name === name);
  if (!found) throw new Error(`npm run pack made no ${name}`);
  return join(PACKAGES_DIR, found.filename);
}
