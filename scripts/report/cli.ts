// npm run report -- [--spec-diff FILE] [--contract FILE] [--output FILE] [--subtitle TEXT]: the
// pull-request report in Markdown from the JSON that `npm run spec:diff -- --json-out` and
// `npm run contract -- --json-out` wrote. A file that is absent (its step failed first) is reported
// as not produced, so the report still appears. Exit 2 on a usage error or an unreadable file.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isContractResultFile } from '@registry-svc/contract';
import { isDiffReport } from '../spec-diff/diff-report.js';
import { composeReport, type ReportInputs } from './compose.js';

function read<T>(file: string | undefined, accept: (value: unknown) => value is T, what: string): T | undefined {
  if (!file || !existsSync(file)) return undefined;
  const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!accept(value)) throw new Error(`${file} is not ${what}`);
  return value;
}

function main(): number {
  const { values } = parseArgs({
    options: {
      'spec-diff': { type: 'string' },
      contract: { type: 'string' },
      output: { type: 'string' },
      subtitle: { type: 'string' },
    },
    allowPositionals: false,
  });
  const diff = read(values['spec-diff'], isDiffReport, 'a spec:diff report (--json-out)');
  const contract = read(values.contract, isContractResultFile, 'a contract result (--json-out)');
  const inputs: ReportInputs = {
    ...(diff ? { diff } : {}),
    ...(contract ? { contract } : {}),
    ...(values.subtitle ? { subtitle: values.subtitle } : {}),
  };
  const report = composeReport(inputs);
  if (values.output) writeFileSync(values.output, report);
  else process.stdout.write(report);
  return 0;
}

try {
  process.exitCode = main();
} catch (error) {
  process.stderr.write(`report: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
}
