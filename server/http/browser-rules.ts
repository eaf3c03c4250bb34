// Secret credentials and browsers (D-03, D-49): what marks a request as a browser's, and the one
// browser page a test secret key is accepted from, the sandbox console this service serves itself.
import type { Request } from 'express';
import type { Config } from '../config.js';
import { normalHost, ownHosts } from './public-url.js';

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Any `Origin` or `Sec-Fetch-*` header. One exception: Node's built-in fetch (undici, which the
 * generated SDK uses on servers) sends `Sec-Fetch-Mode: cors` on every request and cannot drop it,
 * while browsers always send it together with `Sec-Fetch-Site` and `Sec-Fetch-Dest`; so that one
 * header alone, with that value, is a server's, not a browser's.
 */
export function fromBrowser(req: Request): boolean {
  if (req.headers.origin !== undefined) return true;
  const fetchHeaders = Object.keys(req.headers).filter((name) => name.startsWith('sec-fetch-'));
  if (fetchHeaders.length === 0) return false;
  return !(fetchHeaders.length === 1 && fetchHeaders[0] === 'sec-fetch-mode' && header(req, 'sec-fetch-mode') === 'cors');
}

/**
 * D-49: a test secret key from the sandbox console (/console, served by this service). The browser
 * itself sets `Sec-Fetch-Site` (no script can), so `same-origin` means a page of the origin the
 * request went to sent it. That origin must be this service's own (its Host one of ownHosts), or a
 * DNS-rebinding page, whose own name resolves to this machine, would be "same-origin" with itself;
 * an `Origin`, when sent, must name that same host. Live secret keys stay refused from every browser.
 */
export function fromOwnConsole(req: Request, environment: string, config: Pick<Config, 'HOST' | 'PORT' | 'SVC_PUBLIC_URL'>): boolean {
  if (environment !== 'test' || header(req, 'sec-fetch-site') !== 'same-origin') return false;
  const host = normalHost(header(req, 'host'));
  if (host === null || !ownHosts(config, req).has(host)) return false;
  const origin = header(req, 'origin');
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The header the sandbox console puts on the reads it repeats to keep its pages current (D-70). */
export const CONSOLE_REFRESH_HEADER = 'x-console-refresh';

/**
 * D-70: a read the sandbox console repeats on its own (a page polling a list), not a request anyone
 * made: a GET or HEAD from the console (D-49's conditions) marked with CONSOLE_REFRESH_HEADER. Kept
 * out of the account's request log so a partner's requests are not crowded out by the console's.
 */
export function consoleRefresh(req: Request, environment: string, config: Pick<Config, 'HOST' | 'PORT' | 'SVC_PUBLIC_URL'>): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    header(req, CONSOLE_REFRESH_HEADER) === '1' &&
    fromOwnConsole(req, environment, config)
  );
}
