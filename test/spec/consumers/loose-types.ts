// Where a generator gave up on a type: every `any` and `unknown` in type position and every Zod
// `.any()` / `.unknown()` of its output, found in the syntax tree (comments and strings are not
// code), each named by the declarations around it (`WebhookDelivery.payload`). Two kinds are not
// losses and are left out: what a 204 answers (no body, so kubb's `DeleteWebhookEndpoint204 = any`)
// and a header map's index signature (openapi-typescript's `[name: string]: unknown` for headers the
// document does not list). What the document itself leaves open is the caller's to pass in.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface LooseType {
  file: string;
  line: number;
  /** Enclosing declarations and properties, outermost first, joined with dots. */
  owner: string;
  code: string;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function nameOf(node: ts.Node): string | undefined {
  if (ts.isIndexSignatureDeclaration(node)) return '[key]';
  const name = (node as { name?: ts.Node }).name;
  if (!name || !(ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name))) return undefined;
  return ts.isPropertyAssignment(node) ||
    ts.isPropertySignature(node) ||
    ts.isVariableDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isGetAccessorDeclaration(node)
    ? name.text
    : undefined;
}

function ownerOf(node: ts.Node): string[] {
  const names: string[] = [];
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    const name = nameOf(at);
    if (name) names.unshift(name);
  }
  return names;
}

function isLoose(node: ts.Node): boolean {
  if (node.kind === ts.SyntaxKind.AnyKeyword || node.kind === ts.SyntaxKind.UnknownKeyword) return true;
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  const { expression: target, name } = node.expression;
  return (name.text === 'any' || name.text === 'unknown') && ts.isIdentifier(target) && (target.text === 'z' || target.text === 'zod');
}

function isNoLoss(owner: string[]): boolean {
  const declaration = owner[0] ?? '';
  const last = owner[owner.length - 1];
  return /204(Schema)?$/.test(declaration) || (last === '[key]' && owner[owner.length - 2] === 'headers');
}

/** Every loose type under `dir`, except a 204's body and a header map. */
export function looseTypes(dir: string): LooseType[] {
  const found: LooseType[] = [];
  for (const file of filesUnder(dir)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (isLoose(node)) {
        const owner = ownerOf(node);
        if (!isNoLoss(owner)) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          const code = source.text.split('\n')[line]!.trim().slice(0, 160);
          found.push({ file: relative(dir, file), line: line + 1, owner: owner.join('.'), code });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
