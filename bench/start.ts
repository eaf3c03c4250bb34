// Start time of `npm start` as a user sees it: from the command to the first 200 of GET /healthz,
// on a fresh data directory (cold) and again on the directory the cold start left (warm)
// (bench/http/start-time.ts). Not a test: it asserts nothing and prints figures (medians of --runs
// runs). `--fresh-clone` also times a newcomer's first start: a fresh clone, `npm ci`, `npm start`.
//   npm run bench:start [-- --runs 3 --fresh-clone]
import { loadavg } from 'node:os';
import { measureFirstStart, measureStarts, median } from './http/start-time.js';
import { benchOptions } from './options.js';

const values = benchOptions({
  script: 'bench:start',
  purpose: '`npm start` to the first 200 of /healthz, on a fresh and on an existing data directory.',
  options: { runs: { type: 'string', default: '3' }, 'fresh-clone': { type: 'boolean', default: false } },
});
const runs = Number(values.runs);
const loadBefore = loadavg()[0]!;
const { cold, warm } = await measureStarts(runs);
const format = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const lines = [
  `npm start to the first 200 of /healthz (PGlite, median of ${runs}; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after)`,
  `  fresh data directory:    ${format(median(cold))}  (runs: ${cold.map(format).join(', ')})  target <= 2.00 s`,
  `  existing data directory: ${format(median(warm))}  (runs: ${warm.map(format).join(', ')})  target <= 1.50 s`,
];
if (values['fresh-clone']) {
  const first = await measureFirstStart();
  lines.push(
    `  fresh clone, npm ci (${format(first.install)}), then npm start to "listening": ${format(first.listening)}  target < 3.00 s`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
