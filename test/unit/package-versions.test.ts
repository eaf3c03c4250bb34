// The packages that follow the contract (D-65: the mock, the SDK) carry info.version of the document
// they ship, and `npm run generate` is what keeps them equal (scripts/package-versions.ts).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contractVersion, syncPackageVersions, VERSION_FROM_CONTRACT, workspaceManifests } from '../../scripts/package-versions.js';

const ROOT = join(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('workspace package versions', () => {
  it('the mock (and every package that follows the contract) is at info.version of spec/openapi.json', () => {
    const following = workspaceManifests(ROOT).filter((m) => m.versionFrom === VERSION_FROM_CONTRACT);
    expect(following.map((m) => m.name)).toEqual(expect.arrayContaining(['@registry-svc/mock', '@registry-svc/sdk']));
    for (const manifest of following) expect(`${manifest.name}@${manifest.version}`).toBe(`${manifest.name}@${contractVersion(ROOT)}`);
  });

  it('every workspace package is under the @registry-svc scope', () => {
    for (const manifest of workspaceManifests(ROOT)) expect(manifest.name).toMatch(/^@registry-svc\//);
  });

  it('syncPackageVersions moves a package that follows the contract to a new info.version, and no other', () => {
    const root = mkdtempSync(join(tmpdir(), 'svc-versions-'));
    dirs.push(root);
    cpSync(join(ROOT, 'packages/mock/package.json'), join(root, 'packages/mock/package.json'), { recursive: true });
    cpSync(join(ROOT, 'packages/svc-contract/package.json'), join(root, 'packages/svc-contract/package.json'), { recursive: true });
    const document = JSON.parse(readFileSync(join(ROOT, 'spec/openapi.json'), 'utf8')) as { info: { version: string } };
    document.info.version = '9.8.7';
    cpSync(join(ROOT, 'spec/openapi.json'), join(root, 'spec/openapi.json'), { recursive: true });
    writeFileSync(join(root, 'spec/openapi.json'), JSON.stringify(document));

    expect(syncPackageVersions(root)).toEqual([join(root, 'packages/mock/package.json')]);
    const versions = Object.fromEntries(workspaceManifests(root).map((m) => [m.name, m.version]));
    expect(versions['@registry-svc/mock']).toBe('9.8.7');
    expect(versions['@registry-svc/contract']).toBe(
      JSON.parse(readFileSync(join(ROOT, 'packages/svc-contract/package.json'), 'utf8')).version,
    );
    expect(syncPackageVersions(root)).toEqual([]);
  });

  it("syncPackageVersions moves a following package's dependency on another one with both their versions", () => {
    const root = mkdtempSync(join(tmpdir(), 'svc-versions-'));
    dirs.push(root);
    cpSync(join(ROOT, 'packages/sdk/package.json'), join(root, 'packages/sdk/package.json'));
    const sdk = JSON.parse(readFileSync(join(ROOT, 'packages/sdk/package.json'), 'utf8')) as { version: string };
    // A package that follows the contract and depends on the SDK (the CLI bundles it, so none does today).
    mkdirSync(join(root, 'packages/dependent'), { recursive: true });
    writeFileSync(
      join(root, 'packages/dependent/package.json'),
      JSON.stringify({
        name: '@registry-svc/dependent',
        version: sdk.version,
        versionFrom: 'spec/openapi.json#/info/version',
        dependencies: { '@registry-svc/sdk': sdk.version, zod: '4.6.7' },
      }),
    );
    const document = JSON.parse(readFileSync(join(ROOT, 'spec/openapi.json'), 'utf8')) as { info: { version: string } };
    document.info.version = '9.8.7';
    cpSync(join(ROOT, 'spec/openapi.json'), join(root, 'spec/openapi.json'));
    writeFileSync(join(root, 'spec/openapi.json'), JSON.stringify(document));

    expect(syncPackageVersions(root).sort()).toEqual([
      join(root, 'packages/dependent/package.json'),
      join(root, 'packages/sdk/package.json'),
    ]);
    const dependent = JSON.parse(readFileSync(join(root, 'packages/dependent/package.json'), 'utf8')) as {
      version: string;
      dependencies: Record<string, string>;
    };
    expect(dependent.version).toBe('9.8.7');
    expect(dependent.dependencies).toEqual({ '@registry-svc/sdk': '9.8.7', zod: '4.6.7' });
    expect(syncPackageVersions(root)).toEqual([]);
  });
});
