// JUnit XML for CI: one test suite per operation, one test case per check. Pending and unexercised
// checks are <skipped> (visible, never counted as passing); failures carry their curl reproduction.
import type { RunResult } from './runner.js';
import { CHECKS } from './types.js';

// XML 1.0 cannot carry these control characters at all, escaped or not.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

function escapeXml(text: string): string {
  return text
    .replace(FORBIDDEN_IN_XML, '')
    .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export function toJunit(result: RunResult): string {
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  let skipped = 0;
  for (const operation of result.operations) {
    if (operation.status === 'not run') continue;
    const cases: string[] = [];
    let suiteFailures = 0;
    let suiteSkipped = 0;
    for (const check of CHECKS) {
      const cell = operation.cells[check];
      const name = `classname="contract.${escapeXml(operation.id)}" name="${check}"`;
      if (cell === 'fail') {
        suiteFailures += 1;
        const details = result.failures
          .filter((f) => f.operationId === operation.id && f.check === check)
          .map((f) => `${f.message}\n${[...f.steps, f.curl].join('\n')}`)
          .join('\n\n');
        const first = result.failures.find((f) => f.operationId === operation.id && f.check === check);
        cases.push(
          `    <testcase ${name}><failure message="${escapeXml(first?.message ?? check)}">${escapeXml(details)}</failure></testcase>`,
        );
      } else if (cell === 'pending') {
        suiteSkipped += 1;
        cases.push(`    <testcase ${name}><skipped message="pending: the operation answers 501 not_implemented"/></testcase>`);
      } else if (cell === 'skipped') {
        suiteSkipped += 1;
        const reasons = (result.skipped ?? [])
          .filter((s) => s.check === check && (s.operationId === operation.id || s.operationId === undefined) && !s.partial)
          .map((s) => s.reason);
        cases.push(`    <testcase ${name}><skipped message="${escapeXml(reasons.join('; ') || 'could not run')}"/></testcase>`);
      } else if (cell === 'skip') {
        suiteSkipped += 1;
        cases.push(`    <testcase ${name}><skipped message="not applicable or not exercised"/></testcase>`);
      } else {
        cases.push(`    <testcase ${name}/>`);
      }
    }
    tests += CHECKS.length;
    failures += suiteFailures;
    skipped += suiteSkipped;
    suites.push(
      `  <testsuite name="${escapeXml(operation.id)}" tests="${CHECKS.length}" failures="${suiteFailures}" skipped="${suiteSkipped}">\n${cases.join('\n')}\n  </testsuite>`,
    );
  }
  // Run-level results: each operation that never reached a success fails, each run-wide skip is skipped.
  const run: string[] = [];
  for (const entry of result.unreached ?? []) {
    run.push(
      `    <testcase classname="contract.run" name="reached ${escapeXml(entry.id)}"><failure message="${escapeXml(`never answered a success; last answer ${entry.lastAnswer}`)}"/></testcase>`,
    );
  }
  for (const skip of (result.skipped ?? []).filter((s) => s.operationId === undefined)) {
    run.push(`    <testcase classname="contract.run" name="${skip.check}"><skipped message="${escapeXml(skip.reason)}"/></testcase>`);
  }
  if (run.length > 0) {
    const runFailures = (result.unreached ?? []).length;
    tests += run.length;
    failures += runFailures;
    skipped += run.length - runFailures;
    suites.push(
      `  <testsuite name="run" tests="${run.length}" failures="${runFailures}" skipped="${run.length - runFailures}">\n${run.join('\n')}\n  </testsuite>`,
    );
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract (seed ${result.seed}, conforming ${result.conforming}/${result.total})" tests="${tests}" failures="${failures}" skipped="${skipped}" time="${(result.durationMs / 1000).toFixed(3)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
