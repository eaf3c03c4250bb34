// The replay's printout: what was sent where, what was left out and why, and every failure with
// the violations Prism reported, so a failure can be traced back to its test file.
import type { ReplayReport } from './replay.js';

export function formatReplayReport(report: ReplayReport): string {
  const lines = [
    `Prism validation proxy replay (${report.mode === 'errors' ? 'prism proxy --errors' : 'prism proxy, every request forwarded'}; ${report.answers === 'recording' ? 'answers from the recording' : 'answers from a server replaying the traffic'}), ${(report.durationMs / 1000).toFixed(1)} s`,
    `  streams (test servers) replayed:        ${report.streams}`,
    `  public requests sent through Prism:     ${report.sentThroughPrism}`,
    `    answered by ${report.answers === 'recording' ? 'the recording:         ' : 'the server:            '}   ${report.answeredByServer} (status differs from the recording: ${report.diverged})`,
    `    answered by Prism itself:             ${report.answeredByPrism} (refused, or could not forward)`,
    `    pending operations (501):             ${report.pending} (not checked)`,
    `    invalid on purpose, refused with 4xx: ${report.refusedInvalid} (request violations expected: not failures)`,
    `  repeats of a shape already checked:     ${report.repeatsSentDirect} (${report.answers === 'recording' ? 'not sent' : 'sent straight to the server'}; --every-request sends them through Prism)`,
    `  not sent, after a stream's last new shape: ${report.trimmedRequests} requests and ${report.trimmedDays} days of clock travel; ${report.streamsWithNothingNew} streams with no new shape (nothing there is judged; --every-request sends them)`,
    `  operator API requests sent directly:    ${report.operatorRequests}`,
    `  clock moves:                            ${report.clockMoves}`,
  ];
  for (const [reason, count] of Object.entries(report.skipped).sort()) lines.push(`  not replayed, ${reason}: ${count}`);
  for (const crash of report.prismCrashes) {
    lines.push(
      `  not checked, Prism proxy crashed on ${crash.method} ${crash.path} from ${crash.source ?? 'unknown test file'} (#${crash.seq}); restarted`,
    );
  }
  lines.push('Counted as failures: every response violation, and request violations on requests the server accepted (2xx).');
  for (const failure of report.failures) {
    if (failure.verdict.kind !== 'failure') continue;
    const what = {
      'response-violation': 'response violates the document',
      'accepted-invalid-request': 'server accepted a request the document calls invalid',
      'no-answer': 'no answer',
    }[failure.verdict.reason];
    lines.push(`FAIL ${failure.method} ${failure.path} -> ${failure.status} (recorded ${failure.recordedStatus}): ${what}`);
    lines.push(`     from ${failure.source ?? 'unknown test file'} (stream ${failure.stream}, #${failure.seq})`);
    for (const v of failure.verdict.violations) lines.push(`     [${v.severity}] ${v.location.join('.')}: ${v.message}`);
  }
  lines.push(
    `${report.failures.length === 0 ? 'PASS' : 'FAIL'}: ${report.failures.length} failure(s) in ${report.sentThroughPrism} requests sent through Prism.`,
  );
  return lines.join('\n');
}
