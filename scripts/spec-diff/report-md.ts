// The contract-change part of the pull-request report, in Markdown: the gate's verdict, every change
// with its JSON pointer and what a client feels, the semver verdict and the CHANGELOG.md entry the
// release needs.
import { cell, code, codeBlock, escapeText, table } from '@registry-svc/contract/markdown';
import type { DiffReport } from './diff-report.js';

const MAX_ROWS = 100;

/** One line for the summary table of the combined report. */
export function gateVerdict(report: DiffReport): { ok: boolean; text: string } {
  const { verdict } = report;
  if (report.base.missing) return { ok: true, text: `✅ ${escapeText(verdict.reason)}` };
  const counts = report.changes.length === 0 ? 'no contract change' : `${verdict.breaking} breaking, ${verdict.compatible} compatible`;
  return { ok: verdict.pass, text: `${verdict.pass ? '✅' : '❌'} ${counts} against ${code(report.base.ref)}` };
}

export function semverLine(report: DiffReport): { ok: boolean; text: string } {
  return {
    ok: report.semver.ok,
    text: `${report.semver.ok ? '✅' : report.semver.bump === 'major' ? '❌' : '⚠️'} ${escapeText(report.semver.message)}`,
  };
}

export function diffMarkdown(report: DiffReport, level = 2): string[] {
  const h = '#'.repeat(level);
  const base = report.base;
  const lines = [`${h} Contract changes: ${gateVerdict(report).text}`, ''];
  lines.push(
    `${code(report.file)} at ${code(base.ref)} (${code(base.commit.slice(0, 12))}${base.version ? `, ${escapeText(base.version)}` : ''}) → this change` +
      `${report.head.version ? ` (${escapeText(report.head.version)})` : ''}.`,
    '',
  );
  if (base.missing) return [...lines, `The file does not exist at the base: nothing to break yet.`];

  const ordered = [...report.changes].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'breaking' ? -1 : 1));
  if (ordered.length > 0) {
    lines.push(
      ...table(
        ['', 'Change', 'Where (JSON pointer)', 'What a client feels'],
        ordered
          .slice(0, MAX_ROWS)
          .map((change) => [
            change.severity === 'breaking' ? '🔴 breaking' : '🟢 compatible',
            cell(change.message),
            code(change.pointer, true),
            cell(change.impact),
          ]),
      ),
      '',
    );
    if (ordered.length > MAX_ROWS)
      lines.push(`… ${ordered.length - MAX_ROWS} more: \`npm run spec:diff -- --base ${base.ref}\` lists them all.`, '');
  }
  lines.push(`${report.verdict.pass ? 'Gate passes' : 'Gate fails'}: ${escapeText(report.verdict.reason)}.`, '');

  lines.push(`${h}# Semver: ${semverLine(report).text}`, '');
  const bump = report.semver.bump;
  lines.push(
    bump === 'none'
      ? 'Nothing on the wire or in the documentation changed: no release needed.'
      : `Required: a **${bump}** release${report.semver.expectedVersion ? ` (at least ${escapeText(report.semver.expectedVersion)})` : ''}. ` +
          'Breaking: major; other changes on the wire: minor; documentation only: patch (D-44).',
    '',
  );
  const changelog = report.changelog;
  if (changelog.version && changelog.hasEntry) lines.push(`${code(changelog.file)} has an entry for ${escapeText(changelog.version)}. ✅`);
  else if (changelog.version && changelog.suggested)
    lines.push(
      `${code(changelog.file)} has no entry for ${escapeText(changelog.version)} yet; the one this change expects:`,
      '',
      ...codeBlock(changelog.suggested, 'md'),
    );
  return lines;
}
