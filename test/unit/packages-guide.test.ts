// The "Get the SDK" guide (D-65) names every workspace package with the install line of the tarball
// `npm run pack` makes of it now (npm's file name: scope and name joined by `-`, then the version), so
// a new package or a new version cannot leave the docs page pointing at a file the service lacks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspaceManifests } from '../../scripts/package-versions.js';

const ROOT = join(import.meta.dirname, '../..');
const guide = readFileSync(join(ROOT, 'docs/guide/09-get-the-sdk.md'), 'utf8');

describe('the Get the SDK guide', () => {
  it.each(workspaceManifests(ROOT).map((m) => [m.name, m] as const))('names %s and its current tarball', (name, manifest) => {
    const file = `${name.replace(/^@/, '').replace('/', '-')}-${manifest.version}.tgz`;
    expect(guide).toContain(`\`${name}\``);
    expect(guide).toContain(`npm install http://127.0.0.1:4000/packages/${file}`);
  });
});
