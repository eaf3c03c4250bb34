// The workspace packages whose version is the contract's (D-65): a package.json with
// `"versionFrom": "spec/openapi.json#/info/version"` (the mock, the SDK) carries `info.version` of the
// public document. `npm run generate` writes it (syncPackageVersions); a unit test checks it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const VERSION_FROM_CONTRACT = 'spec/openapi.json#/info/version';

export interface WorkspaceManifest {
  file: string;
  name: string;
  version: string;
  versionFrom?: string;
}

/** Every packages/<folder>/package.json under root. */
export function workspaceManifests(root: string): WorkspaceManifest[] {
  return readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const file = join(root, 'packages', entry.name, 'package.json');
      try {
        return [{ file, ...(JSON.parse(readFileSync(file, 'utf8')) as Omit<WorkspaceManifest, 'file'>) }];
      } catch {
        return [];
      }
    });
}

export function contractVersion(root: string): string {
  return (JSON.parse(readFileSync(join(root, 'spec/openapi.json'), 'utf8')) as { info: { version: string } }).info.version;
}

/**
 * Sets the version of each package that follows the contract, and its dependencies on the others
 * that do (the CLI's on the SDK: both come from one checkout); answers the files it changed.
 */
export function syncPackageVersions(root: string): string[] {
  const version = contractVersion(root);
  const manifests = workspaceManifests(root);
  const following = new Set(manifests.filter((m) => m.versionFrom === VERSION_FROM_CONTRACT).map((m) => m.name));
  const changed: string[] = [];
  for (const manifest of manifests) {
    if (manifest.versionFrom !== VERSION_FROM_CONTRACT) continue;
    const json = JSON.parse(readFileSync(manifest.file, 'utf8')) as Record<string, unknown>;
    const dependencies = (json.dependencies ?? {}) as Record<string, string>;
    const stale = Object.keys(dependencies).filter((name) => following.has(name) && dependencies[name] !== version);
    if (manifest.version === version && stale.length === 0) continue;
    json.version = version;
    for (const name of stale) dependencies[name] = version;
    writeFileSync(manifest.file, `${JSON.stringify(json, null, 2)}\n`);
    changed.push(manifest.file);
  }
  return changed;
}
