// Which files of the integration and e2e suites exercise an operation by name: its operationId (an
// SDK call, `getLodgement(`) or its method and path (`'POST', '/admin/clock/advance'`, path
// parameters written as values or `${…}`, any prefix). The suites that walk every operation of a
// document (security, mock parity) reach each one without naming it, so they count only where they
// name one.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OperationRef } from './document.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

let sources: { file: string; text: string }[] | undefined;

function allSources(): { file: string; text: string }[] {
  sources ??= [...sourceFiles('test/integration'), ...sourceFiles('test/e2e')]
    .map((file) => relative(ROOT, join(ROOT, file)))
    .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));
  return sources;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The integration and e2e files (tests and their support modules) that call the operation. */
export function testsOf(op: OperationRef): string[] {
  const id = String(op.operation.operationId);
  const byId = new RegExp(`\\b${escape(id)}\\b`);
  const path = op.path
    .split(/\{[^}]+\}/)
    .map(escape)
    .join('(?:\\$\\{[^}]+\\}|[^/\'"`\\s]+)');
  const byPath = new RegExp(`['"\`]${op.method.toUpperCase()}['"\`],\\s*['"\`][^'"\`\\s]*?${path}[?'"\`]`);
  return allSources()
    .filter(({ text }) => byId.test(text) || byPath.test(text))
    .map(({ file }) => file);
}
