// SSRF guard for webhook URLs (spec 2.2, 4.2; D-12, D-23, D-24). A webhook URL is a request the
// service makes on a customer's behalf, so it must never reach our own network: the host is resolved
// and EVERY address must be public, at registration and again before every delivery attempt (DNS
// answers change). The delivery connects to one of the addresses returned here, never resolving twice.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { AppDeps } from '../deps.js';
import { isDocumentationHost } from './example-hosts.js';
import { classifyAddress } from './ip-ranges.js';

export { classifyAddress, type AddressVerdict } from './ip-ranges.js';

/** Resolves a host name to every address it has (IPv4 and IPv6). Tests inject a fixed table. */
export type HostResolver = (host: string) => Promise<string[]>;

export type UrlRefusalCode = 'url_invalid' | 'url_not_https' | 'url_not_public';

export interface UrlCheckOptions {
  resolve?: HostResolver;
  /** D-24 (`SVC_WEBHOOK_ALLOW_LOCAL`): allow `http:` and loopback targets, never other private ranges. */
  allowLocal?: boolean;
  /** A resolver that hangs must not hold a request open; default 5 s. */
  resolveTimeoutMs?: number;
}

export interface UrlAccepted {
  ok: true;
  /** The URL as WHATWG normalises it (what is requested). */
  url: string;
  /** Host name or IP literal, without IPv6 brackets: the TLS server name and `Host` to send. */
  host: string;
  port: number;
  /** Every address of the host, all checked; connect to one of these, never look the name up again. */
  addresses: string[];
}

export interface UrlRefused {
  ok: false;
  code: UrlRefusalCode;
  message: string;
  /** True when the name did not resolve (a delivery counts that as a connection error, not a refused address). */
  resolutionFailed?: boolean;
}

export type UrlCheck = UrlAccepted | UrlRefused;

const MAX_URL_LENGTH = 2048;
const DEFAULT_RESOLVE_TIMEOUT_MS = 5000;

/** The system resolver (getaddrinfo, so /etc/hosts counts too), every address in the order given. */
export const systemResolver: HostResolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** The options the app runs with: its injected resolver (tests) and the D-24 switch. */
export function urlCheckOptions(deps: Pick<AppDeps, 'config' | 'resolveHost'>): UrlCheckOptions {
  return { allowLocal: deps.config.SVC_WEBHOOK_ALLOW_LOCAL, ...(deps.resolveHost ? { resolve: deps.resolveHost } : {}) };
}

function refuse(code: UrlRefusalCode, message: string, resolutionFailed = false): UrlRefused {
  return resolutionFailed ? { ok: false, code, message, resolutionFailed } : { ok: false, code, message };
}

/** RFC 6761: `localhost` names are loopback by definition and are never asked of DNS. */
function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

async function resolveWithTimeout(resolve: HostResolver, host: string, timeoutMs: number): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`resolving ${host} took longer than ${timeoutMs} ms`)), timeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([resolve(host), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Checks a webhook URL: syntax, scheme, no credentials, and every address of its host public. */
export async function checkWebhookUrl(input: string, options: UrlCheckOptions = {}): Promise<UrlCheck> {
  if (input.length > MAX_URL_LENGTH) return refuse('url_invalid', `The URL must be at most ${MAX_URL_LENGTH} characters.`);
  let url: URL;
  try {
    // WHATWG parsing also normalises IPv4 in decimal, octal and hex forms (`http://2130706433`,
    // `0177.0.0.1`, `0x7f.1` all become 127.0.0.1), so the address check below sees the real address.
    url = new URL(input);
  } catch {
    return refuse('url_invalid', 'Not a valid URL.');
  }
  const allowLocal = options.allowLocal === true;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowLocal)) {
    return refuse(
      'url_not_https',
      url.protocol === 'http:' ? 'The URL must use https.' : `The URL must use https, not ${url.protocol.replace(/:$/, '')}.`,
    );
  }
  // Credentials would be sent to the receiver on every delivery and logged wherever the URL is shown.
  if (url.username !== '' || url.password !== '') return refuse('url_invalid', 'The URL must not contain a user name or password.');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') return refuse('url_invalid', 'The URL has no host.');
  const port = url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;

  let addresses: string[];
  if (isIP(host) !== 0) addresses = [host];
  else if (isLocalhostName(host)) addresses = ['127.0.0.1', '::1'];
  // D-60: never asked of DNS (example.com has public addresses); the test environment takes these
  // URLs to the built-in receiver before this check, so here they are hosts that do not resolve.
  else if (isDocumentationHost(host))
    return refuse('url_invalid', `The host ${host} is reserved for documentation and is not resolved (only test keys may use it).`, true);
  else {
    try {
      addresses = await resolveWithTimeout(options.resolve ?? systemResolver, host, options.resolveTimeoutMs ?? DEFAULT_RESOLVE_TIMEOUT_MS);
    } catch {
      return refuse('url_invalid', `The host ${host} could not be resolved.`, true);
    }
    if (addresses.length === 0) return refuse('url_invalid', `The host ${host} has no addresses.`, true);
  }

  for (const address of addresses) {
    const verdict = classifyAddress(address);
    if (verdict.public || (allowLocal && verdict.loopback)) continue;
    const subject = address === host ? address : `${host} resolves to ${address}, which`;
    return refuse('url_not_public', `${subject} is not a public address (${verdict.range}).`);
  }
  return { ok: true, url: url.href, host, port, addresses: [...new Set(addresses)] };
}
