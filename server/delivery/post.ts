// One HTTP attempt (spec 6.4, D-23). The connection goes to the addresses the SSRF check approved:
// undici's connector gets a `lookup` that answers with them, so no second DNS lookup can swap in a
// private address between the check and the connect (DNS rebinding). The URL keeps its host name,
// so the Host header and the TLS server name (SNI and certificate check) stay the endpoint's name.
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
// undici loads on the first attempt, not at start (issue 17: start time).
const undici = () => import('undici');

export type AttemptErrorClass = 'http_status' | 'redirect' | 'timeout' | 'connection_error' | 'address_not_public' | 'endpoint_disabled';

export interface AttemptOutcome {
  statusCode: number | null;
  durationMs: number;
  /** Null when the receiver acknowledged (any 2xx). */
  errorClass: AttemptErrorClass | null;
}

export interface PostInput {
  url: string;
  /** Addresses approved by checkWebhookUrl; the only ones connected to. */
  addresses: readonly string[];
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** The body of a reply is ignored (spec 6.4); read a little so the socket closes cleanly, no more. */
const MAX_REPLY_BYTES = 64 * 1024;

function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) === 6 ? 6 : 4 }));
  return (_hostname, options, callback) => {
    const first = entries[0];
    if (!first) return callback(new Error('no checked address to connect to'), '', 0);
    if (options.all) return callback(null, entries);
    callback(null, first.address, first.family);
  };
}

export function classifyStatus(statusCode: number): AttemptErrorClass | null {
  if (statusCode >= 200 && statusCode < 300) return null;
  if (statusCode >= 300 && statusCode < 400) return 'redirect';
  return 'http_status';
}

function isConnectTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'UND_ERR_CONNECT_TIMEOUT';
}

export async function postWebhook(input: PostInput): Promise<AttemptOutcome> {
  const { Agent, request } = await undici();
  // One agent per attempt: its pinned lookup belongs to this attempt's check, and no pooled socket
  // to an address checked earlier is reused after the endpoint's DNS changed.
  const agent = new Agent({ connect: { lookup: pinnedLookup(input.addresses), timeout: input.timeoutMs } });
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, input.timeoutMs);
  const started = performance.now();
  const elapsed = (): number => Math.max(0, Math.round(performance.now() - started));
  try {
    // undici's request never follows redirects unless asked, so a 3xx arrives here as itself.
    const response = await request(input.url, {
      method: 'POST',
      headers: input.headers,
      body: input.body,
      dispatcher: agent,
      signal: abort.signal,
    });
    const durationMs = elapsed();
    await response.body.dump({ limit: MAX_REPLY_BYTES }).catch(() => undefined);
    return { statusCode: response.statusCode, durationMs, errorClass: classifyStatus(response.statusCode) };
  } catch (error) {
    return { statusCode: null, durationMs: elapsed(), errorClass: timedOut || isConnectTimeout(error) ? 'timeout' : 'connection_error' };
  } finally {
    clearTimeout(timer);
    await agent.destroy().catch(() => undefined);
  }
}
