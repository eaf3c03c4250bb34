// `svc listen --forward-to URL`: the sandbox's webhooks on a laptop it cannot reach (D-83). The CLI
// opens (or resumes, by device name) a listen session, prints its signing secret, long-polls the
// attempts waiting for it, POSTs each to the local URL with its signed headers and its exact body,
// prints one line per event with the local answer and reports that answer back, so the sandbox's
// retry schedule applies as for any endpoint. A lost connection is retried with backoff; an attempt
// collected but not reported is retried by the sandbox when its lease expires, so nothing is lost.
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import {
  collectListenDeliveries,
  createListenSession,
  reportListenAttempt,
  type Client,
  type ListenAttempt,
  type ListenSession,
} from '@registry-svc/sdk';
import { backoffDelay } from './backoff.js';
import { clientOf } from './client.js';
import { connectionOf } from './config.js';
import { GLOBAL_OPTIONS } from './flags.js';
import { GLOBAL_HELP } from './help.js';
import { CallFailed, UsageError, type Io } from './io.js';
import { dataOrFail } from './output.js';
import { parseStrict } from './parse.js';
import { validate } from './request.js';
import { COMMANDS } from '../../../generated/cli/commands.js';

const WAIT_SECONDS = 25;
/** The local app gets as long as any endpoint (spec 6.4: 15 s); the lease (60 s) leaves room to report after it. */
const FORWARD_TIMEOUT_MS = 15_000;
/** Attempts collected at once: each leased for 60 s, so even three local timeouts in a row leave time to report the last. */
const BATCH = 3;

const OPTIONS = {
  ...GLOBAL_OPTIONS,
  'forward-to': { type: 'string' },
  events: { type: 'string', short: 'e' },
  'device-name': { type: 'string' },
} as const;

export const LISTEN_HELP = `svc listen --forward-to URL [--events TYPE,...] [--device-name NAME]

Forwards the sandbox's webhooks for your account to a URL on this machine. Nothing connects to
your machine: the CLI collects the deliveries over the API and POSTs each to URL with the headers
and body the sandbox signed. Prints the signing secret first: give it to your app's verifier.
Test environment only (a secret test key).

Flags:
  --forward-to URL       (required) where to POST each event, e.g. http://localhost:3000/hooks
  -e, --events LIST      the event types to receive, comma-separated (default: every one)
  --device-name NAME     the session's name (default: this machine's host name); listen started
                         again with the same name resumes it, secret and waiting events included

Global flags:
${GLOBAL_HELP.map(([left, right]) => `  ${left.padEnd(22)} ${right}`).join('\n')}
`;

/** The host name as a device name the contract accepts (letters, digits, `.`, `_`, `-`). */
export function defaultDeviceName(host = hostname()): string {
  const cleaned = host
    .replace(/[^A-Za-z0-9._-]/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 64);
  return cleaned === '' ? 'default' : cleaned;
}

function forwardUrlOf(text: string | undefined): string {
  if (text === undefined) throw new UsageError('svc listen: --forward-to URL is required (for example http://localhost:3000/hooks)');
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // Said below.
  }
  throw new UsageError(`svc listen: --forward-to ${JSON.stringify(text)} is not an http(s) URL`);
}

const clock = (): string => new Date().toISOString().slice(11, 19);

/** The local answer: a status, or why none came. */
type LocalAnswer = { status: number; durationMs: number } | { error: string; durationMs: number };

