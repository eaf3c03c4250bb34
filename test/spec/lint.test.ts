// Three independent checks of both documents, each finding nothing: Redocly (recommended rules,
// invalid examples as errors), @readme/openapi-parser (the OpenAPI 3.1 schema and every rule it has
// at `error`) and Spectral (every rule of `spectral:oas`, .spectral.yaml). Each tool reads the
// specification its own way, so one's blind spot is another's error.
import { execFileSync } from 'node:child_process';
import { compileErrors, validate, type ParserOptions } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';

const DOCUMENTS = ['spec/openapi.json', 'spec/admin.openapi.json'] as const;

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}

/** The command's JSON report; these tools exit 1 when they find something, report still on stdout. */
function run(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? '');
  }
}

describe.each(DOCUMENTS)('redocly lint %s', (file) => {
  it('has 0 errors and 0 warnings', () => {
    const report = JSON.parse(run('node_modules/.bin/redocly', ['lint', file, '--format', 'json'])) as LintReport;
    const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});

type OpenApiRules = NonNullable<NonNullable<NonNullable<ParserOptions['validate']>['rules']>['openapi']>;

/** Every rule the parser knows for OpenAPI, at `error` (its default, stated so none is left lower). */
const ALL_RULES_AT_ERROR: Required<OpenApiRules> = {
  'array-without-items': 'error',
  'duplicate-non-request-body-parameters': 'error',
  'duplicate-operation-id': 'error',
  'invalid-security-scheme-properties': 'error',
  'non-optional-path-parameters': 'error',
  'path-parameters-not-in-parameters': 'error',
  'path-parameters-not-in-path': 'error',
};

describe.each(DOCUMENTS)('@readme/openapi-parser %s', (file) => {
  it('is valid with 0 errors and 0 warnings, every rule at error', async () => {
    const result = await validate(file, { validate: { rules: { openapi: ALL_RULES_AT_ERROR } } });
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    expect(result.warnings).toEqual([]);
  });
});

interface SpectralResult {
  code: string;
  message: string;
  source?: string;
  path: (string | number)[];
}

describe('spectral lint (spectral:oas, every rule; .spectral.yaml)', () => {
  it('reports nothing on either document', () => {
    const output = run('node_modules/.bin/spectral', ['lint', ...DOCUMENTS, '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet']);
    const results = JSON.parse(output) as SpectralResult[];
    expect(results.map((r) => `${r.code}: ${r.message} at ${r.source ?? ''}#/${r.path.join('/')}`)).toEqual([]);
  });
});
