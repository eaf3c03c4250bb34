// Sends recorded traffic once through `prism proxy spec/openapi.json <server>/api/test/v2` and
// collects every `sl-violations` Prism reports. Public test-prefix requests go through Prism;
// operator API requests (accounts, keys, register fixtures, jobs) go straight to the server, since
// they are set-up and not part of the public document; clock moves are replayed through the
// operator API. Ids the server generates are mapped per stream (id-map.ts).
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'undici';
import { IdMap } from './id-map.js';
import { startPrismProxy, startServer, type Running } from './processes.js';
import { groupStreams, type Stream } from './streams.js';
import { bodyBytesOf, readTraffic, type HttpEvent, type TrafficEvent } from './traffic-format.js';
import { judge, parseViolations, type Verdict, type Violation } from './violations.js';

export const TEST_PREFIX = '/api/test/v2';

export interface ReplayOptions {
  /** A JSONL file written by the recorder, or its events. */
  traffic: string | readonly TrafficEvent[];
  /** Keep only streams started from test files under these prefixes (e.g. `test/integration/`). */
  sources?: string[];
  /** Run Prism with `--errors` (it then answers invalid requests itself instead of forwarding them). */
  errors?: boolean;
  /** Replay against this server instead of starting one (tests of the replay use stand-ins). */
  upstream?: { url: string; adminToken: string };
  log?: (line: string) => void;
  /** Log every request sent through Prism with its replayed and recorded status. */
  verbose?: boolean;
}

export interface ReplayedRequest {
  stream: string;
  seq: number;
  source?: string;
  method: string;
  path: string;
  recordedStatus: number;
  status: number;
  /** The answer came from our server (it echoed our X-Request-Id), not from Prism itself. */
  fromServer: boolean;
  verdict: Verdict | { kind: 'pending' };
}

export interface ReplayReport {
  mode: 'observe' | 'errors';
  streams: number;
  sentThroughPrism: number;
  operatorRequests: number;
  clockMoves: number;
  skipped: Record<string, number>;
  answeredByServer: number;
  /** Operations still answering 501: Prism replaces such answers with a mock, so nothing is checked. */
  pending: number;
  refusedInvalid: number;
  /** Server answers whose status differs from the recorded one (shared server, shifted clock). */
  diverged: number;
  failures: ReplayedRequest[];
  durationMs: number;
}

const PRISM_PROBLEM = 'https://stoplight.io/prism/errors#';

