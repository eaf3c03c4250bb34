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
import { planShapes } from './shapes.js';
import { clockReach, groupStreams, type Stream } from './streams.js';
import { startRecordedUpstream } from './recorded-upstream.js';
import { requestIdOf } from './request-plan.js';
import { readTraffic, type HttpEvent } from './traffic-format.js';
import { TEST_PREFIX, type ReplayOptions, type ReplayReport } from './types.js';

export type { ReplayOptions, ReplayReport, ReplayedRequest } from './types.js';

/** Runs `work` on every item, at most `limit` at a time. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

function seconds(since: number): string {
  return ((Date.now() - since) / 1000).toFixed(1);
}

/**
 * The replay's streams split into `count` lanes, each replayed on a server and Prism of its own: the
 * streams that move the clock run one at a time (the shared clock only moves forward), and moving it
 * a year runs a year of daily jobs, so one lane left a core idle. Streams are dealt heaviest first to
 * the lightest lane; within a lane they keep the order of `groupStreams`.
 */
export function splitLanes(streams: readonly Stream[], count: number): Stream[][] {
  const cost = (stream: Stream): number => stream.events.length + (clockReach(stream) / 86_400_000) * DAY_COST_IN_REQUESTS;
  const lanes = Array.from({ length: Math.max(1, count) }, () => ({ cost: 0, members: new Set<Stream>() }));
  for (const stream of [...streams].sort((a, b) => cost(b) - cost(a))) {
    const lightest = lanes.reduce((min, lane) => (lane.cost < min.cost ? lane : min));
    lightest.cost += cost(stream);
    lightest.members.add(stream);
  }
  return lanes.map((lane) => streams.filter((stream) => lane.members.has(stream))).filter((lane) => lane.length > 0);
}

/** A stream that takes longer than this is named in the log with its time. */
const SLOW_STREAM_MS = 5_000;

/** A day of clock travel (its daily jobs, one stop each) costs about as much as this many requests. */
const DAY_COST_IN_REQUESTS = 10;

/** The requests of test servers with stand-in handlers, counted as not replayed (`recorded` only). */
function standInSkips(streams: readonly Stream[]): Record<string, number> {
  const count = streams.reduce((sum, stream) => sum + stream.events.filter((event) => event.kind === 'http').length, 0);
  return count === 0 ? {} : { "answer from a test's stand-in handlers, not the service's (answers from the recording)": count };
}

/** Each public request of the streams by the X-Request-Id the replay sends with it (request-plan.ts planRequest). */
function recordedAnswers(streams: readonly Stream[]): Map<string, HttpEvent> {
  const answers = new Map<string, HttpEvent>();
  streams.forEach((stream, index) => {
    for (const event of stream.events) if (event.kind === 'http') answers.set(requestIdOf(index, event.seq), event);
  });
  return answers;
}

