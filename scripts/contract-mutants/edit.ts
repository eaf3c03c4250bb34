// Applying a mutant's edits, and refusing loudly when one no longer fits the server: each search
// text must occur exactly once in its file, or the mutant is stale and the suite stops (it would
// otherwise measure an unchanged server and report a "survivor" that is no bug at all).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mutant } from './mutants.js';

export class StaleMutantError extends Error {}

function occurrences(text: string, search: string): number {
  let count = 0;
  for (let at = text.indexOf(search); at !== -1; at = text.indexOf(search, at + 1)) count += 1;
  return count;
}

/** The file's text with the mutant's edits made; throws StaleMutantError when an edit does not fit. */
export function mutated(mutant: Mutant, text: string): string {
  let out = text;
  for (const [index, edit] of mutant.edits.entries()) {
    const found = occurrences(out, edit.search);
    if (found !== 1)
      throw new StaleMutantError(
        `mutant ${mutant.id}: edit ${index + 1}'s search text occurs ${found} times in ${mutant.file} (must be exactly once); update scripts/contract-mutants/mutants.ts:\n${edit.search}`,
      );
    out = out.replace(edit.search, () => edit.replace);
  }
  if (out === text) throw new StaleMutantError(`mutant ${mutant.id}: its edits leave ${mutant.file} unchanged`);
  return out;
}

/** Checks every mutant against the files under `root` without writing anything. */
export async function checkMutants(root: string, mutants: readonly Mutant[]): Promise<void> {
  const ids = new Set<string>();
  for (const mutant of mutants) {
    if (ids.has(mutant.id)) throw new StaleMutantError(`mutant id ${mutant.id} is listed twice`);
    ids.add(mutant.id);
    mutated(mutant, await readFile(join(root, mutant.file), 'utf8'));
  }
}

/** Writes the mutant's edits into the copy at `root`. */
export async function applyMutant(root: string, mutant: Mutant): Promise<void> {
  const path = join(root, mutant.file);
  await writeFile(path, mutated(mutant, await readFile(path, 'utf8')));
}
