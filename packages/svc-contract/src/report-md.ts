// The conformance part of the pull-request report, in Markdown: the operation × check matrix of the
// operations the run exercised, each failure with the curl that reproduces it (after the requests
// of its stateful sequence, if any), the pending and inconclusive operations, and how to repeat the run.
import { clip, code, codeBlock, escapeText, table } from './markdown.js';
import type { ContractResultFile } from './result-file.js';
import type { Cell, OperationStatus } from './runner.js';
import { rateLimitLines, SHORT, skipLine, unprovenSkips } from './report.js';
import { CHECKS } from './types.js';

const CELL: Record<Cell, string> = { pass: '✅', fail: '❌', pending: '⏳', skip: '·', skipped: '⏭️' };
const STATUS: Record<OperationStatus, string> = {
  conforming: '✅ conforming',
  failing: '❌ failing',
  pending: '⏳ pending',
  inconclusive: '❔ inconclusive',
  'not run': 'not run',
};

export interface ContractMarkdownOptions {
  /** Failures shown with their curl; the rest are listed one line each. */
  maxFailures?: number;
  /** Longest curl command shown (a boundary body can be 10,000 characters); JUnit keeps it whole. */
  maxCurl?: number;
  /** Heading level of the section (2: `##`). */
  level?: number;
}

/** One line for the summary table of the combined report. */
export function conformanceVerdict(file: ContractResultFile): { ok: boolean; text: string } {
  const ran = file.result.operations.filter((o) => o.status !== 'not run');
  const count = (status: OperationStatus) => ran.filter((o) => o.status === status).length;
  const parts = [`${count('conforming')} of ${ran.length} operations conform`];
  if (count('failing') > 0) parts.push(`${count('failing')} failing (${file.result.failures.length} failures)`);
  if (count('pending') > 0) parts.push(`${count('pending')} pending`);
  if (count('inconclusive') > 0) parts.push(`${count('inconclusive')} inconclusive`);
  const unreached = file.result.unreached ?? [];
  if (unreached.length > 0) parts.push(`${unreached.length} never reached a success`);
  const unproven = unprovenSkips(file.result).length;
  if (unproven > 0) parts.push(`${unproven} skipped`);
  const ok = file.result.failures.length === 0 && unreached.length === 0;
  return { ok, text: `${ok ? '✅' : '❌'} ${parts.join(', ')}` };
}

export function contractMarkdown(file: ContractResultFile, options: ContractMarkdownOptions = {}): string[] {
  const { result } = file;
  const maxFailures = options.maxFailures ?? 30;
  const maxCurl = options.maxCurl ?? 2_000;
  const h = '#'.repeat(options.level ?? 2);
  const ran = result.operations.filter((o) => o.status !== 'not run');
  const lines: string[] = [`${h} Conformance: ${conformanceVerdict(file).text}`, ''];
  lines.push(
    `Run against ${code(file.baseUrl)} with ${code(file.spec)}${file.documentVersion ? ` (${escapeText(file.documentVersion)})` : ''}, ` +
      `seed ${result.seed}: ${result.requests} requests in ${(result.durationMs / 1000).toFixed(1)} s.` +
      (ran.length < result.operations.length ? ` ${result.operations.length - ran.length} operation(s) of the document not selected.` : ''),
    '',
  );

  lines.push(
    ...table(
      ['operation', ...CHECKS.map((check) => SHORT[check]), 'result'],
      ran.map((o) => [code(o.id, true), ...CHECKS.map((check) => CELL[o.cells[check]]), STATUS[o.status]]),
      ['left', ...CHECKS.map(() => 'center' as const), 'left'],
    ),
    '',
    `✅ pass · ❌ fail · ⏳ answered 501 \`not_implemented\` · ⏭️ could not run (see Skipped) · \`·\` not applicable. ` +
      CHECKS.map((check) => `${SHORT[check]} = \`${check}\``).join(', '),
    '',
  );

  lines.push(`${h}# Failures${result.failures.length > 0 ? ` (${result.failures.length})` : ': none'}`, '');
  for (const [i, failure] of result.failures.slice(0, maxFailures).entries()) {
    lines.push(
      `**${i + 1}. ${code(failure.operationId)} · ${code(failure.check)}** (${failure.phase}, status ${failure.status}): ${escapeText(failure.message)}`,
      '',
    );
    const commands =
      failure.steps.length > 0 ? ['# after these requests:', ...failure.steps, '# this one reproduces it:', failure.curl] : [failure.curl];
    lines.push(
      ...codeBlock(commands.map((command) => clip(command, maxCurl, 'the whole command is in the JUnit report')).join('\n'), 'sh'),
      '',
    );
  }
  const rest = result.failures.slice(maxFailures);
  if (rest.length > 0) {
    lines.push(`${rest.length} more (their curl commands are in the JUnit report):`, '');
    for (const failure of rest)
      lines.push(`- ${code(failure.operationId)} · ${code(failure.check)} (${failure.phase}): ${escapeText(failure.message)}`);
    lines.push('');
  }

  lines.push(
    `${h}# Pending${result.pending.length > 0 ? ` (${result.pending.length})` : ': none'}`,
    '',
    result.pending.length > 0
      ? `These answer 501 \`not_implemented\`: the feature has not landed. They are never counted as conforming. ${result.pending.map((id) => code(id)).join(', ')}`
      : 'Every operation exercised has landed.',
    '',
  );
  const unreached = result.unreached ?? [];
  if (unreached.length > 0) {
    lines.push(`${h}# Never reached a success (${unreached.length})`, '');
    for (const entry of unreached) lines.push(`- ${code(entry.id)}: last answer ${escapeText(entry.lastAnswer)}`);
    lines.push('');
  }
  const skipped = result.skipped ?? [];
  lines.push(`${h}# Skipped${skipped.length > 0 ? ` (${skipped.length})` : ': none'}`, '');
  if (skipped.length > 0) {
    lines.push('Checks that could not run; `--strict` (the default under `CI=true`) fails on any but a partly run one.', '');
    for (const skip of skipped) lines.push(`- ${escapeText(skipLine(skip))}`);
    lines.push('');
  }
  const figures = rateLimitLines(result);
  if (figures.length > 0) lines.push(...figures.map((line) => `${line.charAt(0).toUpperCase()}${line.slice(1)}.`), '');
  const inconclusive = ran.filter((o) => o.status === 'inconclusive').map((o) => code(o.id));
  if (inconclusive.length > 0) lines.push(`Inconclusive (no success answer, or none but 429): ${inconclusive.join(', ')}`, '');
  lines.push(`Repeat this run with \`--seed ${result.seed}\`.`);
  return lines;
}
