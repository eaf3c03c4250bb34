// The human report: a table of operations x checks, each failure with its curl reproduction, the
// pending list, and last the conforming figure (CI logs are read from the bottom).
import type { RunResult } from './runner.js';
import { CHECKS, type CheckName, type Skip } from './types.js';

/** Column names of the operation × check table (text and Markdown). */
export const SHORT: Record<CheckName, string> = {
  not_a_server_error: '5xx',
  status_code_conformance: 'status',
  content_type_conformance: 'ctype',
  response_headers_conformance: 'hdrs',
  response_schema_conformance: 'schema',
  negative_data_rejection: 'neg',
  positive_data_acceptance: 'pos',
  missing_required_header: 'nohdr',
  ignored_auth: 'auth',
  unsupported_method: '405',
  use_after_free: 'uaf',
  ensure_resource_availability: 'avail',
  max_response_time: 'time',
  success_status_rule: '2xx',
  pagination_consistency: 'pages',
  date_zone: 'zone',
  refinement_rejection: 'rules',
  account_isolation: 'acct',
  idempotent_replay: 'idem',
  webhook_conformance: 'hook',
  v1_deprecation: 'v1',
  rate_limit_remaining: 'rl',
  cursor_consistency: 'since',
  term_dates: 'term',
  zoned_day_boundary: 'day',
  retry_schedule: 'retry',
  ledger_charges: 'ledger',
};

const CELL = { pass: 'ok', fail: 'FAIL', pending: 'pend', skip: '-', skipped: 'SKIP' } as const;

export function conformingLine(result: RunResult): string {
  return `operations conforming ${result.conforming} / ${result.total}`;
}

/** `check on operation: reason`, or `check: reason` for the whole run. */
export function skipLine(skip: Skip): string {
  return `${skip.check}${skip.operationId ? ` on ${skip.operationId}` : ''}${skip.partial ? ' (partly)' : ''}: ${skip.reason}`;
}

/** Skips that leave a check unproven (D-74: a budget that only sampled a check is listed, never counted). */
export function unprovenSkips(result: RunResult): Skip[] {
  return (result.skipped ?? []).filter((skip) => !skip.partial);
}

/** The operations that never reached a success and the skipped checks, for the text report. */
export function honestyLines(result: RunResult): string[] {
  const lines: string[] = [];
  const unreached = result.unreached ?? [];
  if (unreached.length > 0) {
    lines.push('', `Never reached a success (${unreached.length}), with the last answer each got:`);
    for (const entry of unreached) lines.push(`  ${entry.id}: ${entry.lastAnswer}`);
  }
  const skipped = result.skipped ?? [];
  lines.push('', skipped.length === 0 ? 'Skipped: none' : `Skipped (${skipped.length}, ${unprovenSkips(result).length} unproven):`);
  for (const skip of skipped) lines.push(`  ${skipLine(skip)}`);
  return lines;
}

/** Success reached and the 429 account (absent from result files of older runners). */
export function rateLimitLines(result: RunResult): string[] {
  const lines: string[] = [];
  if (result.reached !== undefined) lines.push(`operations reached with a success answer ${result.reached} / ${result.total}`);
  const r = result.rateLimits;
  if (r)
    lines.push(
      `rate limits: ${r.planned + r.unplanned} answered 429 (${r.planned} planned, ${r.unplanned} unplanned); paced ${r.paced} time(s), ` +
        `waited ${(r.waitedMs / 1000).toFixed(1)} s, sandbox clock moved ${r.clockAdvancedSeconds} s`,
    );
  return lines;
}

export function formatReport(result: RunResult): string[] {
  const lines: string[] = [];
  const idWidth = Math.max(9, ...result.operations.map((o) => o.id.length));
  const widths = CHECKS.map((check) => Math.max(SHORT[check].length, 4));
  lines.push('', 'Summary (ok pass, FAIL fail, pend answered 501 not_implemented, SKIP could not run (see Skipped), - not applicable)');
  lines.push(CHECKS.map((check) => `${SHORT[check]}=${check}`).join('  '));
  lines.push(`${'operation'.padEnd(idWidth)}  ${CHECKS.map((check, i) => SHORT[check].padEnd(widths[i]!)).join(' ')}  result`);
  for (const operation of result.operations) {
    const cells = CHECKS.map((check, i) => CELL[operation.cells[check]].padEnd(widths[i]!)).join(' ');
    lines.push(`${operation.id.padEnd(idWidth)}  ${cells}  ${operation.status}`);
  }

  lines.push('', result.failures.length === 0 ? 'Failures: none' : `Failures (${result.failures.length}):`);
  for (const [i, failure] of result.failures.entries()) {
    lines.push('', `${i + 1}. ${failure.operationId} · ${failure.check} (${failure.phase}): ${failure.message}`);
    if (failure.steps.length > 0) {
      lines.push('   after these requests:');
      for (const step of failure.steps) lines.push(`   ${step}`);
      lines.push('   this one reproduces it:');
    } else {
      lines.push('   reproduce with:');
    }
    lines.push(`   ${failure.curl}`);
  }

  lines.push(
    '',
    result.pending.length === 0
      ? 'Pending (answer 501 not_implemented): none'
      : `Pending (answer 501 not_implemented, ${result.pending.length}): ${result.pending.join(', ')}`,
  );
  const notRun = result.operations.filter((o) => o.status === 'not run').length;
  const inconclusive = result.operations.filter((o) => o.status === 'inconclusive').map((o) => o.id);
  if (inconclusive.length > 0) lines.push(`Inconclusive (no success answer, or none but 429): ${inconclusive.join(', ')}`);
  lines.push(...honestyLines(result), '');
  lines.push(...rateLimitLines(result));
  lines.push(
    `${result.requests} requests in ${(result.durationMs / 1000).toFixed(1)} s, seed ${result.seed}${notRun > 0 ? `, ${notRun} operation(s) not selected` : ''}`,
    conformingLine(result),
  );
  return lines;
}
