// The names a generator's output exports at the top level (types, interfaces, enums, classes,
// consts), read from the syntax tree: a component typed under its own name is among them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function isExported(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** Every name exported by a declaration of a `.ts` file under `dir`. */
export function exportedNames(dir: string): Set<string> {
  const names = new Set<string>();
  for (const file of filesUnder(dir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      if (!isExported(statement)) continue;
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
      } else {
        const name = (statement as { name?: ts.Node }).name;
        if (name && ts.isIdentifier(name)) names.add(name.text);
      }
    }
  }
  return names;
}
