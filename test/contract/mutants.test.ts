// The planted-bug suite (npm run contract:mutants), as CI runs it: every mutant still fits the server
// (a stale one would fail the suite, never measure an unchanged server), and a small fixed subset is
// applied one at a time to a copy of the repository, served, and killed by the runner: three bugs a
// schema-checking runner must catch and two only the semantic phase sees (a new resource answered as
// a duplicate, a pagination total that counts only the page). Each runs on its own operations: a
// mutant whose check needs the whole document (the passes over several accounts and the runner's own
// resources) makes it and the baseline whole runs, three times the time, so those run in the
// script's full list. The whole list, with its "killed K of N", is the script's.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkMutants, mutated, StaleMutantError } from '../../scripts/contract-mutants/edit.js';
import { MUTANTS } from '../../scripts/contract-mutants/mutants.js';
import { runScript, type CliOutcome } from './run-cli.js';

const ROOT = join(import.meta.dirname, '../..');
/** Each on a few operations (no `wholeRun` mutant): about half a minute on two cores. */
const SUBSET = ['undocumented-status', 'required-header-missing', 'wrong-content-type', 'create-200-not-201', 'total-counts-page'];

describe('planted-bug suite', () => {
  it('every mutant still fits the server exactly once', async () => {
    await expect(checkMutants(ROOT, MUTANTS)).resolves.toBeUndefined();
  });

  it('a mutant whose search text no longer matches fails loudly', async () => {
    const mutant = MUTANTS.find((m) => m.id === 'undocumented-status')!;
    const text = await readFile(join(ROOT, mutant.file), 'utf8');
    const drifted = text.replace(mutant.edits[0]!.search, mutant.edits[0]!.search.replace('204', '204 as const'));
    expect(() => mutated(mutant, drifted)).toThrow(StaleMutantError);
    expect(() => mutated(mutant, `${text}\n${mutant.edits[0]!.search}`)).toThrow(/occurs 2 times/);
  });

  it('the subset runs each mutant on its own operations', () => {
    expect(MUTANTS.filter((m) => SUBSET.includes(m.id) && m.wholeRun).map((m) => m.id)).toEqual([]);
  });

  describe(`the runner kills ${SUBSET.join(', ')}`, () => {
    let outcome: CliOutcome;

    beforeAll(async () => {
      outcome = await runScript('scripts/contract-mutants/cli.ts', [
        '--focus',
        '--only',
        SUBSET.join(','),
        '--seed',
        '1',
        '--max-examples',
        '10',
      ]);
      console.log(outcome.stdout);
      if (outcome.stderr.trim()) console.log(outcome.stderr);
    }, 300_000);

    it(`exits 0 with "killed ${SUBSET.length} of ${SUBSET.length}" last and a clean baseline`, () => {
      expect(outcome.code, outcome.stderr || outcome.stdout).toBe(0);
      expect(outcome.stdout).toContain('baseline (no mutant): no failures');
      expect(outcome.stdout.trimEnd().split('\n').at(-1)).toBe(`killed ${SUBSET.length} of ${SUBSET.length}`);
    });

    it.each(SUBSET)('%s is killed by the check that owns it', (id) => {
      const mutant = MUTANTS.find((m) => m.id === id)!;
      const row = outcome.stdout.split('\n').find((line) => line.startsWith(`${id} `));
      expect(row, outcome.stdout).toMatch(/ KILLED /);
      expect(row).toContain(mutant.catchBy);
    });
  });
});
