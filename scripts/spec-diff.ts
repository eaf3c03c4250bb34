// Breaking-change gate (issue 5, D-44): `npm run spec:diff -- --base <git ref>` compares
// spec/openapi.json in the working tree with the same file at the ref, lists every change as
// breaking or compatible with its JSON pointer, and exits 1 on a breaking change unless
// info.version's major number went up. A ref without the file passes (nothing to break yet).
// Exit 2: usage error or a ref git cannot resolve.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { compareDocuments } from './spec-diff/classify.js';
import { decide } from './spec-diff/gate.js';
import { readDocumentAtRef, UnknownRefError } from './spec-diff/git-base.js';
import { formatReport } from './spec-diff/report.js';
import type { OpenApiDocument } from './spec-diff/types.js';

const SPEC = 'spec/openapi.json';

function main(): number {
  const { values } = parseArgs({
    options: { base: { type: 'string' }, json: { type: 'boolean', default: false } },
    allowPositionals: false,
  });
  if (!values.base) {
    process.stderr.write('usage: npm run spec:diff -- --base <git ref> [--json]\n');
    return 2;
  }
  const root = resolve(import.meta.dirname, '..');
  const head = JSON.parse(readFileSync(resolve(root, SPEC), 'utf8')) as OpenApiDocument;
  let base;
  try {
    base = readDocumentAtRef(values.base, SPEC, root);
  } catch (error) {
    if (error instanceof UnknownRefError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  const short = base.commit.slice(0, 12);
  if (base.kind === 'missing') {
    process.stdout.write(`spec:diff: ${SPEC} does not exist at ${values.base} (${short}): nothing to compare, PASS.\n`);
    return 0;
  }
  const changes = compareDocuments(base.document, head);
  const verdict = decide(changes, base.document.info?.version, head.info?.version);
  if (values.json) process.stdout.write(`${JSON.stringify({ base: base.commit, verdict, changes }, null, 2)}\n`);
  else
    process.stdout.write(
      `${formatReport(changes, verdict, `spec:diff: ${SPEC} at ${values.base} (${short}, ${base.document.info?.version}) -> working tree (${head.info?.version})`)}\n`,
    );
  return verdict.pass ? 0 : 1;
}

process.exitCode = main();
