// The "Get the SDK" guide (D-65) names every workspace package with the install line of its tarball
// under the name without a version (npm's file name: scope and name joined by `-`), which the service
// answers with the newest one, so a new package cannot be missing from the docs page and a new
// version cannot leave it pointing at a file the service lacks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspaceManifests } from '../../scripts/package-versions.js';

const ROOT = join(import.meta.dirname, '../..');
const guide = readFileSync(join(ROOT, 'docs/guide/09-get-the-sdk.md'), 'utf8');

describe('the Get the SDK guide', () => {
  it.each(workspaceManifests(ROOT).map((m) => [m.name, m] as const))('names %s and its current tarball', (name, manifest) => {
    // The name without a version: the service answers it with the newest tarball of the package.
    const file = `${name.replace(/^@/, '').replace('/', '-')}.tgz`;
    expect(manifest.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(guide).toContain(`\`${name}\``);
    expect(guide).toContain(`npm install http://127.0.0.1:4000/packages/${file}`);
  });
});
