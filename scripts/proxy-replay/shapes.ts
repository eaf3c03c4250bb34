// What makes two recorded requests alike for the replay: the same operation (method and path with
// its ids taken out, query parameter names), the same request header names and Content-Type, the
// same recorded status, and bodies of the same shape (property names and JSON types, nested). The
// test servers already check every answer's values against the document in-process
// (server/http/response-check.ts); what Prism adds is a second, independent reading of the
// document, and it reads two alike requests alike. So each shape goes through Prism once and its
// repeats go straight to the server, which keeps the server's state what the recording expects, up
// to a stream's last request that goes through Prism (planShapes).
import type { HttpEvent } from './traffic-format.js';
import { parseJson, skipReason } from './request-plan.js';
import { clockReach, type Stream } from './streams.js';

/** Headers that differ on every request, or that the replay sets itself. */
const VOLATILE_HEADERS = new Set(['x-request-id', 'x-forwarded-for', 'authorization', 'idempotency-key', 'user-agent', 'date', 'cookie']);

/** The JSON type tree of a value: names and types, never the values themselves. */
export function jsonShape(value: unknown): string {
  return shapeOf(value, 0);
}

function shapeOf(value: unknown, depth: number): string {
  // A recorded hostile body may nest thousands of levels; past a depth every value is alike.
  if (depth > 32) return '…';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${[...new Set(value.map((item) => shapeOf(item, depth + 1)))].sort().join('|')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${shapeOf(child, depth + 1)}`).join(',')}}`;
  }
  return typeof value;
}

/** Path segments holding an id or a number (they carry a digit) stand for any id. */
function pathTemplate(path: string): string {
  const [bare, query] = path.split('?', 2) as [string, string | undefined];
  const segments = bare.split('/').map((segment) => (/\d/.test(segment) ? ':id' : segment));
  const names = query === undefined ? [] : [...new Set(new URLSearchParams(query).keys())].sort();
  return `${segments.join('/')}${names.length ? `?${names.join('&')}` : ''}`;
}

export function shapeSignature(event: HttpEvent): string {
  const headers = Object.keys(event.headers)
    .map((name) => name.toLowerCase())
    .filter((name) => !VOLATILE_HEADERS.has(name))
    .sort();
  const contentType = event.headers['content-type'];
  const body = event.body === undefined ? 'none' : event.bodyEncoding === 'base64' ? `bytes` : jsonShapeOfText(event.body);
  return [
    event.method,
    pathTemplate(event.path),
    event.status,
    headers.join(','),
    String(contentType),
    body,
    jsonShape(event.response),
  ].join(' ');
}

function jsonShapeOfText(text: string): string {
  const value = parseJson(text);
  return value === undefined ? `text:${text.length === 0 ? 'empty' : 'some'}` : jsonShape(value);
}

/** A public request the replay judges: not left out (request-plan.ts) and not the operator API. */
function isJudged(event: Stream['events'][number]): event is HttpEvent {
  return event.kind === 'http' && skipReason(event) === undefined && !event.path.startsWith('/admin');
}

export interface ShapePlan {
  /** The requests that go through Prism: the first of each shape in the replay's order. */
  viaPrism: Set<HttpEvent>;
  /** The streams cut after their last request through Prism; streams with none left out. */
  streams: Stream[];
  /** Requests and days of clock travel the cuts leave out. */
  trimmedRequests: number;
  trimmedDays: number;
}

/**
 * Picks, before anything is sent, the request of each shape that goes through Prism: the first in the
 * replay's order (`groupStreams`: streams that never move the clock first, then the shortest travel
 * first), so a shape seen both early and after a year of travel is checked early. What follows a
 * stream's last such request is then cut: its requests only go straight to the server, where no
 * answer is judged, so they and the clock travel among them (a year of daily jobs in the monitoring
 * streams) would change nothing the replay reports.
 */
export function planShapes(streams: readonly Stream[]): ShapePlan {
  const seen = new Set<string>();
  const viaPrism = new Set<HttpEvent>();
  let trimmedRequests = 0;
  let trimmedDays = 0;
  const kept: Stream[] = [];
  for (const stream of streams) {
    let last = -1;
    stream.events.forEach((event, index) => {
      if (!isJudged(event)) return;
      const shape = shapeSignature(event);
      if (seen.has(shape)) return;
      seen.add(shape);
      viaPrism.add(event);
      last = index;
    });
    const cut: Stream = { ...stream, events: stream.events.slice(0, last + 1) };
    trimmedRequests += stream.events.slice(last + 1).filter((event) => event.kind === 'http').length;
    trimmedDays += (clockReach(stream) - clockReach(cut)) / 86_400_000;
    if (last >= 0) kept.push(cut);
  }
  return { viaPrism, streams: kept, trimmedRequests, trimmedDays: Math.round(trimmedDays) };
}
