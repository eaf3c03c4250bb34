// The server bundle holds one copy of each package version (scripts/build-server.mjs): which nested
// copies are folded into which, from npm's record of the install.
import { describe, expect, it } from 'vitest';
import { foldableCopies, type InstalledPackage } from '../../scripts/build-server.mjs';

describe('foldableCopies', () => {
  it('folds copies of one version into the least nested production copy, each into the same one', () => {
    const packages: Record<string, InstalledPackage> = {
      '': { version: '1.0.0' },
      'node_modules/tool/node_modules/mime-db': { version: '1.54.0', dev: true },
      'node_modules/send/node_modules/mime-db': { version: '1.54.0' },
      'node_modules/express/node_modules/mime-db': { version: '1.54.0' },
      'node_modules/mime-db': { version: '1.52.0' },
    };
    expect(foldableCopies(packages)).toEqual(
      new Map([
        ['node_modules/send/node_modules/mime-db', 'node_modules/express/node_modules/mime-db'],
        ['node_modules/tool/node_modules/mime-db', 'node_modules/express/node_modules/mime-db'],
      ]),
    );
  });

  it('keeps a copy whose dependencies resolve to other versions from where it is installed', () => {
    const packages: Record<string, InstalledPackage> = {
      'node_modules/a/node_modules/type-is': { version: '2.1.0', dependencies: { 'media-typer': '^1.1.0' } },
      'node_modules/b/node_modules/type-is': { version: '2.1.0', dependencies: { 'media-typer': '^1.1.0' } },
      'node_modules/b/node_modules/media-typer': { version: '1.2.0' },
      'node_modules/media-typer': { version: '1.1.1' },
    };
    expect(foldableCopies(packages)).toEqual(new Map());
  });

  it('folds a copy whose dependencies resolve to the same versions, from wherever they are installed', () => {
    const packages: Record<string, InstalledPackage> = {
      'node_modules/a/node_modules/type-is': { version: '2.1.0', dependencies: { 'media-typer': '^1.1.0' } },
      'node_modules/b/node_modules/type-is': { version: '2.1.0', dependencies: { 'media-typer': '^1.1.0' } },
      'node_modules/b/node_modules/media-typer': { version: '1.1.1' },
      'node_modules/media-typer': { version: '1.1.1' },
    };
    expect(foldableCopies(packages)).toEqual(
      new Map([
        ['node_modules/b/node_modules/media-typer', 'node_modules/media-typer'],
        ['node_modules/b/node_modules/type-is', 'node_modules/a/node_modules/type-is'],
      ]),
    );
  });

  it('leaves workspace links alone', () => {
    const packages: Record<string, InstalledPackage> = {
      'node_modules/svc-contract': { link: true },
      'packages/svc-contract': { version: '0.1.0' },
    };
    expect(foldableCopies(packages)).toEqual(new Map());
  });
});
