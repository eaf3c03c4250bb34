// Replays one recorded test server's events in order against the shared replay server: clock
// moves through the operator API (shifted so the stream keeps its own timeline), operator requests
// straight to the server, public requests through Prism, each judged from what Prism reports.
import { assess, type Assessment } from './answers.js';
import { IdMap } from './id-map.js';
import { headerValue, parseJson, planRequest, skipReason, type PlannedRequest, type StreamState } from './request-plan.js';
import type { Stream } from './streams.js';
import type { HttpEvent } from './traffic-format.js';
import { TEST_PREFIX, type ReplayOptions, type ReplayReport } from './types.js';

export const NO_ANSWER_MS = 30_000;
/**
 * Operator calls set the stage and are not judged: a clock move of a year runs every job of every
 * stream replayed before it on the one server, which can take minutes on a busy machine.
 */
export const OPERATOR_NO_ANSWER_MS = 300_000;

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface ReplayContext {
  serverUrl: string;
  prismUrl: () => string;
  /** Starts Prism again when the one at `usedUrl` has died; true when it had. */
  revivePrism: (usedUrl: string) => Promise<boolean>;
  adminToken: string;
  clockStart: string;
  /** The requests that go through Prism (shapes.ts planShapes); every public request when undefined. */
  viaPrism: ReadonlySet<HttpEvent> | undefined;
  send: (url: string, method: string, headers: Record<string, string>, body?: Buffer, timeoutMs?: number) => Promise<Answer>;
  /**
   * The upstream answers from the recording (recorded-upstream.ts): only the requests that go through
   * Prism are sent; nothing rebuilds a server's state (no operator requests, clock moves or repeats).
   */
  recorded?: boolean;
  report: ReplayReport;
  options: ReplayOptions;
  log: (line: string) => void;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function admin(ctx: ReplayContext, method: string, path: string, body?: unknown): Promise<unknown> {
  const headers = { authorization: `Bearer ${ctx.adminToken}`, 'content-type': 'application/json' };
  const answer = await ctx.send(
    `${ctx.serverUrl}${path}`,
    method,
    headers,
    body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
    OPERATOR_NO_ANSWER_MS,
  );
  return parseJson(answer.text);
}

function clockOf(body: unknown): number | undefined {
  return isObject(body) && typeof body.now === 'string' ? Date.parse(body.now) : undefined;
}

/** One public request through Prism, judged; or 'prism-crashed' when Prism itself died on it. */
async function throughPrism(
  ctx: ReplayContext,
  event: HttpEvent,
  path: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
  requestId: string,
  state: StreamState,
): Promise<{ status: number; outcome: Assessment } | 'prism-crashed'> {
  let answer: Answer;
  const prismUrl = ctx.prismUrl();
  try {
    answer = await ctx.send(`${prismUrl}${path.slice(TEST_PREFIX.length) || '/'}`, event.method, headers, body);
  } catch (error) {
    // Prism's own crash (it cannot always write its findings into a header) is not the server's.
    if (await ctx.revivePrism(prismUrl)) return 'prism-crashed';
    // Silence is a finding too: report it with the request that caused it and carry on.
    const message = `no answer in ${NO_ANSWER_MS / 1000} s (${error instanceof Error ? error.message : String(error)})`;
    return {
      status: 0,
      outcome: {
        origin: 'none',
        verdict: { kind: 'failure', reason: 'no-answer', violations: [{ location: ['response'], severity: 'Error', message }] },
      },
    };
  }
  const json = parseJson(answer.text);
  state.ids.learn(event.response, json);
  const violations = answer.headers['sl-violations'];
  if (ctx.options.verbose)
    ctx.log(
      `  ${event.method} ${path} -> ${answer.status} (recorded ${event.status})${violations === undefined ? '' : ` sl-violations: ${headerValue(violations)}`}`,
    );
  return { status: answer.status, outcome: assess({ status: answer.status, headers: answer.headers, json }, requestId, event.status) };
}

export async function replayStream(ctx: ReplayContext, stream: Stream, index: number): Promise<void> {
  const { report } = ctx;
  if (ctx.recorded) {
    await replayRecordedStream(ctx, stream, index);
    return;
  }
  let current = clockOf(await admin(ctx, 'GET', '/admin/clock')) ?? Date.parse(ctx.clockStart);
  const state: StreamState = {
    ids: new IdMap(),
    clockOffsetMs: current - Date.parse(stream.start?.at ?? ctx.clockStart),
    addresses: new Map(),
    index,
  };
  if (stream.start?.adminToken) state.ids.alias(stream.start.adminToken, ctx.adminToken);

  // Clock moves with no request sent between them are made as one: the operator's advance stops at
  // every job's due time on the way (server/jobs/runner.ts), so one move to the last instant runs
  // the same jobs at the same instants as the many a test made (a day at a time for a year, say).
  let movingTo: number | undefined;
  const moveClock = async (): Promise<void> => {
    if (movingTo === undefined) return;
    const seconds = Math.ceil((movingTo + state.clockOffsetMs - current) / 1000);
    movingTo = undefined;
    if (seconds < 1) return;
    current = clockOf(await admin(ctx, 'POST', '/admin/clock/advance', { seconds })) ?? current;
    report.clockMoves++;
  };

  for (const event of stream.events) {
    if (event.kind === 'clock') {
      movingTo = Date.parse(event.at);
      continue;
    }
    const reason = skipReason(event);
    if (reason) {
      report.skipped[reason] = (report.skipped[reason] ?? 0) + 1;
      continue;
    }
    await moveClock();
    const planned = planRequest(event, state);
    if (!planned.requestId) {
      const answer = await ctx.send(`${ctx.serverUrl}${planned.path}`, event.method, planned.headers, planned.body, OPERATOR_NO_ANSWER_MS);
      state.ids.learn(event.response, parseJson(answer.text));
      report.operatorRequests++;
      continue;
    }

    if (ctx.viaPrism && !ctx.viaPrism.has(event)) {
      const answer = await ctx.send(`${ctx.serverUrl}${planned.path}`, event.method, planned.headers, planned.body);
      state.ids.learn(event.response, parseJson(answer.text));
      report.repeatsSentDirect++;
      continue;
    }

    await judged(ctx, stream, event, planned, state);
  }
  await moveClock();
}

/** Why a request is not sent when Prism is answered from the recording: skipReason's, and two of its own. */
function recordedSkipReason(event: HttpEvent): string | undefined {
  if (event.path.split('?')[0]!.startsWith('/admin')) return 'operator API request (answers from the recording: no server state to set up)';
  return (
    skipReason(event) ??
    (event.responseHeaders === undefined || event.responseOmitted ? 'answer not recorded (over the cap, or an older recording)' : undefined)
  );
}

/** The stream's requests that go through Prism, each answered by the recorded upstream with what the server answered it. */
async function replayRecordedStream(ctx: ReplayContext, stream: Stream, index: number): Promise<void> {
  const state: StreamState = { ids: new IdMap(), clockOffsetMs: 0, addresses: new Map(), index };
  for (const event of stream.events) {
    if (event.kind !== 'http') continue;
    const reason = recordedSkipReason(event);
    if (reason) {
      ctx.report.skipped[reason] = (ctx.report.skipped[reason] ?? 0) + 1;
      continue;
    }
    const planned = planRequest(event, state);
    if (ctx.viaPrism && !ctx.viaPrism.has(event)) {
      ctx.report.repeatsSentDirect++;
      continue;
    }
    await judged(ctx, stream, event, planned, state);
  }
}

/** One public request sent through Prism, and what Prism said of it counted in the report. */
async function judged(ctx: ReplayContext, stream: Stream, event: HttpEvent, planned: PlannedRequest, state: StreamState): Promise<void> {
  const { report } = ctx;
  const source = stream.start?.source;
  const sent = await throughPrism(ctx, event, planned.path, planned.headers, planned.body, planned.requestId!, state);
  if (sent === 'prism-crashed') {
    report.prismCrashes.push({
      stream: stream.id,
      seq: event.seq,
      method: event.method,
      path: planned.path,
      ...(source ? { source } : {}),
    });
    return;
  }
  const { status, outcome } = sent;
  report.sentThroughPrism++;
  const { origin, verdict } = outcome;
  const fromServer = origin === 'server';
  if (fromServer) report.answeredByServer++;
  if (origin === 'prism') report.answeredByPrism++;
  if (fromServer && status !== event.status) report.diverged++;
  if (verdict.kind === 'pending') report.pending++;
  if (verdict.kind === 'refused-invalid-request') report.refusedInvalid++;
  if (verdict.kind === 'failure') {
    report.failures.push({
      stream: stream.id,
      seq: event.seq,
      ...(source ? { source } : {}),
      method: event.method,
      path: planned.path,
      recordedStatus: event.status,
      status,
      fromServer,
      verdict,
    });
  }
}