export async function replayTraffic(options: ReplayOptions): Promise<ReplayReport> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const events = typeof options.traffic === 'string' ? readTraffic(options.traffic) : options.traffic;
  const grouped = groupStreams(events, options.sources);
  // A test server with stand-in handlers (a simulated crash, a handler answering wrongly on purpose)
  // answered with what the test put there, not the service: from the recording, those answers are
  // not the service's to judge. A server replaying the traffic answers them itself, so they stay.
  const standIns = options.recorded ? grouped.filter((stream) => stream.start?.customHandlers) : [];
  const recorded = grouped.filter((stream) => !standIns.includes(stream));
  // Without --every-request, the request of each shape that goes through Prism is chosen here, and
  // each stream ends with its last such request (shapes.ts planShapes).
  const plan = options.everyRequest ? undefined : planShapes(recorded);
  const streams = plan?.streams ?? recorded;
  const report: ReplayReport = {
    mode: options.errors ? 'errors' : 'observe',
    answers: options.recorded ? 'recording' : 'server',
    streams: streams.length,
    streamsWithNothingNew: recorded.length - streams.length,
    trimmedRequests: plan?.trimmedRequests ?? 0,
    trimmedDays: plan?.trimmedDays ?? 0,
    sentThroughPrism: 0,
    operatorRequests: 0,
    repeatsSentDirect: 0,
    clockMoves: 0,
    skipped: standInSkips(standIns),
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
  const document = snapshotDocument();
  // A request that gets no answer is reported, not waited for until undici's 5-minute default.
  const agent = new Agent({ connections: 8, headersTimeout: NO_ANSWER_MS, bodyTimeout: NO_ANSWER_MS });
  let replayed = 0;
  const indexOf = new Map(streams.map((stream, index) => [stream, index]));
  // A replay against a given server has one lane: the server's one clock.
  const lanes = splitLanes(streams, options.upstream || options.recorded ? 1 : (options.lanes ?? 2));
  // --recorded: the upstream answers each request with the recorded answer (recorded-upstream.ts).
  const recordedUpstream = options.recorded ? await startRecordedUpstream(recordedAnswers(streams)) : undefined;
  try {
    // Every lane ends (and stops its processes) before the replay reports a lane's failure.
    const ended = await Promise.allSettled(
      lanes.map(async (lane, laneIndex) => {
        const running: Running[] = [];
        const name = lanes.length > 1 ? `lane ${laneIndex + 1}: ` : '';
        try {
          const adminToken = options.upstream?.adminToken ?? `adm_replay_${randomBytes(16).toString('hex')}`;
          let serverUrl = options.upstream?.url ?? recordedUpstream?.url;
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
            log(`${name}server (build/server.mjs, manual clock from ${clockStart}, fresh data directory) up in ${seconds(started)} s`);
          }
          const upstream = `${serverUrl}${TEST_PREFIX}`;
          const prismStarted = Date.now();
          let prism = await startPrismProxy(document.file, upstream, { errors: Boolean(options.errors) });
          running.push(prism);
          log(
            `${name}prism proxy${options.errors ? ' --errors' : ''} (copy of spec/openapi.json) ${upstream} on ${prism.url} up in ${seconds(prismStarted)} s`,
          );
          // Streams side by side may see one crash together: the first starts Prism again, the others
          // find the Prism they used already replaced.
          let reviving: Promise<boolean> | undefined;
          const revive = async (): Promise<boolean> => {
            // A crash closes the connection a moment before the process is seen to have exited.
            for (let waited = 0; waited < 3000 && !prism.exited(); waited += 100) await new Promise((r) => setTimeout(r, 100));
            if (!prism.exited()) return false;
            log(`${name}prism proxy died (${prism.output().split('\n').filter(Boolean).slice(-1)[0] ?? 'no output'}); starting it again`);
            prism = await startPrismProxy(document.file, upstream, { errors: Boolean(options.errors) });
            running.push(prism);
            return true;
          };
          const revivePrism = async (usedUrl: string): Promise<boolean> => {
            if (reviving) return reviving;
            if (prism.url !== usedUrl) return true;
            reviving = revive();
            try {
              return await reviving;
            } finally {
              reviving = undefined;
            }
          };

          const ctx: ReplayContext = {
            serverUrl,
            prismUrl: () => prism.url,
            revivePrism,
            adminToken,
            clockStart,
            viaPrism: plan?.viaPrism,
            recorded: Boolean(recordedUpstream),
            report,
            options,
            log,
            send: async (url, method, headers, body, timeoutMs = NO_ANSWER_MS) => {
              try {
                const answer = await request(url, {
                  method: method as 'GET',
                  headers,
                  ...(body ? { body } : {}),
                  dispatcher: agent,
                  headersTimeout: timeoutMs,
                  bodyTimeout: timeoutMs,
                });
                return { status: answer.statusCode, headers: answer.headers, text: await answer.body.text() };
              } catch (error) {
                // Name the request: an operator call that fails stops the replay, and undici's own message says only what timed out.
                throw new Error(`${method} ${url}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
              }
            },
          };
          const replay = async (stream: Stream): Promise<void> => {
            const streamStarted = Date.now();
            await replayStream(ctx, stream, indexOf.get(stream)!);
            // The slow ones, named: where the replay's time goes.
            if (Date.now() - streamStarted > SLOW_STREAM_MS)
              log(
                `${name}${stream.start?.source ?? stream.id} took ${seconds(streamStarted)} s (clock moved ${Math.round(clockReach(stream) / 86_400_000)} days)`,
              );
            if (++replayed % 25 === 0) log(`  ${replayed}/${streams.length} streams replayed`);
          };
          await inParallel(
            lane.filter((stream) => clockReach(stream) === 0),
            options.concurrency ?? 3,
            replay,
          );
          for (const moving of lane.filter((stream) => clockReach(stream) > 0)) await replay(moving);
        } finally {
          for (const process of running.reverse()) await process.stop();
        }
      }),
    );
    const failed = ended.find((lane): lane is PromiseRejectedResult => lane.status === 'rejected');
    if (failed) throw failed.reason;
  } finally {
    await agent.close();
    await recordedUpstream?.stop();
    document.remove();
  }
  report.durationMs = Date.now() - started;
  return report;
}
