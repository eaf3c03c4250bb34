// Breaking-change gate (D-44): `npm run spec:diff -- --base <git ref>` compares
// spec/openapi.json in the working tree with the same file at the ref, lists every change as
// breaking or compatible with its JSON pointer and what a client feels, and exits 1 on a breaking
// change unless info.version's major number went up. It also says which release the changes need
// (semver) and whether CHANGELOG.md has its entry (reported, not gated). A ref without the file
// passes (nothing to break yet). Exit 2: usage error or a ref git cannot resolve.
// Output: --format text (default), md (the pull-request report's section) or json (`--json` too);
// --json-out / --md-out write those as files besides.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildDiffReport, type DiffReport } from './diff-report.js';
import { readDocumentAtRef, UnknownRefError } from './git-base.js';
import { formatReport } from './report.js';
import { diffMarkdown } from './report-md.js';
import type { OpenApiDocument } from './types.js';

const SPEC = 'spec/openapi.json';
const CHANGELOG = 'CHANGELOG.md';
const FORMATS = ['text', 'md', 'json'] as const;
const USAGE = 'usage: npm run spec:diff -- --base <git ref> [--format text|md|json] [--json-out FILE] [--md-out FILE] [--repo DIR]\n';

function render(report: DiffReport, format: (typeof FORMATS)[number]): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'md') return `${diffMarkdown(report).join('\n')}\n`;
  if (report.base.missing)
    return `spec:diff: ${SPEC} does not exist at ${report.base.ref} (${report.base.commit.slice(0, 12)}): nothing to compare, PASS.\n`;
  const heading = `spec:diff: ${SPEC} at ${report.base.ref} (${report.base.commit.slice(0, 12)}, ${report.base.version}) -> working tree (${report.head.version})`;
  const semver = `semver: ${report.semver.ok ? 'ok' : 'NOT OK'}: ${report.semver.message}${
    report.changelog.version && !report.changelog.hasEntry ? `; ${CHANGELOG} has no entry for ${report.changelog.version} yet` : ''
  }.`;
  return `${formatReport(report.changes, report.verdict, heading)}\n${semver}\n`;
}

function main(): number {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        base: { type: 'string' },
        format: { type: 'string', default: 'text' },
        json: { type: 'boolean', default: false },
        'json-out': { type: 'string' },
        'md-out': { type: 'string' },
        repo: { type: 'string' },
      },
      allowPositionals: false,
    }));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const format = values.json ? 'json' : values.format;
  if (!values.base || !(FORMATS as readonly string[]).includes(format)) {
    process.stderr.write(USAGE);
    return 2;
  }
  const root = values.repo ? resolve(values.repo) : resolve(import.meta.dirname, '../..');
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
  const changelogPath = resolve(root, CHANGELOG);
  const report = buildDiffReport({
    file: SPEC,
    ref: values.base,
    commit: base.commit,
    ...(base.kind === 'found' ? { base: base.document } : {}),
    head,
    changelogFile: CHANGELOG,
    changelog: existsSync(changelogPath) ? readFileSync(changelogPath, 'utf8') : '',
  });
  if (values['json-out']) writeFileSync(values['json-out'], render(report, 'json'));
  if (values['md-out']) writeFileSync(values['md-out'], render(report, 'md'));
  process.stdout.write(render(report, format as (typeof FORMATS)[number]));
  return report.verdict.pass ? 0 : 1;
}

process.exitCode = main();
