// No import cycle among the files of server/, schemas/, of the console (console/src) or of the contract runner's
// package: a circle makes load order matter (a value read before its module finished loading is
// undefined) and hides which file owns a piece. Type-only imports count too: a type shared by two
// files belongs in a module below both. The module graph is read with TypeScript's own import
// scanner; relative imports only (a package is never part of a circle of ours).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names: `./x.js` is `./x.ts` or `./x.tsx`; Vite allows no extension. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|ts|tsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
}

/** Every import, re-export, `import type` and dynamic `import()` of each file, resolved to a file. */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const scanned = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = scanned.importedFiles.map((ref) => resolveImport(file, ref.fileName)).filter((t): t is string => Boolean(t));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components of more than one file, or a file importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

function cyclesUnder(folder: string): string[][] {
  const graph = importGraph(sourceFiles(join(ROOT, folder)));
  return cycles(graph).map((component) => component.map((file) => relative(ROOT, file)));
}

describe('import cycles', () => {
  it('finds a planted circle and a file importing itself, and none in a chain', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
      ['e.ts', ['e.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    expect(
      cycles(
        new Map([
          ['x.ts', ['y.ts']],
          ['y.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads type-only, re-export and dynamic imports as edges', () => {
    const scanned = ts.preProcessFile(
      "import type { A } from './a.js';\nexport { B } from './b.js';\nconst c = () => import('./c.js');\n",
      true,
      true,
    );
    expect(scanned.importedFiles.map((ref) => ref.fileName)).toEqual(['./a.js', './b.js', './c.js']);
  });

  it.each(['server', 'schemas', 'console/src', 'packages/svc-contract/src'])('%s has none', (folder) => {
    expect(cyclesUnder(folder)).toEqual([]);
  });
});
