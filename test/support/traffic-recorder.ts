// Opt-in recording of what a test server sees (SVC_RECORD_TRAFFIC=<file>): every request with its
// headers and body, the status and JSON body answered, and every move of the manual clock, appended
// as JSON lines (scripts/proxy-replay/traffic-format.ts). scripts/proxy-replay/cli.ts sends the
// integration suite's traffic through Prism's validation proxy with it. Recording wraps the app from
// the outside, so the app under test is the same with or without it.
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { TextDecoder } from 'node:util';
import { expect } from 'vitest';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { ManualClock } from '../../server/clock.js';
import { BODY_CAP_BYTES, NOT_RECORDED_HEADERS, type HttpEvent, type TrafficEvent } from '../../scripts/proxy-replay/traffic-format.js';

const RESPONSE_CAP_BYTES = 1024 * 1024;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function chunkBytes(chunk: unknown, encoding?: unknown): Buffer | undefined {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return undefined;
}

/** Bytes as the recording keeps them: UTF-8 text when they are valid UTF-8, else base64. */
function asText(bytes: Buffer): { text: string; encoding: 'utf8' | 'base64' } {
  try {
    return { text: strictUtf8.decode(bytes), encoding: 'utf8' };
  } catch {
    return { text: bytes.toString('base64'), encoding: 'base64' };
  }
}

function encodeBody(bytes: Buffer): Pick<HttpEvent, 'body' | 'bodyEncoding' | 'bodyBytes' | 'bodyOmitted'> {
  if (bytes.length === 0) return { bodyBytes: 0 };
  if (bytes.length > BODY_CAP_BYTES) return { bodyBytes: bytes.length, bodyOmitted: true };
  const { text, encoding } = asText(bytes);
  return { body: text, bodyEncoding: encoding, bodyBytes: bytes.length };
}

function recordedHeaders(req: Request): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !NOT_RECORDED_HEADERS.has(name)) out[name] = value;
  }
  return out;
}

function encodeResponse(bytes: Buffer): Pick<HttpEvent, 'responseBody' | 'responseEncoding'> {
  if (bytes.length === 0) return {};
  const { text, encoding } = asText(bytes);
  return { responseBody: text, responseEncoding: encoding };
}

/** The headers the response was sent with, as strings. */
function sentHeaders(res: Response): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}

function parsedJson(res: Response, chunks: Buffer[]): unknown {
  if (!/json/i.test(String(res.getHeader('content-type') ?? ''))) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The test file that started the server, so a replay can pick suites: from the call stack, or, for a
 * server a fixture starts (test/support/fixtures.ts, where no test file is on the stack), the file
 * Vitest is running.
 */
export function callerTestFile(): string | undefined {
  const root = new URL('../../', import.meta.url).pathname;
  for (const line of new Error().stack?.split('\n') ?? []) {
    const match = /((?:file:\/\/)?\/[^\s()]+?\.test\.ts)/.exec(line);
    if (match) return decodeURI(match[1]!.replace(/^file:\/\//, '')).replace(root, '');
  }
  return expect.getState().testPath?.replace(root, '');
}

export interface TrafficRecorder {
  /** An app that records, then hands every request to `app` unchanged. */
  wrap: (app: Express) => Express;
}

export function createTrafficRecorder(
  file: string,
  clock: ManualClock,
  options: { customHandlers: boolean; source?: string; adminToken?: string },
): TrafficRecorder {
  const stream = `${process.pid}-${randomUUID().slice(0, 8)}`;
  let seq = 0;
  const append = (event: TrafficEvent): void => appendFileSync(file, `${JSON.stringify(event)}\n`);
  append({
    kind: 'start',
    stream,
    seq: seq++,
    at: clock.now().toISOString(),
    customHandlers: options.customHandlers,
    ...(options.source ? { source: options.source } : {}),
    ...(options.adminToken ? { adminToken: options.adminToken } : {}),
  });

  // Tests move the clock directly as well as through the operator API; both end up here.
  for (const method of ['advance', 'set'] as const) {
    const original = clock[method].bind(clock) as (value: never) => unknown;
    Object.defineProperty(clock, method, {
      value: (value: never) => {
        const result = original(value);
        append({ kind: 'clock', stream, seq: seq++, at: clock.now().toISOString() });
        return result;
      },
    });
  }

  const record = (req: Request, res: Response, next: NextFunction): void => {
    const event = { kind: 'http' as const, stream, seq: seq++, method: req.method, path: req.originalUrl, headers: recordedHeaders(req) };
    // Body bytes are taken as Node's HTTP parser hands them over, whoever reads them later (or
    // nobody: a request refused before its body is read is still recorded whole). This runs in the
    // same tick as the 'request' event, before the parser delivers any body bytes.
    const requestChunks: Buffer[] = [];
    const push = req.push.bind(req);
    req.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
      const bytes = chunkBytes(chunk, encoding);
      if (bytes) requestChunks.push(Buffer.from(bytes));
      return push(chunk, encoding);
    };
    const responseChunks: Buffer[] = [];
    let responseBytes = 0;
    const keep = (chunk: unknown, encoding?: unknown): void => {
      const bytes = chunkBytes(chunk, encoding);
      if (!bytes || responseBytes > RESPONSE_CAP_BYTES) return;
      responseBytes += bytes.length;
      responseChunks.push(Buffer.from(bytes));
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response['write'];
    res.end = ((...args: unknown[]) => {
      if (args.length > 0 && typeof args[0] !== 'function') keep(args[0], args[1]);
      return end(...args);
    }) as Response['end'];
    const finish = (): void => {
      const kept = responseBytes <= RESPONSE_CAP_BYTES;
      const response = kept ? parsedJson(res, responseChunks) : undefined;
      append({
        ...event,
        ...encodeBody(Buffer.concat(requestChunks)),
        status: res.statusCode,
        ...(response !== undefined ? { response } : {}),
        responseHeaders: sentHeaders(res),
        ...(kept ? encodeResponse(Buffer.concat(responseChunks)) : { responseOmitted: true }),
      });
    };
    // The body may still be arriving when an early answer (401, 413) is sent: wait for all of it.
    res.once('close', () => (req.complete ? finish() : req.once('close', finish)));
    next();
  };

  return {
    wrap: (app) => {
      const outer = express();
      outer.disable('x-powered-by');
      outer.use(record);
      outer.use(app);
      return outer;
    },
  };
}
