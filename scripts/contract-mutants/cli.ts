// npm run contract:mutants: measures the contract runner with planted server bugs (mutants.ts). Each
// mutant is applied alone to a temporary copy of the repository, its server started, and `npm run
// contract` run against it; the mutant is killed when the runner reports a failure the unmutated
// server (the baseline, run first the same way) does not have. Prints a table and "killed K of N";
// exits 1 when a mutant survives (0 with --report-only), 2 when the suite itself cannot run (a stale
// mutant, a baseline or mutant run that broke).
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { bundleRunner, type RunnerBundle } from './bundle.js';
import { removeLiveCopies } from './copy.js';
import { checkMutants } from './edit.js';
import { MUTANTS, type Mutant } from './mutants.js';
import { runOne, type RunOptions, type RunOutcome } from './run.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Runs at once at most: each is a server and a runner process, on machines of two cores. */
const MAX_PARALLEL = 2;

const USAGE = `Usage: npm run contract:mutants -- [options]

  --only ID[,ID]        only these mutants (repeat, or comma-separate); --list shows the ids
  --focus               run the runner on each mutant's own operations only (fast), not the whole document
  --report-only         exit 0 even when a mutant survives (a broken run still exits 2)
  --seed N              the runner's seed (default 1)
  --parallel N          runs at once, 1 or 2 (default 2)
  --max-examples N, --max-coverage N   passed to the runner
  --list                list the mutants and exit`;

interface Args {
  only: string[];
  focus: boolean;
  reportOnly: boolean;
  seed: number;
  parallel: number;
  runnerArgs: string[];
  list: boolean;
}

function parse(argv: string[]): Args {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: 'string', multiple: true },
      focus: { type: 'boolean', default: false },
      'report-only': { type: 'boolean', default: false },
      seed: { type: 'string', default: '1' },
      parallel: { type: 'string', default: String(MAX_PARALLEL) },
      'max-examples': { type: 'string' },
      'max-coverage': { type: 'string' },
      list: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const parallel = Number(values.parallel);
  if (!Number.isInteger(parallel) || parallel < 1 || parallel > MAX_PARALLEL) throw new Error(`--parallel must be 1 or ${MAX_PARALLEL}`);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer, got ${values.seed}`);
  const runnerArgs = [
    ...(values['max-examples'] ? ['--max-examples', values['max-examples']] : []),
    ...(values['max-coverage'] ? ['--max-coverage', values['max-coverage']] : []),
  ];
  const only = (values.only ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  return {
    only,
    focus: values.focus ?? false,
    reportOnly: values['report-only'] ?? false,
    seed,
    parallel,
    runnerArgs,
    list: values.list ?? false,
  };
}

/** Runs `work` over `items`, at most `limit` at a time, results in the items' order. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

const pad = (text: string, width: number): string => text.padEnd(width);

type Verdict = 'KILLED' | 'SURVIVED' | 'ERROR';

function verdictOf(outcome: RunOutcome, baseline: ReadonlySet<string>): { verdict: Verdict; by: string[] } {
  if (outcome.error) return { verdict: 'ERROR', by: [] };
  const by = outcome.failures.filter((failure) => !baseline.has(failure));
  return { verdict: by.length > 0 ? 'KILLED' : 'SURVIVED', by };
}

async function main(argv: string[]): Promise<number> {
  const args = parse(argv);
  if (args.list) {
    for (const m of MUTANTS) console.log(`${pad(m.id, 26)} ${pad(m.kind, 9)} ${m.title}`);
    return 0;
  }
  const unknown = args.only.filter((id) => !MUTANTS.some((m) => m.id === id));
  if (unknown.length > 0) throw new Error(`no such mutant: ${unknown.join(', ')} (--list shows them)`);
  // Every mutant must still fit the server, also those not run now: a stale one fails the suite.
  await checkMutants(ROOT, MUTANTS);
  const chosen: Mutant[] = args.only.length > 0 ? MUTANTS.filter((m) => args.only.includes(m.id)) : [...MUTANTS];
  // With --focus each mutant runs on its own operations, unless its check needs the whole document;
  // the baseline covers every run it is compared with (the whole document when any mutant needs it).
  const operationsOf = (mutants: readonly Mutant[]): string[] =>
    args.focus && !mutants.some((m) => m.wholeRun) ? [...new Set(mutants.flatMap((m) => m.operations))] : [];
  const started = Date.now();
  console.log(
    `${chosen.length} mutant(s), seed ${args.seed}, ${args.focus ? 'each on its own operations (--focus)' : 'each on every operation'}, ${args.parallel} at a time`,
  );

  runnerBundle = await bundleRunner(ROOT);
  const base: Omit<RunOptions, 'operations'> = { root: ROOT, runner: runnerBundle.file, seed: args.seed, runnerArgs: args.runnerArgs };
  // The baseline runs beside the mutants (in the same pool of runs): it is needed only to judge them.
  const runs = await pool([null, ...chosen], args.parallel, async (mutant) => {
    const outcome = await runOne(mutant, { ...base, operations: operationsOf(mutant ? [mutant] : chosen) });
    const said = outcome.error ? 'could not be run' : `${outcome.failures.length} failure(s)`;
    console.log(`  ${pad(mutant?.id ?? '(baseline, no mutant)', 26)} ${said} in ${(outcome.ms / 1000).toFixed(1)} s`);
    return outcome;
  }).finally(() => runnerBundle?.remove());
  const [baselineRun, ...outcomes] = runs as [RunOutcome, ...RunOutcome[]];
  if (baselineRun.error) {
    console.error(`The unmutated server could not be measured:\n${baselineRun.error}`);
    return 2;
  }
  const baseline = new Set(baselineRun.failures);
  console.log(`\nbaseline (no mutant): ${baseline.size === 0 ? 'no failures' : `${baseline.size} failure(s), not counted as kills below`}`);
  for (const failure of baseline) console.log(`  baseline failure: ${failure}`);

  console.log('');
  console.log(`${pad('mutant', 26)} ${pad('kind', 9)} ${pad('result', 9)} reported by (or, when it survives, what would catch it)`);
  let killed = 0;
  let broken = 0;
  for (const [index, mutant] of chosen.entries()) {
    const outcome = outcomes[index]!;
    const { verdict, by } = verdictOf(outcome, baseline);
    if (verdict === 'KILLED') killed += 1;
    if (verdict === 'ERROR') broken += 1;
    const detail =
      verdict === 'KILLED' ? by.join(', ') : verdict === 'SURVIVED' ? `needs: ${mutant.catchBy}` : outcome.error!.split('\n')[0]!;
    console.log(`${pad(mutant.id, 26)} ${pad(mutant.kind, 9)} ${pad(verdict, 9)} ${detail}`);
  }
  for (const [index, mutant] of chosen.entries())
    if (outcomes[index]!.error) console.log(`\n${mutant.id} could not be judged:\n${outcomes[index]!.error}`);
  console.log('');
  console.log(`suite time ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`killed ${killed} of ${chosen.length}`);
  if (broken > 0) return 2;
  return killed === chosen.length || args.reportOnly ? 0 : 1;
}

/** This checkout's runner, bundled once for every run (removed with the copies on Ctrl-C). */
let runnerBundle: RunnerBundle | undefined;

// Ctrl-C stops the servers and runners too (they are in the same process group); the copies are ours to remove.
process.once('SIGINT', () => {
  removeLiveCopies();
  if (runnerBundle) rmSync(dirname(runnerBundle.file), { recursive: true, force: true });
  process.exit(130);
});

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // A stale mutant (StaleMutantError) or a bad option: said plainly, exit 2.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 2;
}
