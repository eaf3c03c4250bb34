// What makes two recorded requests alike for the replay: the same operation (method and path with
// its ids taken out, query parameter names), the same request header names and Content-Type, the
// same recorded status, and bodies of the same shape (property names and JSON types, nested). The
// test servers already check every answer's values against the document in-process
// (server/http/response-check.ts); what Prism adds is a second, independent reading of the
// document, and it reads two alike requests alike. So each shape goes through Prism once and its
// repeats go straight to the server, which keeps the server's state what the recording expects.
import type { HttpEvent } from './traffic-format.js';
import { parseJson } from './request-plan.js';

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
