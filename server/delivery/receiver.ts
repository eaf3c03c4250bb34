// The built-in test receiver as a webhook endpoint (D-59). Its URLs are the service's own
// `/sandbox/webhook-receiver/ok` and `/fail` on its public URL (D-54). Registered with a test key,
// such an endpoint is marked as the receiver and its attempts are delivered in-process: signed,
// retried, logged and auto-disabled like any other, only without a network request, so no
// address check is needed and the SSRF guard (D-23, D-24) stays as strict as it is for every other
// URL. With a live key the URL is checked like any other (and refused unless D-24's hatch is on).
import { performance } from 'node:perf_hooks';
import type { AppDeps } from '../deps.js';
import { isDocumentationHost } from './example-hosts.js';
import { recordReceived } from '../store/webhook-inbox.js';
import type { AttemptOutcome } from './post.js';

export const RECEIVER_PATH = '/sandbox/webhook-receiver';
export const RECEIVER_KINDS = ['ok', 'fail'] as const;
export type ReceiverKind = (typeof RECEIVER_KINDS)[number];

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const RECEIVER_SHAPE = new RegExp(`${RECEIVER_PATH}/(ok|fail)$`);

/** The receiver's two URLs on the service's public URL. */
export function receiverUrls(publicUrl: string): Record<ReceiverKind, string> {
  return { ok: `${publicUrl}${RECEIVER_PATH}/ok`, fail: `${publicUrl}${RECEIVER_PATH}/fail` };
}

function parsed(input: string): URL | null {
  try {
    const url = new URL(input);
    return url.username === '' && url.password === '' && url.search === '' && url.hash === '' ? url : null;
  } catch {
    return null;
  }
}

function effectivePort(url: URL): string {
  return url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : '80';
}

/**
 * Which receiver a URL names, or null: exactly one of `receiverUrls(publicUrl)` once normalised, or,
 * when the public URL is itself a loopback address (the default `http://127.0.0.1:4000`), the same
 * path on another loopback name of that port (`localhost`, `127.0.0.1`, `[::1]`).
 */
export function builtinReceiverOf(input: string, publicUrl: string): ReceiverKind | null {
  const url = parsed(input);
  const own = parsed(publicUrl);
  if (!url || !own) return null;
  for (const kind of RECEIVER_KINDS) {
    if (url.href === new URL(receiverUrls(publicUrl)[kind]).href) return kind;
    const loopbackAlias =
      own.protocol === 'http:' &&
      url.protocol === 'http:' &&
      LOOPBACK_NAMES.has(own.hostname) &&
      LOOPBACK_NAMES.has(url.hostname) &&
      effectivePort(url) === effectivePort(own) &&
      url.pathname === `${RECEIVER_PATH}/${kind}`;
    if (loopbackAlias) return kind;
  }
  return null;
}

/**
 * D-60: an https URL on a host reserved for documentation (`https://hooks.example.com/svc`) is the
 * receiver's `ok` in the test environment, so the document's examples work as printed. Credentials
 * and other schemes are left to the ordinary check, which refuses them.
 */
export function exampleReceiverOf(input: string): ReceiverKind | null {
  try {
    const url = new URL(input);
    const plain = url.protocol === 'https:' && url.username === '' && url.password === '';
    return plain && isDocumentationHost(url.hostname) ? 'ok' : null;
  } catch {
    return null;
  }
}

/** A URL whose path ends like a receiver URL, on any host: only the verb, which knows the caller, decides on it. */
export function looksLikeReceiver(input: string): boolean {
  const url = parsed(input);
  return url !== null && RECEIVER_SHAPE.test(url.pathname);
}

export interface ReceiverDelivery {
  kind: ReceiverKind;
  /** The signed headers of the attempt (signing.ts), as they would have been sent. */
  headers: Record<string, string>;
  body: string;
  accountId: string;
  endpointId: string;
  deliveryId: string;
}

/** One attempt, in-process: kept as the receiver would have received it; `ok` acknowledges, `fail` answers 500. */
export async function deliverToReceiver(
  deps: Pick<AppDeps, 'db' | 'clock' | 'logger'>,
  delivery: ReceiverDelivery,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const answeredStatus = delivery.kind === 'ok' ? 200 : 500;
  await recordReceived(
    deps.db,
    {
      receivedAt: deps.clock.now(),
      path: delivery.kind,
      answeredStatus,
      headers: Object.fromEntries(Object.entries(delivery.headers).map(([name, value]) => [name.toLowerCase(), value])),
      body: delivery.body,
      via: 'in_process',
      accountId: delivery.accountId,
      endpointId: delivery.endpointId,
      deliveryId: delivery.deliveryId,
    },
    deps.logger,
  );
  return {
    statusCode: answeredStatus,
    durationMs: Math.max(0, Math.round(performance.now() - started)),
    errorClass: answeredStatus === 200 ? null : 'http_status',
  };
}
