// The workspace packages packed once for the whole e2e project (its globalSetup in vitest.config.ts):
// `npm run pack` into build/packages/, which the service serves and the files that install packages
// outside the repository read (packed.ts). Packed here, before any file starts, because a pack empties
// the folder first: a second pack from another worker would pull the tarballs from under a running test.
import type { TestProject } from 'vitest/node';
import { packAll, type PackedPackage } from '../../scripts/pack/cli.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** What `npm run pack` wrote into build/packages/ for this run. */
    packedPackages: PackedPackage[];
  }
}

export async function setup(project: TestProject): Promise<void> {
  project.provide('packedPackages', await packAll());
}
