// The recorded-traffic file (JSON Lines) written by the test harness when SVC_RECORD_TRAFFIC is set
// (test/support/traffic-recorder.ts) and read by the Prism proxy replay. One test server is one
// stream; within a stream, `seq` is the order in which requests arrived and the clock moved.
import { readFileSync } from 'node:fs';

/** A test server came up: its clock's start, the test file that started it, stand-in handlers or not. */
export interface StartEvent {
  kind: 'start';
  stream: string;
  seq: number;
  at: string;
  source?: string;
  customHandlers: boolean;
  /** The test server's operator token, so the replay can put its own in its place. */
  adminToken?: string;
}

/** The manual clock moved (by a test directly or through the operator API) to `at`. */
export interface ClockEvent {
  kind: 'clock';
  stream: string;
  seq: number;
  at: string;
}

/** One request as it reached the server, and what the server answered. */
export interface HttpEvent {
  kind: 'http';
  stream: string;
  seq: number;
  method: string;
  /** Path with prefix and query string, as sent (`/api/test/v2/webhooks?page=2`). */
  path: string;
  headers: Record<string, string | string[]>;
  /** The body bytes: UTF-8 text, or base64 when they are not valid UTF-8. Absent when empty or omitted. */
  body?: string;
  bodyEncoding?: 'utf8' | 'base64';
  bodyBytes: number;
  /** Bodies over the recording cap are not kept; such requests are not replayed. */
  bodyOmitted?: boolean;
  status: number;
  /** The response body when it was JSON (used to map ids the server generated to the replay's). */
  response?: unknown;
  /** The response's headers as sent, for a replay that answers Prism from the recording (`--recorded`). */
  responseHeaders?: Record<string, string | string[]>;
  /** The response's body bytes, encoded as `body` is; absent when empty or over the cap (`responseOmitted`). */
  responseBody?: string;
  responseEncoding?: 'utf8' | 'base64';
  responseOmitted?: boolean;
}

export type TrafficEvent = StartEvent | ClockEvent | HttpEvent;

/** Body bytes kept per request; larger ones (413 tests) are recorded by size only. */
export const BODY_CAP_BYTES = 256 * 1024;

/** Headers that describe one connection, not the request (RFC 9110 7.6.1), plus the ones recomputed on send. */
export const NOT_RECORDED_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

export function readTraffic(file: string): TrafficEvent[] {
  const events: TrafficEvent[] = [];
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      events.push(JSON.parse(line) as TrafficEvent);
    } catch {
      // A worker killed mid-write leaves at most one torn line; say where rather than guess.
      throw new Error(`${file}:${index + 1}: not a JSON line`);
    }
  });
  return events;
}

export function bodyBytesOf(event: HttpEvent): Buffer | undefined {
  if (event.body === undefined) return undefined;
  return Buffer.from(event.body, event.bodyEncoding === 'base64' ? 'base64' : 'utf8');
}

export function responseBytesOf(event: HttpEvent): Buffer {
  if (event.responseBody === undefined) return Buffer.alloc(0);
  return Buffer.from(event.responseBody, event.responseEncoding === 'base64' ? 'base64' : 'utf8');
}
