// npm run soak:clock-start: a sandbox driven from its first second (D-63), many times, on a busy
// machine. Each start runs `npm start` (the bundle) on the manual clock and, the moment /readyz first
// answers 200, ten one-day advances; every day must run its recurring jobs. Each merge round starts a
// service the same way and runs the merge scenario of test/support/clock-start.ts from its first second.
// `--burners N` (default 2) CPU-bound processes spin beside the service throughout.
// Prints one line per engine; exits 1 on any failure.
//   --starts N (20)  --merges N (50)  --engine pglite|postgres (both)  --burners N (2)
import { fork, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import { advanceDays, mergeFromStart, RECURRING_JOBS_A_DAY, startSandbox, type Engine } from '../../test/support/clock-start.js';

const { values } = parseArgs({
  options: {
    starts: { type: 'string', default: '20' },
    merges: { type: 'string', default: '50' },
    engine: { type: 'string' },
    burners: { type: 'string', default: '2' },
    burner: { type: 'boolean', default: false },
  },
});

// A burner is this script forked with --burner: it spins until its parent goes.
if (values.burner) {
  process.on('disconnect', () => process.exit(0));
  for (;;) Math.sqrt(Math.random());
}

function count(name: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
}

const starts = count('starts', values.starts);
const merges = count('merges', values.merges);
const burnerCount = count('burners', values.burners);
if (values.engine && values.engine !== 'pglite' && values.engine !== 'postgres') throw new Error('--engine is pglite or postgres');
const engines: Engine[] = values.engine ? [values.engine as Engine] : ['pglite', 'postgres'];
const burners: ChildProcess[] = Array.from({ length: burnerCount }, () =>
  fork(process.argv[1]!, ['--burner'], { execArgv: ['--import', 'tsx'] }),
);

let failed = false;
try {
  for (const engine of engines) {
    let daysOk = 0;
    let mergesOk = 0;
    const readyMs: number[] = [];
    for (let i = 0; i < starts; i++) {
      const sandbox = await startSandbox({ engine, clockStart: new Date() });
      try {
        readyMs.push(sandbox.readyMs);
        const days = await advanceDays(sandbox, 10);
        if (days.every((ran) => ran >= RECURRING_JOBS_A_DAY)) daysOk++;
        else process.stdout.write(`  ${engine} start ${i + 1}: jobs run per day ${days.join(', ')}\n`);
      } finally {
        await sandbox.stop();
      }
    }
    for (let i = 0; i < merges; i++) {
      const sandbox = await startSandbox({ engine, clockStart: new Date() });
      try {
        const problem = await mergeFromStart(sandbox, 74_000_001 + i * 10);
        if (problem) process.stdout.write(`  ${engine} merge ${i + 1}: ${problem}\n`);
        else mergesOk++;
      } finally {
        await sandbox.stop();
      }
    }
    readyMs.sort((a, b) => a - b);
    const median = readyMs[Math.floor(readyMs.length / 2)] ?? 0;
    process.stdout.write(
      `${engine}: ten one-day advances from the first 200 of /readyz ran every recurring job each day in ${daysOk} of ${starts} starts; ` +
        `merged from the first second in ${mergesOk} of ${merges}; /readyz 200 after ${median} ms (median), ${burnerCount} CPU burners\n`,
    );
    if (daysOk < starts || mergesOk < merges) failed = true;
  }
} finally {
  for (const burner of burners) burner.kill();
}
process.exit(failed ? 1 : 0);
