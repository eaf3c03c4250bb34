// The workspace packages packed once per test process (`npm run pack` into build/packages/, under its
// lock): the e2e files that install them into folders outside the repository share one pack instead of
// each paying for its own (about 5 s of CPU and the prepack builds).
import { packAll, PACKAGES_DIR, type PackedPackage } from '../../scripts/pack/cli.mjs';
import { join } from 'node:path';

let packing: Promise<PackedPackage[]> | undefined;

export function packedOnce(): Promise<PackedPackage[]> {
  packing ??= packAll();
  return packing;
}

/** The tarball of one package (`@registry-svc/sdk`) from the shared pack. */
export async function tarballOf(name: string): Promise<string> {
  const found = (await packedOnce()).find((p) => p.name === name);
  if (!found) throw new Error(`npm run pack made no ${name}`);
  return join(PACKAGES_DIR, found.filename);
}
