// Prints the start order's table of expected durations (EXPECTED_SECONDS in test/support/sequencer.ts)
// from the output of a whole run, so the table is refreshed from a measured run, not by hand:
//   bash .ci/run > ci.log 2>&1; npx tsx scripts/sequencer-times.ts ci.log
// Vitest's default reporter ends each file with a line such as ` ✓  e2e  test/e2e/docs.test.ts (10
// tests) 43062ms`; the files of 5 s or more are printed, longest first, ready to paste.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Files shorter than this start with the short ones: the table leaves them out. */
const LISTED_FROM_SECONDS = 5;

// Colour codes are stripped first: a terminal run writes them around every part of the line.
// eslint-disable-next-line no-control-regex
const COLOUR = /\x1b\[[0-9;]*m/g;
const FILE_LINE = /^\s*[✓×❯↓]\s+(\S+)\s+(\S+\.test\.ts)\s+\(\d+ tests?(?:[^)]*)\)\s+(\d+(?:\.\d+)?)(ms|s)\b/;

/** Whole seconds per `project:file`, from a run's output; a file reported twice keeps its longer time. */
export function fileSeconds(output: string): Map<string, number> {
  const seconds = new Map<string, number>();
  for (const line of output.replace(COLOUR, '').split('\n')) {
    const match = FILE_LINE.exec(line);
    if (!match) continue;
    const [, project, file, amount, unit] = match as unknown as [string, string, string, string, string];
    const value = Math.round(Number(amount) / (unit === 'ms' ? 1000 : 1));
    const key = `${project}:${file}`;
    seconds.set(key, Math.max(seconds.get(key) ?? 0, value));
  }
  return seconds;
}

/** The table's entries, longest first, as lines of TypeScript. */
export function tableLines(seconds: ReadonlyMap<string, number>): string[] {
  return [...seconds]
    .filter(([, value]) => value >= LISTED_FROM_SECONDS)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([key, value]) => `  '${key}': ${value},`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const path = process.argv[2];
  if (!path) {
    process.stderr.write('usage: npx tsx scripts/sequencer-times.ts <output of a whole npm test run>\n');
    process.exit(2);
  }
  const lines = tableLines(fileSeconds(readFileSync(path, 'utf8')));
  if (lines.length === 0) {
    process.stderr.write(`${path}: no Vitest file lines found (the default reporter's "✓ project file (N tests) Xms")\n`);
    process.exit(1);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