async function forward(url: string, attempt: ListenAttempt, signal: AbortSignal): Promise<LocalAnswer> {
  const started = performance.now();
  const durationMs = (): number => Math.round(performance.now() - started);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: attempt.headers,
      body: attempt.body,
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(FORWARD_TIMEOUT_MS)]),
    });
    await response.body?.cancel().catch(() => undefined);
    return { status: response.status, durationMs: durationMs() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${FORWARD_TIMEOUT_MS / 1000} s`
        : (cause?.message ?? cause?.code ?? (error as Error).message);
    return { error: reason.slice(0, 500), durationMs: durationMs() };
  }
}

interface Listener {
  client: Client;
  io: Io;
  json: boolean;
  forwardTo: string;
  body: { eventTypes?: string[]; deviceName: string };
}

async function openSession(listener: Listener): Promise<ListenSession> {
  const outcome = await createListenSession({ client: listener.client, body: listener.body as never, signal: listener.io.interrupted });
  return dataOrFail(outcome, listener.io, false) as ListenSession;
}

/** Reports the local answer; a lost connection is retried while the lease lasts (then the sandbox retries the delivery). */
async function report(listener: Listener, session: ListenSession, attempt: ListenAttempt, answer: LocalAnswer): Promise<void> {
  const deadline = Date.parse(attempt.leaseExpiresAt);
  for (let failures = 0; !listener.io.interrupted.aborted;) {
    const outcome = await reportListenAttempt({
      client: listener.client,
      path: { id: session.id, attemptId: attempt.attemptId },
      body: answer,
    });
    if (outcome.response) {
      // 409: the lease ran out first; the sandbox counted a timeout and retries on its schedule.
      if (!outcome.response.ok && outcome.response.status !== 409) dataOrFail(outcome, listener.io, false);
      return;
    }
    failures += 1;
    if (Date.now() + backoffDelay(failures) > deadline) {
      listener.io.stderr(`${clock()}  could not report ${attempt.deliveryId} before its lease ended: the sandbox retries it\n`);
      return;
    }
    await listener.io.pause(backoffDelay(failures), listener.io.interrupted);
  }
}

function printEvent(listener: Listener, attempt: ListenAttempt, answer: LocalAnswer): void {
  const { io } = listener;
  if (listener.json) {
    io.stdout(
      `${JSON.stringify({ eventType: attempt.eventType, deliveryId: attempt.deliveryId, attemptNumber: attempt.attemptNumber, ...answer })}\n`,
    );
    return;
  }
  const result = 'status' in answer ? `[${answer.status}]` : `[error: ${answer.error}]`;
  const retry = attempt.attemptNumber > 1 ? ` (attempt ${attempt.attemptNumber})` : '';
  io.stdout(
    `${clock()}  --> ${attempt.eventType} [${attempt.deliveryId}]${retry}  <-- ${result} POST ${listener.forwardTo} ${answer.durationMs} ms\n`,
  );
}

export async function listen(args: string[], io: Io): Promise<void> {
  const { values } = parseStrict(() => parseArgs({ args, options: OPTIONS, allowPositionals: false, strict: true }), 'svc listen');
  if (values.help) return void io.stdout(LISTEN_HELP);
  const forwardTo = forwardUrlOf(values['forward-to']);
  const eventTypes = values.events
    ?.split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  const listener: Listener = {
    client: clientOf(connectionOf(values, io.env)),
    io,
    json: values.json === true,
    forwardTo,
    body: { deviceName: values['device-name'] ?? defaultDeviceName(), ...(eventTypes ? { eventTypes } : {}) },
  };
  // The event types and the device name checked as any command's input is, before anything is sent.
  const open = COMMANDS.find((command) => command.operationId === 'createListenSession');
  if (open) validate(open, { body: listener.body });
  let session: ListenSession;
  try {
    session = await openSession(listener);
  } catch (error) {
    // A 422 here is the user's input (an unknown event type, a bad device name): exit 2.
    if (error instanceof CallFailed && / answered 422:/.test(error.message))
      throw new UsageError(error.message.replace(/\nRequest-Id: .*$/s, ''));
    throw error;
  }
  io.stderr(
    `Ready! Your webhook signing secret is ${session.secret} (listen session ${session.id}, device ${session.deviceName}${session.resumed ? `, resumed with ${session.pendingDeliveries} waiting` : ''}). Forwarding to ${forwardTo}; Ctrl-C to stop.\n`,
  );
  let failures = 0;
  while (!io.interrupted.aborted) {
    const outcome = await collectListenDeliveries({
      client: listener.client,
      path: { id: session.id },
      query: { wait: WAIT_SECONDS, limit: BATCH },
      signal: io.interrupted,
    }).catch((error: unknown) => ({ error, response: undefined, request: undefined }));
    if (io.interrupted.aborted) return;
    if (!outcome.response || outcome.response.status >= 500 || outcome.response.status === 429) {
      failures += 1;
      const delay = Number(outcome.response?.headers.get('retry-after')) * 1000 || backoffDelay(failures);
      io.stderr(
        `${clock()}  lost the connection to the service (${outcome.response ? `status ${outcome.response.status}` : reasonOf(outcome.error)}); reconnecting in ${Math.round(delay / 1000)} s\n`,
      );
      await io.pause(delay, io.interrupted);
      continue;
    }
    if (outcome.response.status === 404) {
      // The session is gone (or disabled and no longer found): resume it by its device name.
      session = await openSession(listener);
      continue;
    }
    const batch = dataOrFail(outcome as never, io, false) as { data: ListenAttempt[] };
    if (failures > 0) io.stderr(`${clock()}  reconnected\n`);
    failures = 0;
    for (const attempt of batch.data) {
      if (io.interrupted.aborted) return;
      const answer = await forward(forwardTo, attempt, io.interrupted);
      if (io.interrupted.aborted) return;
      // The line once the sandbox knows the answer: what it shows is what the retry schedule goes by.
      await report(listener, session, attempt, answer);
      printEvent(listener, attempt, answer);
    }
  }
}

function reasonOf(error: unknown): string {
  let current = error as { message?: string; code?: string; cause?: unknown } | undefined;
  let reason = 'no answer';
  for (let depth = 0; current && depth < 5; depth++) {
    reason = current.code ?? current.message ?? reason;
    current = current.cause as typeof current;
  }
  return reason;
}
