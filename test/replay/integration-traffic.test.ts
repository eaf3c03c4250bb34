// Validation proxy replay: the integration suite's HTTP traffic, recorded during the main
// run (SVC_RECORD_TRAFFIC, test/support/traffic-recorder.ts), goes once through `prism proxy`, whose
// upstream answers each request with the answer the server gave it in that run (`recorded`,
// scripts/proxy-replay/recorded-upstream.ts): Prism checks exactly what the tests saw, and no server
// replays the suite's requests and clock travel to rebuild each answer's state (about 100 s of CPU on
// CI's two cores). Any response violation, or request violation on a request the server accepted,
// fails. Replaying against a real server stays the default of scripts/proxy-replay/cli.ts, and
// test/e2e/proxy-replay.test.ts tests it. The e2e project selects this file only when
// SVC_REPLAY_TRAFFIC names the recording (vitest.config.ts); scripts/test.sh sets it, so it is never
// skipped, only not selected.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayTraffic } from '../../scripts/proxy-replay/replay.js';
import { formatReplayReport } from '../../scripts/proxy-replay/report.js';
import { groupStreams } from '../../scripts/proxy-replay/streams.js';
import { readTraffic } from '../../scripts/proxy-replay/traffic-format.js';

describe('Prism validation proxy replay of the integration suite', () => {
  it("replays the integration suite's recorded traffic with no violation", async () => {
    const recorded = process.env.SVC_REPLAY_TRAFFIC;
    expect(recorded, 'set SVC_REPLAY_TRAFFIC to the recorded traffic file').toBeTruthy();
    expect(existsSync(recorded!), `SVC_REPLAY_TRAFFIC=${recorded} does not exist`).toBe(true);
    expect(readFileSync(recorded!, 'utf8').length).toBeGreaterThan(0);
    // The replay picks streams by the test file that started them: a server whose file went unnamed
    // (started by a fixture, say) would silently drop out of the replay.
    const unnamed = groupStreams(readTraffic(recorded!)).filter((stream) => !stream.start?.source);
    expect(unnamed.map((stream) => `${stream.id}: ${stream.events.length} events`)).toEqual([]);
    const report = await replayTraffic({
      traffic: recorded!,
      sources: ['test/integration/'],
      recorded: true,
      log: (line) => console.log(line),
    });
    console.log(formatReplayReport(report));
    expect(report.sentThroughPrism).toBeGreaterThan(0);
    expect(
      report.failures.map((f) => `${f.method} ${f.path}: ${f.verdict.kind === 'failure' ? f.verdict.reason : f.verdict.kind}`),
    ).toEqual([]);
    // Thousands of recorded exchanges through one Prism process: 17 to 19 s in whole runs on CI's two
    // cores; the limit is for a machine busier than that.
  }, 600_000);
});
