// The pull-request report: one Markdown document from the breaking-change gate's JSON and the
// contract runner's JSON, with a summary table on top. It starts with a marker comment so the
// workflow can find the comment it posted before and update it instead of adding another.
import { contractMarkdown, conformanceVerdict, type ContractResultFile } from '@registry-svc/contract';
import { table } from '@registry-svc/contract/markdown';
import type { DiffReport } from '../spec-diff/diff-report.js';
import { diffMarkdown, gateVerdict, semverLine } from '../spec-diff/report-md.js';
import { REPORT_MARKER } from './pr-comment.mjs';
/** GitHub refuses a comment over 65,536 characters; the job summary takes 1 MiB. */
export const COMMENT_LIMIT = 65_000;

export interface ReportInputs {
  /** Undefined: the gate did not produce its file (the step failed before writing it). */
  diff?: DiffReport;
  contract?: ContractResultFile;
  /** A line under the title: which commit, which run. */
  subtitle?: string;
}

function compose(inputs: ReportInputs, maxFailures: number): string {
  const { diff, contract } = inputs;
  const missing = '⚠️ not produced: the step failed before writing its result (see the job log)';
  const rows = [
    ['Breaking-change gate', diff ? gateVerdict(diff).text : missing],
    ['`info.version` (semver)', diff ? (diff.base.missing ? '✅ nothing to compare' : semverLine(diff).text) : missing],
    ['Conformance', contract ? conformanceVerdict(contract).text : missing],
  ];
  const lines = [REPORT_MARKER, '# Contract checks', ''];
  if (inputs.subtitle) lines.push(inputs.subtitle, '');
  lines.push(...table(['Check', 'Result'], rows), '');
  if (diff) lines.push(...diffMarkdown(diff), '');
  if (contract) lines.push(...contractMarkdown(contract, { maxFailures }), '');
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The report, with fewer failures shown in full until it fits in a pull-request comment. */
export function composeReport(inputs: ReportInputs, limit = COMMENT_LIMIT): string {
  let maxFailures = 30;
  let text = compose(inputs, maxFailures);
  while (text.length > limit && maxFailures > 0) {
    maxFailures = Math.floor(maxFailures / 2);
    text = compose(inputs, maxFailures);
  }
  if (text.length <= limit) return text;
  const note = '\n\n… cut to fit a pull-request comment: the job summary and the JUnit artifact have everything.\n';
  return text.slice(0, limit - note.length) + note;
}
