// Sends recorded traffic once through `prism proxy spec/openapi.json <server>/api/test/v2` and
// collects every `sl-violations` Prism reports. Public test-prefix requests go through Prism;
// operator API requests (accounts, keys, register fixtures, jobs) go straight to the server, since
// they are set-up and not part of the public document; clock moves are replayed through the
// operator API. Ids the server generates are mapped per stream (id-map.ts).
// Prism runs without --errors by default: it then forwards every request, so the server's answers
// to the suite's deliberately invalid requests are validated too, and still reports every
// violation in `sl-violations`. With --errors it answers those requests itself (422/401).
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'undici';
import { snapshotDocument, startPrismProxy, startServer, type Running } from './processes.js';
import { NO_ANSWER_MS, replayStream, type ReplayContext } from './stream-replay.js';
import { groupStreams } from './streams.js';
import { readTraffic } from './traffic-format.js';
import { TEST_PREFIX, type ReplayOptions, type ReplayReport } from './types.js';

export type { ReplayOptions, ReplayReport, ReplayedRequest } from './types.js';

function seconds(since: number): string {
  return ((Date.now() - since) / 1000).toFixed(1);
}

export async function replayTraffic(options: ReplayOptions): Promise<ReplayReport> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const events = typeof options.traffic === 'string' ? readTraffic(options.traffic) : options.traffic;
  const streams = groupStreams(events, options.sources);
  const report: ReplayReport = {
    mode: options.errors ? 'errors' : 'observe',
    streams: streams.length,
    sentThroughPrism: 0,
    operatorRequests: 0,
    clockMoves: 0,
    skipped: {},
    answeredByServer: 0,
    answeredByPrism: 0,
    pending: 0,
    refusedInvalid: 0,
    diverged: 0,
    failures: [],
    prismCrashes: [],
    durationMs: 0,
  };
  const clockStart = streams.map((s) => s.start?.at).find((at) => at !== undefined) ?? new Date().toISOString();
  const adminToken = options.upstream?.adminToken ?? `adm_replay_${randomBytes(16).toString('hex')}`;
  const running: Running[] = [];
  const document = snapshotDocument();
  // A request that gets no answer is reported, not waited for until undici's 5-minute default.
  const agent = new Agent({ connections: 8, headersTimeout: NO_ANSWER_MS, bodyTimeout: NO_ANSWER_MS });
  try {
    let serverUrl = options.upstream?.url;
    if (!serverUrl) {
      const server = await startServer({
        adminToken,
        clockStart,
        // The delivery suites register receivers on loopback (D-24); deliveries to the stand-in
        // address cannot connect here, so they give up quickly instead of after 15 s. Each stream
        // names its own client address in X-Forwarded-For (request-plan.ts), through Prism on loopback (D-53).
        env: { SVC_WEBHOOK_ALLOW_LOCAL: '1', SVC_WEBHOOK_TIMEOUT_MS: '2000', SVC_TRUST_PROXY: 'loopback' },
        preload: ['scripts/proxy-replay/stand-in-dns.ts'],
      });
      running.push(server);
      serverUrl = server.url;
      log(`server (tsx server/main.ts, manual clock from ${clockStart}, fresh data directory) up in ${seconds(started)} s`);
    }
    const upstream = `${serverUrl}${TEST_PREFIX}`;
    const prismStarted = Date.now();
    let prism = await startPrismProxy(document.file, upstream, { errors: Boolean(options.errors) });
    running.push(prism);
    log(
      `prism proxy${options.errors ? ' --errors' : ''} (copy of spec/openapi.json) ${upstream} on ${prism.url} up in ${seconds(prismStarted)} s`,
    );
    const revivePrism = async (): Promise<boolean> => {
      // A crash closes the connection a moment before the process is seen to have exited.
      for (let waited = 0; waited < 3000 && !prism.exited(); waited += 100) await new Promise((r) => setTimeout(r, 100));
      if (!prism.exited()) return false;
      log(`prism proxy died (${prism.output().split('\n').filter(Boolean).slice(-1)[0] ?? 'no output'}); starting it again`);
      prism = await startPrismProxy(document.file, upstream, { errors: Boolean(options.errors) });
      running.push(prism);
      return true;
    };

    const ctx: ReplayContext = {
      serverUrl,
      prismUrl: () => prism.url,
      revivePrism,
      adminToken,
      clockStart,
      report,
      options,
      log,
      send: async (url, method, headers, body) => {
        const answer = await request(url, { method: method as 'GET', headers, ...(body ? { body } : {}), dispatcher: agent });
        return { status: answer.statusCode, headers: answer.headers, text: await answer.body.text() };
      },
    };
    for (const [index, stream] of streams.entries()) {
      await replayStream(ctx, stream, index);
      if ((index + 1) % 25 === 0) log(`  ${index + 1}/${streams.length} streams replayed`);
    }
  } finally {
    await agent.close();
    for (const process of running.reverse()) await process.stop();
    document.remove();
  }
  report.durationMs = Date.now() - started;
  return report;
}
