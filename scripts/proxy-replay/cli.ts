// Prism validation proxy replay: sends traffic recorded by the test harness
// (SVC_RECORD_TRAFFIC=<file>) once through `prism proxy spec/openapi.json <server>` in front of the
// real server (`tsx server/main.ts`, manual clock, fresh data directory) and fails on every
// response violation, and on request violations the server accepted.
//   npx tsx scripts/proxy-replay/cli.ts --traffic .tmp/integration-traffic.jsonl [--source test/integration/] [--errors] [--verbose] [--every-request] [--lanes N] [--recorded]
// --recorded: Prism's upstream answers each request with the answer recorded for it, instead of a server
// replaying the traffic (recorded-upstream.ts).
// Exit 0: no failure; 1: failures; 2: usage.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { replayTraffic } from './replay.js';
import { formatReplayReport } from './report.js';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      traffic: { type: 'string' },
      source: { type: 'string', multiple: true },
      errors: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      'every-request': { type: 'boolean', default: false },
      lanes: { type: 'string', default: '2' },
      recorded: { type: 'boolean', default: false },
    },
    allowPositionals: false,
  });
  if (!values.traffic || !existsSync(values.traffic)) {
    process.stderr.write(
      'usage: tsx scripts/proxy-replay/cli.ts --traffic <recorded JSONL> [--source <test file prefix>]... [--errors] [--verbose] [--every-request] [--lanes N] [--recorded]\n',
    );
    return 2;
  }
  const report = await replayTraffic({
    traffic: values.traffic,
    errors: values.errors,
    verbose: values.verbose,
    everyRequest: values['every-request'],
    recorded: values.recorded,
    lanes: Math.max(1, Number(values.lanes) || 1),
    ...(values.source ? { sources: values.source } : {}),
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`${formatReplayReport(report)}\n`);
  return report.failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`proxy replay failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
