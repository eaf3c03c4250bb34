// Which recorded requests are replayed, and how each is rewritten for the replay server: ids and
// keys mapped (id-map.ts), a client address of its stream's own, our request id for telling the
// server's answers from Prism's.
import type { IdMap } from './id-map.js';
import { bodyBytesOf, type HttpEvent } from './traffic-format.js';
import { TEST_PREFIX } from './types.js';

export interface StreamState {
  ids: IdMap;
  clockOffsetMs: number;
  /** Recorded client address (X-Forwarded-For) -> one unique to this stream, so per-IP budgets stay apart. */
  addresses: Map<string, string>;
  index: number;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** A bare JSON value (string, number, true, false, null) rather than an object or array. */
function isJsonScalar(text: string): boolean {
  const value = parseJson(text);
  return text.trim() !== '' && value !== undefined && (value === null || typeof value !== 'object');
}

/**
 * Property names Prism would have to put into a header (above Latin-1 is not allowed there). Walked
 * with an explicit stack: a recorded hostile body may nest thousands of levels deep.
 */
function hasWideKey(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...value);
    else if (typeof value === 'object' && value !== null)
      for (const [key, child] of Object.entries(value)) {
        if ([...key].some((c) => c.codePointAt(0)! > 0xff)) return true;
        pending.push(child);
      }
  }
  return false;
}

/** Why a recorded request is not replayed, or undefined when it is. */
export function skipReason(event: HttpEvent): string | undefined {
  const path = event.path.split('?')[0]!;
  if (event.bodyOmitted) return 'body over the recording cap';
  if (event.method === 'OPTIONS') return 'CORS preflight (Prism answers it itself)';
  // Prism's proxy refuses these (stoplightio/prism#2259), or hangs on some.
  if ((event.method === 'GET' || event.method === 'HEAD') && event.bodyBytes > 0)
    return 'GET or HEAD with a body (Prism proxy cannot forward one)';
  // Prism 5.14.2 forwards a bare JSON string without its quotes, and a falsy one (null, false, 0)
  // of a PATCH or DELETE without its bytes but with its Content-Length, so the server waits forever.
  if (event.body !== undefined && isJsonScalar(event.body)) return 'body a bare JSON value (Prism proxy re-encodes it)';
  // Prism writes the offending property names into sl-violations and exits when one is not Latin-1.
  if (event.body !== undefined && hasWideKey(parseJson(event.body)))
    return 'body with a non-Latin-1 property name (Prism proxy crashes on it)';
  if (path === '/admin/clock/advance') return 'clock move (replayed from the clock events)';
  if (path.startsWith('/admin/') || path === '/admin') return undefined;
  if (path === TEST_PREFIX || path.startsWith(`${TEST_PREFIX}/`)) return undefined;
  if (path.startsWith('/api/')) return 'other API prefix (live or V1: the proxy serves the test V2 prefix)';
  return 'not the public API (health, docs, metrics)';
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

/** The X-Request-Id a public request is sent with: its stream's place in the replay and its place in the stream. */
export function requestIdOf(streamIndex: number, seq: number): string {
  return `rp-${streamIndex}-${seq}`;
}

export interface PlannedRequest {
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Set for public requests: the X-Request-Id our server echoes back. */
  requestId?: string;
}

export function planRequest(event: HttpEvent, state: StreamState): PlannedRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.headers)) headers[name] = state.ids.rewriteText(headerValue(value) ?? '');
  const bytes = bodyBytesOf(event);
  const body = bytes && event.bodyEncoding !== 'base64' ? Buffer.from(state.ids.rewriteText(bytes.toString('utf8'))) : bytes;
  const path = state.ids.rewritePath(event.path);
  if (path.startsWith('/admin')) return { path, headers, ...(body ? { body } : {}) };
  const requestId = requestIdOf(state.index, event.seq);
  headers['x-request-id'] = requestId;
  headers['x-forwarded-for'] = clientAddress(state, headers['x-forwarded-for']);
  return { path, headers, ...(body ? { body } : {}), requestId };
}
