// The temporary copy of the repository a mutant runs in: only the folders a mutant may edit are
// copied (server/, schemas/, and the two small files esbuild reads); everything else, node_modules and
// the built document, SDK, docs page and console included, is a symbolic link to this checkout, so
// a copy takes a fraction of a second and nothing is installed or built again.
import { rmSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Edited by mutants, so copied; their files' modification times are kept. */
export const COPIED = ['server', 'schemas', 'package.json', 'tsconfig.json'];
/** Never shared with a copy: git's data and an embedded database's files. */
const LEFT_OUT = new Set(['.git', 'data']);

/** Copies not yet removed: an interrupted suite removes them on its way out (removeLiveCopies). */
const live = new Set<string>();

export function removeLiveCopies(): void {
  for (const root of live) rmSync(root, { recursive: true, force: true });
  live.clear();
}

export interface Copy {
  root: string;
  remove: () => Promise<void>;
}

export async function makeCopy(source: string, label: string): Promise<Copy> {
  const root = await mkdtemp(join(tmpdir(), `contract-mutant-${label}-`));
  live.add(root);
  const entries = await readdir(source);
  await Promise.all(
    entries
      .filter((name) => !LEFT_OUT.has(name))
      .map((name) =>
        COPIED.includes(name)
          ? cp(join(source, name), join(root, name), { recursive: true, preserveTimestamps: true })
          : symlink(join(source, name), join(root, name)),
      ),
  );
  return {
    root,
    remove: async () => {
      await rm(root, { recursive: true, force: true });
      live.delete(root);
    },
  };
}