interface StreamState {
  ids: IdMap;
  clockOffsetMs: number;
  /** Recorded client address (X-Forwarded-For) -> one unique to this stream, so per-IP budgets stay apart. */
  addresses: Map<string, string>;
  index: number;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clientAddress(state: StreamState, recorded: string | undefined): string {
  const key = recorded ?? '';
  let address = state.addresses.get(key);
  if (!address) {
    const n = state.index * 16 + state.addresses.size;
    address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    state.addresses.set(key, address);
  }
  return address;
}

function skipReason(event: HttpEvent): string | undefined {
  const path = event.path.split('?')[0]!;
  if (event.bodyOmitted) return 'body over the recording cap';
  if (event.method === 'OPTIONS') return 'CORS preflight (Prism answers it itself)';
  // Prism's proxy refuses these (stoplightio/prism#2259), or hangs when the body is JSON `null`.
  if ((event.method === 'GET' || event.method === 'HEAD') && event.bodyBytes > 0) return 'GET or HEAD with a body (Prism proxy cannot forward one)';
  if (path === '/admin/clock/advance') return 'clock move (replayed from the clock events)';
  if (path.startsWith('/admin/') || path === '/admin') return undefined;
  if (path === TEST_PREFIX || path.startsWith(`${TEST_PREFIX}/`)) return undefined;
  if (path.startsWith('/api/')) return 'other API prefix (live or V1: the proxy serves the test V2 prefix)';
  return 'not the public API (health, docs, metrics)';
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
    pending: 0,
    refusedInvalid: 0,
    diverged: 0,
    failures: [],
    durationMs: 0,
  };
  const clockStart = streams.map((s) => s.start?.at).find((at) => at !== undefined) ?? new Date().toISOString();
  const adminToken = options.upstream?.adminToken ?? `adm_replay_${randomBytes(16).toString('hex')}`;
  const running: Running[] = [];
  // A request that gets no answer is reported, not waited for until undici's 5-minute default.
  const agent = new Agent({ connections: 8, headersTimeout: 60_000, bodyTimeout: 60_000 });
  try {
    let serverUrl = options.upstream?.url;
    if (!serverUrl) {
      const server = await startServer({
        adminToken,
        clockStart,
        // The delivery suites register receivers on loopback (D-24); deliveries to the stand-in
        // address cannot connect here, so they give up quickly instead of after 15 s.
        env: { SVC_WEBHOOK_ALLOW_LOCAL: '1', SVC_WEBHOOK_TIMEOUT_MS: '2000' },
        preload: ['scripts/proxy-replay/stand-in-dns.ts'],
      });
      running.push(server);
      serverUrl = server.url;
      log(
        `server (tsx server/main.ts, manual clock from ${clockStart}, fresh data directory) up in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    const prismStarted = Date.now();
    const prism = await startPrismProxy(`${serverUrl}${TEST_PREFIX}`, { errors: Boolean(options.errors) });
    running.push(prism);
    log(
      `prism proxy${options.errors ? ' --errors' : ''} spec/openapi.json ${serverUrl}${TEST_PREFIX} up in ${((Date.now() - prismStarted) / 1000).toFixed(1)} s`,
    );

    const send = async (url: string, method: string, headers: Record<string, string>, body?: Buffer) => {
      const answer = await request(url, { method: method as 'GET', headers, ...(body ? { body } : {}), dispatcher: agent });
      return { status: answer.statusCode, headers: answer.headers, text: await answer.body.text() };
    };
    const admin = async (method: string, path: string, body?: unknown) => {
      const answer = await send(
        `${serverUrl}${path}`,
        method,
        { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
      );
      return { status: answer.status, body: parseJson(answer.text) };
    };

    for (const [index, stream] of streams.entries()) {
      await replayStream(stream, index);
      if ((index + 1) % 25 === 0) log(`  ${index + 1}/${streams.length} streams replayed`);
    }

    async function replayStream(stream: Stream, index: number): Promise<void> {
      const clock = await admin('GET', '/admin/clock');
      const now = isObject(clock.body) && typeof clock.body.now === 'string' ? Date.parse(clock.body.now) : Date.parse(clockStart);
      let current = now;
      const state: StreamState = {
        ids: new IdMap(),
        clockOffsetMs: now - Date.parse(stream.start?.at ?? clockStart),
        addresses: new Map(),
        index,
      };
      if (stream.start?.adminToken) state.ids.alias(stream.start.adminToken, adminToken);

      for (const event of stream.events) {
        if (event.kind === 'clock') {
          const seconds = Math.ceil((Date.parse(event.at) + state.clockOffsetMs - current) / 1000);
          if (seconds < 1) continue;
          const moved = await admin('POST', '/admin/clock/advance', { seconds });
          if (isObject(moved.body) && typeof moved.body.now === 'string') current = Date.parse(moved.body.now);
          report.clockMoves++;
          continue;
        }
        const reason = skipReason(event);
        if (reason) {
          report.skipped[reason] = (report.skipped[reason] ?? 0) + 1;
          continue;
        }
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(event.headers)) headers[name] = state.ids.rewriteText(headerValue(value) ?? '');
        const bytes = bodyBytesOf(event);
        const body = bytes && event.bodyEncoding !== 'base64' ? Buffer.from(state.ids.rewriteText(bytes.toString('utf8'))) : bytes;
        const path = state.ids.rewritePath(event.path);

        if (path.startsWith('/admin')) {
          const answer = await send(`${serverUrl}${path}`, event.method, headers, body);
          state.ids.learn(event.response, parseJson(answer.text));
          report.operatorRequests++;
          continue;
        }

        const requestId = `rp-${index}-${event.seq}`;
        headers['x-request-id'] = requestId;
        headers['x-forwarded-for'] = clientAddress(state, headers['x-forwarded-for']);
        const answer = await send(`${prism.url}${path.slice(TEST_PREFIX.length) || '/'}`, event.method, headers, body);
        report.sentThroughPrism++;
        if (options.verbose)
          log(
            `  ${event.method} ${path} -> ${answer.status} (recorded ${event.status})${answer.headers['sl-violations'] ? ` sl-violations: ${headerValue(answer.headers['sl-violations'])}` : ''}`,
          );
        const json = parseJson(answer.text);
        const fromServer = headerValue(answer.headers['x-request-id']) === requestId;
        state.ids.learn(event.response, json);
        let violations = parseViolations(answer.headers['sl-violations']);
        const prismProblem = !fromServer && isObject(json) && typeof json.type === 'string' && json.type.startsWith(PRISM_PROBLEM);
        if (prismProblem && violations.length === 0) {
          // --errors: Prism refused the request itself; its reasons are in the body.
          const listed = Array.isArray(json.validation) ? (json.validation as Violation[]) : [];
          violations =
            listed.length > 0
              ? listed.map((v) => ({ ...v, location: ['request', ...v.location] }))
              : [{ location: ['request'], severity: 'Error', message: String(json.title) }];
        }
        let verdict: ReplayedRequest['verdict'];
        if (fromServer || prismProblem) {
          if (fromServer) report.answeredByServer++;
          if (fromServer && answer.status !== event.status) report.diverged++;
          const accepted = fromServer ? answer.status < 300 : event.status < 300;
          verdict = judge(violations, accepted);
        } else {
          // Prism replaces an upstream 501 with a mock of the document: nothing of ours to check.
          verdict = { kind: 'pending' };
          report.pending++;
        }
        if (verdict.kind === 'refused-invalid-request') report.refusedInvalid++;
        if (verdict.kind === 'failure') {
          report.failures.push({
            stream: stream.id,
            seq: event.seq,
            ...(stream.start?.source ? { source: stream.start.source } : {}),
            method: event.method,
            path,
            recordedStatus: event.status,
            status: answer.status,
            fromServer,
            verdict,
          });
        }
      }
    }
  } finally {
    await agent.close();
    for (const process of running.reverse()) await process.stop();
  }
  report.durationMs = Date.now() - started;
  return report;
}
