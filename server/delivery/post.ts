// One HTTP attempt (spec 6.4, D-23). The connection goes to the addresses the SSRF check approved:
// undici's connector gets a `lookup` that answers with them, so no second DNS lookup can swap in a
// private address between the check and the connect (DNS rebinding). The URL keeps its host name,
// so the Host header and the TLS server name (SNI and certificate check) stay the endpoint's name.
// Connections are kept alive per origin *and* checked address set: the next attempt
// reuses one only when this attempt's check approved exactly the addresses it was opened to.
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Agent } from 'undici';
// undici loads on the first attempt, not at start (start time).
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

/** Kept-alive agents by origin, checked addresses and timeout; the oldest is closed past the bound. */
const agents = new Map<string, Agent>();
const MAX_AGENTS = 256;
/** Idle connections close after this long (receivers commonly keep them 5 s or more). */
const KEEP_ALIVE_MS = 4_000;

async function agentFor(input: PostInput): Promise<Agent> {
  const key = `${new URL(input.url).origin}|${[...input.addresses].sort().join(',')}|${input.timeoutMs}`;
  const known = agents.get(key);
  if (known) {
    // Most recently used last, so the bound evicts the least recently used.
    agents.delete(key);
    agents.set(key, known);
    return known;
  }
  const { Agent: UndiciAgent } = await undici();
  const agent = new UndiciAgent({
    connect: { lookup: pinnedLookup(input.addresses), timeout: input.timeoutMs },
    keepAliveTimeout: KEEP_ALIVE_MS,
    keepAliveMaxTimeout: KEEP_ALIVE_MS,
  });
  agents.set(key, agent);
  for (const [oldKey, old] of agents) {
    if (agents.size <= MAX_AGENTS) break;
    agents.delete(oldKey);
    void old.close().catch(() => undefined);
  }
  return agent;
}

export async function postWebhook(input: PostInput): Promise<AttemptOutcome> {
  const { request } = await undici();
  const agent = await agentFor(input);
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
  }
}
