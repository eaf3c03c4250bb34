// The copies a fresh embedded data directory and its spare are made with (server/store/directory-copy.ts):
// the system's cp where there is one, Node's own copy where there is none, and a copy that fails
// says so instead of leaving a half-made directory to be taken for a whole one.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { copyDirectory, copyIntoSync } from '../../server/store/directory-copy.js';

const scratch = mkdtempSync(join(tmpdir(), 'svc-directory-copy-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let made = 0;
/** A small tree shaped like a data directory: nested folders, a 0600 file, a top-level file. */
function tree(): string {
  const root = join(scratch, `tree-${made++}`);
  mkdirSync(join(root, 'base', '1'), { recursive: true });
  writeFileSync(join(root, 'base', '1', '1259'), 'relation pages');
  writeFileSync(join(root, 'postgresql.conf'), 'listen_addresses = ""\n');
  chmodSync(join(root, 'postgresql.conf'), 0o600);
  return root;
}

function expectSameTree(copy: string): void {
  expect(readFileSync(join(copy, 'base', '1', '1259'), 'utf8')).toBe('relation pages');
  expect(readFileSync(join(copy, 'postgresql.conf'), 'utf8')).toBe('listen_addresses = ""\n');
  expect(statSync(join(copy, 'postgresql.conf')).mode & 0o777).toBe(0o600);
}

const path = process.env.PATH;
afterEach(() => {
  process.env.PATH = path;
});

describe.each([
  ['with the system cp', () => undefined],
  // No cp on the PATH (as on Windows): Node's own copy makes the same tree.
  ['without a cp to run', () => (process.env.PATH = join(scratch, 'no-such-bin'))],
])('%s', (_name, arrange) => {
  it('copies the entries given into an existing directory, keeping what it holds', () => {
    const source = tree();
    const into = join(scratch, `into-${made++}`);
    mkdirSync(into);
    writeFileSync(join(into, 'svc-secret.key'), 'kept');
    arrange();
    copyIntoSync([join(source, 'base'), join(source, 'postgresql.conf')], into);
    expectSameTree(into);
    expect(readFileSync(join(into, 'svc-secret.key'), 'utf8')).toBe('kept');
  });

  it('copies a whole directory to a new path', async () => {
    const source = tree();
    const copy = join(scratch, `copy-${made++}`);
    arrange();
    await copyDirectory(source, copy);
    expectSameTree(copy);
    // The source is left as it was.
    expectSameTree(source);
  });
});

describe('a copy that cannot be made', () => {
  it('copyDirectory rejects with what cp said', async () => {
    await expect(copyDirectory(join(scratch, 'no-such-source'), join(scratch, 'never'))).rejects.toThrow(
      /cp -R failed \(exit 1\): .*no-such-source/,
    );
  });

  it('copyIntoSync throws with what cp said', () => {
    const source = tree();
    expect(() => copyIntoSync([join(source, 'base')], join(scratch, 'no-such-directory', 'deeper'))).toThrow(/cp -R failed \(exit 1\)/);
  });
});
