// Prints the operations without a handler (they answer 501 `not_implemented`), computed from the two
// documents and the handler maps exactly as the server does at start; `--write` puts the list into the
// README between its pending markers (a test keeps the README equal to this computation).
import { readFileSync, writeFileSync } from 'node:fs';
import { pendingOperations } from '../server/http/handler.js';
import { OPERATOR_HANDLERS } from '../server/routes/admin.js';
import { PUBLIC_HANDLERS } from '../server/routes/index.js';

const START = '<!-- pending:start -->';
const END = '<!-- pending:end -->';

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), 'utf8')) as Record<string, unknown>;
}

export function pendingSection(): string {
  const pub = pendingOperations(readJson('spec/openapi.json'), PUBLIC_HANDLERS);
  const operator = pendingOperations(readJson('spec/admin.openapi.json'), OPERATOR_HANDLERS);
  const list = (ids: string[]): string => (ids.length === 0 ? 'none' : ids.map((id) => `\`${id}\``).join(', '));
  return `${START}\n- Public API (${pub.length}): ${list(pub)}.\n- Operator API (${operator.length}): ${list(operator)}.\n${END}`;
}

export function readmeWithPending(readme: string): string {
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md has no ${START} … ${END} section`);
  return `${readme.slice(0, from)}${pendingSection()}${readme.slice(to + END.length)}`;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/.*\//, ''))) {
  if (process.argv.includes('--write')) {
    const path = new URL('../README.md', import.meta.url);
    writeFileSync(path, readmeWithPending(readFileSync(path, 'utf8')));
  }
  process.stdout.write(`${pendingSection()}\n`);
}
