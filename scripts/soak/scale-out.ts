// npm run soak:scale-out: the scale-out soak (test/support/scale-out-soak.ts) on a fresh database of
// the local PostgreSQL (TEST_POSTGRES_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres):
// 2 API processes and 2 workers, concurrent clients, one API process and one worker SIGKILLed
// mid-burst and restarted. Prints the counts; exits 1 on anything lost, duplicated or charged twice.
// `--clients N` (default 8), `--requests N` per client (default 30), `--accounts N` (default 2).
import { parseArgs } from 'node:util';
import { runScaleOutSoak, scaleOutDetail, scaleOutSummary } from '../../test/support/scale-out-soak.js';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '8' },
    requests: { type: 'string', default: '30' },
    accounts: { type: 'string', default: '2' },
  },
});
const count = (name: string, value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
};
const report = await runScaleOutSoak({
  clients: count('clients', values.clients),
  requestsPerClient: count('requests', values.requests),
  accounts: count('accounts', values.accounts),
  log: (line) => process.stderr.write(`  ${line}\n`),
});
process.stdout.write(`scale-out: ${scaleOutSummary(report)}\n  ${scaleOutDetail(report)}\n`);
for (const problem of report.problems) process.stdout.write(`  PROBLEM ${problem}\n`);
process.exit(report.problems.length > 0 || report.lost > 0 || report.duplicated > 0 ? 1 : 0);
