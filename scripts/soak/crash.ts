// npm run soak:crash: the crash soak of idempotent requests (test/support/crash-soak.ts), 50 rounds on
// PGlite and 50 on PostgreSQL (TEST_POSTGRES_URL, else TEST_DATABASE_URL, else the local default).
// Prints "rounds N, keys M, duplicates D, lost L" per engine; exits 1 on any violation.
// `--rounds N` and `--engine pglite|postgres` narrow it.
import { parseArgs } from 'node:util';
import { detailLine, runCrashSoak, summaryLine, type Engine } from '../../test/support/crash-soak.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '50' }, engine: { type: 'string' } } });
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a positive integer');
const engines: Engine[] = values.engine ? [values.engine as Engine] : ['pglite', 'postgres'];

let failed = false;
for (const engine of engines) {
  const report = await runCrashSoak({ engine, rounds, log: (line) => process.stderr.write(`  ${engine} ${line}\n`) });
  process.stdout.write(`${engine}: ${summaryLine(report)}\n  ${detailLine(report)}\n`);
  for (const problem of report.problems) process.stdout.write(`  PROBLEM ${problem}\n`);
  if (report.problems.length > 0 || report.duplicates > 0 || report.lost > 0) failed = true;
}
process.exit(failed ? 1 : 0);
