// The workspace packages as the e2e project's globalSetup packed them (pack-global-setup.ts): one
// `npm run pack` per run, in the background, shared by the files that install them into folders
// outside the repository. Each waits here for that pack's result.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { PACKAGES_DIR, type PackedPackage, type PackResult } from '../../scripts/pack/cli.mjs';

/** Longer than a pack takes on a loaded 2-core machine (17 s quiet, about 40 s beside the linters). */
const PACK_WAIT_MS = 300_000;

let packed: Promise<PackedPackage[]> | undefined;

async function waitForPack(resultFile: string): Promise<PackedPackage[]> {
  const deadline = Date.now() + PACK_WAIT_MS;
  while (!existsSync(resultFile)) {
    if (Date.now() > deadline) throw new Error(`npm run pack wrote no result to ${resultFile} within ${PACK_WAIT_MS / 1000} s`);
    await sleep(200);
  }
  const result = JSON.parse(readFileSync(resultFile, 'utf8')) as PackResult;
  if (!result.ok) throw new Error(`npm run pack failed:\n${result.error}`);
  return result.packed;
}

export function packedOnce(): Promise<PackedPackage[]> {
  packed ??= waitForPack(inject('packResultFile'));
  return packed;
}

/** The tarball of one package (`@registry-svc/sdk`) from the shared pack. */
export async function tarballOf(name: string): Promise<string> {
  const found = (await packedOnce()).find((p) => p.name === name);
  if (!found) throw new Error(`npm run pack made no ${name}`);
  return join(PACKAGES_DIR, found.filename);
}
