// Command-line options of `npm run contract`.
import { parseArgs } from 'node:util';
import type { Phase } from './types.js';

const PHASES: Phase[] = ['examples', 'coverage', 'fuzzing', 'stateful', 'security'];

export interface ContractArgs {
  baseUrl?: string;
  key?: string;
  adminToken?: string;
  seed: number;
  maxExamples: number;
  maxCoverage: number;
  maxBoundaryLength: number;
  operations: string[];
  phases: Phase[];
  junit?: string;
  spec?: string;
  allowRemote: boolean;
  inProcess: boolean;
  maxWaitSeconds: number;
  help: boolean;
}

export const USAGE = `Usage: npm run contract -- --base-url URL (--key KEY | --admin-token TOKEN) [options]
       npm run contract -- --in-process [options]      (starts the app in this process, manual clock)

  --base-url URL          API base including the prefix, e.g. http://127.0.0.1:4000/api/test/v2
  --key KEY               secret key to call with
  --admin-token TOKEN     operator token: the run creates its own test account (POST /admin/accounts)
  --seed N                fast-check seed (default: random, printed so a run can be repeated)
  --max-examples N        fuzzing runs per operation (default 25)
  --max-coverage N        coverage requests per operation (default 120)
  --max-boundary-length N longest string or array a boundary builds (default 10000)
  --operation ID          only this operationId (repeat, or comma-separate)
  --phase NAME            only this phase: examples, coverage, fuzzing, stateful, security (repeat, or comma-separate)
  --junit FILE            write JUnit XML there
  --spec FILE|URL         the document (default spec/openapi.json)
  --max-wait SECONDS      time the run may spend waiting out 429s on a real clock (default 120)
  --allow-remote          allow a base URL that is not a loopback address`;

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) throw new Error(`--${name} must be an integer, got ${value}`);
  return parsed;
}

function list(values: string[] | undefined): string[] {
  return (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

export function parseContractArgs(argv: string[]): ContractArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      'base-url': { type: 'string' },
      key: { type: 'string' },
      'admin-token': { type: 'string' },
      seed: { type: 'string' },
      'max-examples': { type: 'string' },
      'max-coverage': { type: 'string' },
      'max-boundary-length': { type: 'string' },
      operation: { type: 'string', multiple: true },
      phase: { type: 'string', multiple: true },
      junit: { type: 'string' },
      spec: { type: 'string' },
      'allow-remote': { type: 'boolean', default: false },
      'in-process': { type: 'boolean', default: false },
      'max-wait': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  return {
    ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}),
    ...(values.key ? { key: values.key } : {}),
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
    ...(values.spec ? { spec: values.spec } : {}),
    allowRemote: values['allow-remote'] ?? false,
    inProcess: values['in-process'] ?? false,
    maxWaitSeconds: integer(values['max-wait'], 120, 'max-wait'),
    help: values.help ?? false,
  };
}
