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

/** Sets the version of each package that follows the contract; answers the files it changed. */
export function syncPackageVersions(root: string): string[] {
  const version = contractVersion(root);
  const changed: string[] = [];
  for (const manifest of workspaceManifests(root)) {
    if (manifest.versionFrom !== VERSION_FROM_CONTRACT || manifest.version === version) continue;
    const json = JSON.parse(readFileSync(manifest.file, 'utf8')) as Record<string, unknown>;
    json.version = version;
    writeFileSync(manifest.file, `${JSON.stringify(json, null, 2)}\n`);
    changed.push(manifest.file);
  }
  return changed;
}
