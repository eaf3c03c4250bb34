// CORS for publishable keys (D-47). Preflights carry no key, so any Origin gets an answer for a path
// with a helper operation; the real answer carries `Access-Control-Allow-Origin` only when a
// publishable key allowed that Origin (auth.ts checked it against the key's domains, D-06, and the
// always-allowed hosts, D-03). Paths that need a secret key never carry CORS headers.
import type { Request } from 'express';
import type { Caller } from '../domain/caller.js';
import { requestHost } from '../domain/keys/domains.js';
import type { HttpResult } from './responses.js';

const ALLOWED_HEADERS = 'Authorization, Content-Type';
/** What a browser may read besides the simple headers: the request id to quote, the rate-limit state. */
const EXPOSED_HEADERS = 'X-Request-Id, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

function originOf(req: Request): string | undefined {
  const origin = req.headers.origin;
  return typeof origin === 'string' && origin !== '' && origin !== 'null' ? origin : undefined;
}

/** The answer to `OPTIONS` on a path whose `methods` include a helper operation. */
export function preflight(req: Request, methods: readonly string[]): HttpResult {
  const withHead = methods.includes('GET') ? [...methods, 'HEAD'] : [...methods];
  const headers: Record<string, string> = { Allow: [...withHead, 'OPTIONS'].join(', '), Vary: 'Origin' };
  const origin = originOf(req);
  if (origin !== undefined) {
    Object.assign(headers, {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': withHead.join(', '),
      'Access-Control-Allow-Headers': ALLOWED_HEADERS,
      'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
    });
  }
  return { status: 204, headers };
}

/**
 * Headers for every answer to an admitted caller of a helper operation: the Origin echoed when the
 * caller's publishable key was checked against it (authentication refused it otherwise).
 */
export function corsHeaders(req: Request, caller: Caller | undefined, allowsPublishable: boolean): Record<string, string> {
  if (!allowsPublishable) return {};
  const origin = originOf(req);
  // auth.ts checked the Origin's host when there was one; a Referer-only request is no CORS request.
  if (caller?.key?.type !== 'publishable' || origin === undefined || requestHost(origin, undefined) === null) return { Vary: 'Origin' };
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS, Vary: 'Origin' };
}
