// Drift gate: regenerating from schemas/ reproduces every committed byte of spec/ and generated/.
// Generation runs into a scratch folder so the test never changes the working tree.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

function filesUnder(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const full = join(root, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('drift gate', () => {
  it('regenerating changes no byte of spec/ or generated/', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'svc-generate-'));
    execFileSync('node_modules/.bin/tsx', ['scripts/generate.ts', '--out', scratch], { stdio: ['ignore', 'ignore', 'pipe'] });
    for (const folder of ['spec', 'generated']) {
      const committed = filesUnder(folder).map((f) => relative('.', f)).sort();
      const regenerated = filesUnder(join(scratch, folder)).map((f) => relative(scratch, f)).sort();
      expect(regenerated, `${folder}/ file list`).toEqual(committed);
      for (const file of committed) {
        const same = readFileSync(file).equals(readFileSync(join(scratch, file)));
        expect(same, `${file} differs from what the schemas produce: run npm run generate and commit`).toBe(true);
      }
    }
  });
});
