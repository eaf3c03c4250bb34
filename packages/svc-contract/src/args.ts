// Command-line options of `npm run contract` and of the installed `svc-contract` (the same runner).
import { parseArgs } from 'node:util';
import type { Phase } from './types.js';

const PHASES: Phase[] = ['examples', 'coverage', 'fuzzing', 'stateful', 'security', 'semantic', 'partner'];
const REPORTS = ['text', 'md'] as const;
export type ReportFormat = (typeof REPORTS)[number];

export interface ContractArgs {
  baseUrl?: string;
  key?: string;
  otherKey?: string;
  adminToken?: string;
  seed: number;
  maxExamples: number;
  maxCoverage: number;
  maxBoundaryLength: number;
  operations: string[];
  phases: Phase[];
  junit?: string;
  /** Format of the report printed last on standard output. */
  report: ReportFormat;
  /** Also write the Markdown report there. */
  mdOut?: string;
  /** Also write the run's result as JSON there (what `npm run report` reads). */
  jsonOut?: string;
  spec?: string;
  allowRemote: boolean;
  /** The base URL is a mock serving the operations without the document's server prefix (Prism). */
  mock: boolean;
  inProcess: boolean;
  maxWaitSeconds: number;
  /** Check max_response_time with this limit (off when absent). */
  maxResponseTimeMs?: number;
  /** Fail on any skipped check (default: under CI=true). */
  strict: boolean;
  help: boolean;
}

/** `program` is how the runner was started: `npm run contract --` in this repository, `svc-contract` installed. */
export function usage(program: string, inProcess: boolean): string {
  return `Usage: ${program} --base-url URL (--key KEY | --admin-token TOKEN) [options]
${inProcess ? `       ${program} --in-process [options]      (starts the app in this process, manual clock)\n` : ''}
  --base-url URL          API base including the prefix, e.g. http://127.0.0.1:4000/api/test/v2
                          (a mock: its root, e.g. http://127.0.0.1:4010, with --mock)
  --key KEY               secret key to call with
  --admin-token TOKEN     operator token: the run creates its own test accounts (POST /admin/accounts),
                          A for every check and B for the cross-account ones
  --other-key KEY         without --admin-token: a secret key of another account (B) on the same
                          environment, for the cross-account checks
  --spec FILE|URL         the document (default: the spec/openapi.json ${inProcess ? 'of this repository' : 'shipped with the runner'};
                          a running server serves its own at /openapi.json)
  --mock                  the base URL is a mock (Prism, npm run mock) serving the operations without
                          the document's server prefix: the prefix check is skipped
  --seed N                fast-check seed (default: random, printed so a run can be repeated)
  --max-examples N        fuzzing runs per operation (default 25)
  --max-coverage N        coverage requests per operation (default 120)
  --max-boundary-length N longest string or array a boundary builds (default 10000)
  --operation ID          only this operationId (repeat, or comma-separate)
  --phase NAME            only this phase: examples, coverage, fuzzing, stateful, security, semantic, partner (repeat, or comma-separate)
  --report text|md        format of the report printed last (default text)
  --md-out FILE           also write the Markdown report there
  --json-out FILE         also write the result as JSON there (npm run report combines it with spec:diff's)
  --junit FILE            write JUnit XML there
  --max-wait SECONDS      time the run may spend waiting for rate-limit windows (RateLimit-Reset,
                          Retry-After) on a real clock (default 60); a manual clock is moved instead.
                          On a real clock the run budgets its requests per rate-limit class (two
                          windows of each class's limit); what the budget holds back is listed as skipped
  --max-response-time MS  check max_response_time: an answer slower than MS milliseconds fails (off by default)
  --strict, --no-strict   fail (exit 1) when any check could not run (listed under Skipped); default:
                          strict when the environment has CI=true
  --allow-remote          allow a base URL that is not a loopback address`;
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) throw new Error(`--${name} must be an integer, got ${value}`);
  return parsed;
}

function positive(value: number, name: string): number {
  if (value <= 0) throw new Error(`--${name} must be above 0, got ${value}`);
  return value;
}

function list(values: string[] | undefined): string[] {
  return (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

function reportFormat(value: string | undefined): ReportFormat {
  if (value === undefined) return 'text';
  if (!(REPORTS as readonly string[]).includes(value)) throw new Error(`--report must be one of ${REPORTS.join(', ')}, got ${value}`);
  return value as ReportFormat;
}

/** `--strict`/`--no-strict`, whichever comes last; neither: strict under CI=true. */
function strictness(argv: string[], env: NodeJS.ProcessEnv): boolean {
  const last = argv.filter((arg) => arg === '--strict' || arg === '--no-strict').at(-1);
  if (last) return last === '--strict';
  return env.CI === 'true';
}

export function parseContractArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ContractArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      'base-url': { type: 'string' },
      key: { type: 'string' },
      'other-key': { type: 'string' },
      'admin-token': { type: 'string' },
      seed: { type: 'string' },
      'max-examples': { type: 'string' },
      'max-coverage': { type: 'string' },
      'max-boundary-length': { type: 'string' },
      operation: { type: 'string', multiple: true },
      phase: { type: 'string', multiple: true },
      junit: { type: 'string' },
      report: { type: 'string' },
      'md-out': { type: 'string' },
      'json-out': { type: 'string' },
      spec: { type: 'string' },
      mock: { type: 'boolean', default: false },
      'allow-remote': { type: 'boolean', default: false },
      'in-process': { type: 'boolean', default: false },
      'max-wait': { type: 'string' },
      'max-response-time': { type: 'string' },
      strict: { type: 'boolean' },
      'no-strict': { type: 'boolean' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  return {
    ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}),
    ...(values.key ? { key: values.key } : {}),
    ...(values['other-key'] ? { otherKey: values['other-key'] } : {}),
    ...(values['admin-token'] ? { adminToken: values['admin-token'] } : {}),
    seed: integer(values.seed, Math.floor(Math.random() * 2 ** 31), 'seed'),
    maxExamples: integer(values['max-examples'], 25, 'max-examples'),
    maxCoverage: integer(values['max-coverage'], 120, 'max-coverage'),
    maxBoundaryLength: integer(values['max-boundary-length'], 10_000, 'max-boundary-length'),
    operations: list(values.operation),
    phases: list(values.phase).map((name) => {
      if (!PHASES.includes(name as Phase)) throw new Error(`--phase must be one of ${PHASES.join(', ')}, got ${name}`);
      return name as Phase;
    }),
    ...(values.junit ? { junit: values.junit } : {}),
    report: reportFormat(values.report),
    ...(values['md-out'] ? { mdOut: values['md-out'] } : {}),
    ...(values['json-out'] ? { jsonOut: values['json-out'] } : {}),
    ...(values.spec ? { spec: values.spec } : {}),
    mock: values.mock ?? false,
    allowRemote: values['allow-remote'] ?? false,
    inProcess: values['in-process'] ?? false,
    maxWaitSeconds: integer(values['max-wait'], 60, 'max-wait'),
    ...(values['max-response-time'] !== undefined
      ? { maxResponseTimeMs: positive(integer(values['max-response-time'], 0, 'max-response-time'), 'max-response-time') }
      : {}),
    strict: strictness(argv, env),
    help: values.help ?? false,
  };
}
