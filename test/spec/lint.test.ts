// Redocly (recommended rules, invalid examples as errors) finds nothing in either document.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}

function lint(file: string): LintReport {
  let output: string;
  try {
    output = execFileSync('node_modules/.bin/redocly', ['lint', file, '--format', 'json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
  } catch (error) {
    // redocly exits 1 when it finds errors; the report is still on stdout.
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  return JSON.parse(output) as LintReport;
}

describe.each(['spec/openapi.json', 'spec/admin.openapi.json'])('redocly lint %s', (file) => {
  it('has 0 errors and 0 warnings', () => {
    const report = lint(file);
    const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});
