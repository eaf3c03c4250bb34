import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/support/sequencer.js';

const INTEGRATION = ['test/integration/**/*.test.ts'];
const HOSTILE = ['test/hostile/**/*.test.ts'];

// Files that start real server processes on a throw-away PostgreSQL database of their own
// (test/support/postgres.ts), whatever engine the run uses: the PostgreSQL pass would run them a
// second time, exactly alike, so it leaves them out.
const ALWAYS_ON_POSTGRES = [
  'test/integration/business-accounts/scale-out.shared.test.ts',
  'test/integration/core/clock-advance.shared.test.ts',
  'test/integration/core/key-cache.shared.test.ts',
  'test/integration/core/manual-clock.shared.test.ts',
  'test/integration/core/processes.shared.test.ts',
  'test/integration/core/rate-limit.shared.test.ts',
  'test/integration/core/scale-out.soak.test.ts',
  'test/integration/monitoring/checks.crash.test.ts',
  'test/integration/monitoring/orders.shared.test.ts',
  'test/integration/ppsr/processes.shared.test.ts',
  'test/integration/webhooks/delivery.durability.test.ts',
];

// scripts/test.sh names the PostgreSQL of CI's second integration pass here, so that pass is a
// project of the same run (the cores stay busy while e2e files wait on their processes) and the
// first pass keeps PGlite. A developer who sets TEST_DATABASE_URL runs `integration` on PostgreSQL.
const postgresPass = process.env.SVC_POSTGRES_PASS_URL;

// The Prism proxy replay of the PGlite pass's recorded traffic (SVC_REPLAY_TRAFFIC names the file;
// scripts/test.sh sets it with SVC_RECORD_TRAFFIC): it can start only once that pass has finished, so
// in such a run the `integration` project is group 0 and every other project, e2e with the replay among
// its files, group 1 (Vitest runs groups one after the other). Without the replay there is one group.
const replayTraffic = process.env.SVC_REPLAY_TRAFFIC;
const afterRecording = { groupOrder: replayTraffic ? 1 : 0 };

const integrationSettings = {
  isolate: false,
  setupFiles: ['test/support/pg-misuse-guard.ts'],
  testTimeout: 60_000,
  // A worker's first test server compiles the app's validators and opens PGlite while the linters
  // run beside the first files: on a loaded 2-core machine that start has gone past 60 s (seen twice
  // in whole runs, with another load on the machine), a load, not a hang.
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    // Vitest's default is one worker fewer than the cores, so one worker on CI's 2-core machines;
    // the suite spends much of its time waiting on child processes, PostgreSQL and Chromium, so two
    // workers shorten the run (figures in bench/README.md).
    maxWorkers: 2,
    // isolate: false gives one module graph per worker instead of one per file. Each file would
    // otherwise import and transform the whole server again (a third of the suite's CPU). Files share
    // no state through modules: each starts its own server, and fake timers are restored after use.
    // The e2e files share theirs too (each drives processes of its own and restores what it changes
    // in process.env).
    // Every project resolves a workspace package's name to its source, as tsc, tsx and esbuild do
    // (tsconfig.json `paths`); a project does not inherit the root's `resolve`.
    projects: [
      // The tests that need no server of their own: test/unit/, the contract runner's own tests beside
      // it in its workspace package, and test/spec/ (the drift gate, the document's checks, the
      // generators partners use). One project, so its two workers import their modules once, not once
      // per folder (a third project's pair of workers cost 7 to 20 CPU-seconds in runs in turns).
      // Redocly, Spectral and the generators run for tens of seconds on a busy machine, as do a few
      // unit tests that run ESLint on planted files or walk every BMP code point: the default 5 s
      // would fail them for load, not for a fault.
      {
        test: {
          name: 'unit',
          isolate: false,
          include: ['test/unit/**/*.test.ts', 'packages/svc-contract/test/**/*.test.ts', 'test/spec/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // The replay reads the integration pass's traffic only: a server here records nothing.
          env: { SVC_RECORD_TRAFFIC: '' },
          sequence: afterRecording,
        },
      },
      // The PGlite pass, and with it the hostile-input gates (malformed bytes, headers, names, fuzzed
      // bodies on every operation): they test what the HTTP edge does with values, which PGlite and
      // PostgreSQL (one engine, the same SQL) treat alike, so they run once, here, and not again in the
      // PostgreSQL pass. In this project's workers, not two of their own: each new worker imports the
      // server's module graph again and opens its own PGlite, and these files reuse the pass's
      // (memory-database.ts). Both folders as two projects against as one, in turns on one 2-core
      // machine: 252 CPU-seconds (148 s) against 221 (131 s).
      { test: { name: 'integration', include: [...INTEGRATION, ...HOSTILE], ...integrationSettings } },
      ...(postgresPass
        ? [
            {
              test: {
                name: 'integration-postgres',
                include: INTEGRATION,
                exclude: ALWAYS_ON_POSTGRES,
                ...integrationSettings,
                // Recorded traffic comes from the PGlite pass only: the replay sends it once.
                env: { TEST_DATABASE_URL: postgresPass, SVC_RECORD_TRAFFIC: '' },
                sequence: afterRecording,
              },
            },
          ]
        : []),
      // Each e2e file drives processes of its own (Chromium, npm start, Prism, npm pack) on free ports
      // (scripts/free-port.ts), so they run beside the other files rather than one at a time after them.
      // test/contract/ is here too: the contract runner against in-process servers (each file starts
      // one and sends thousands of requests) and Portman and Newman against a server process, on the
      // same workers (their module graph is the e2e files' own: the harness and the server).
      {
        test: {
          name: 'e2e',
          isolate: false,
          // The Prism proxy replay of the integration suite's recorded traffic too, selected only when
          // the recording is named (scripts/test.sh does), so it is never a skipped test; on these
          // workers, not one of its own (a worker's start and imports).
          include: ['test/e2e/**/*.test.ts', 'test/contract/**/*.test.ts', ...(replayTraffic ? ['test/replay/**/*.test.ts'] : [])],
          // One Prism mock for the files that only send it requests (test/support/prism-global-setup.ts).
          globalSetup: ['test/support/prism-global-setup.ts', 'test/support/pack-global-setup.ts'],
          testTimeout: 240_000,
          hookTimeout: 180_000,
          // Nor here: the replay reads the integration pass's traffic only (in-process contract servers
          // sent thousands of requests into the recording, some while the replay was reading it).
          // proxy-replay.test.ts names a file of its own for its scenario.
          env: { SVC_RECORD_TRAFFIC: '' },
          sequence: afterRecording,
        },
      },
    ].map((project) => ({ ...project, resolve: { tsconfigPaths: true } })),
  },
});
