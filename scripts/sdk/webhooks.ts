// Webhook verification for partners (spec 6.3, D-20). Shipped inside the generated SDK: `npm run
// generate` copies this file to generated/client/webhooks.ts. It must stay self-contained (Node's crypto
// only), because it is read by partners' code, not by the server.
//
// It imports nothing at the top: the SDK's main entry re-exports it, and a browser bundle of that entry
// must not meet a `node:` import. Node's crypto is fetched when a signature is computed, with
// `process.getBuiltinModule` (Node 20.16 and later; the package needs 20.19), so verifying runs on a
// server and a frontend that only imports the SDK never loads it (D-68).
//
// Express example: verify against the raw bytes, never against a re-serialised object.
//
//   app.post('/svc-webhooks', express.raw({ type: 'application/json' }), (req, res) => {
//     const event = verifyWebhook(req.body, req.headers, [process.env.SVC_WEBHOOK_SECRET!]);
//     // de-duplicate on event.deliveryId, then act on event.event
//     res.sendStatus(204);
//   });
type NodeCrypto = typeof import('node:crypto');

/** Node's crypto module, or a clear error where there is none (a browser). */
function nodeCrypto(): NodeCrypto {
  const crypto = globalThis.process?.getBuiltinModule?.('node:crypto');
  if (!crypto)
    throw new WebhookVerificationError(
      'Webhook signatures are checked on your server: verifyWebhook and generateTestHeaders need Node.js 20.19 or later (node:crypto).',
    );
  return crypto;
}

const DEFAULT_TOLERANCE_SECONDS = 300;
const SECRET_PREFIX = 'whsec_';

/** The common fields of every delivery body (spec 6.1, 6.2); the rest depends on `event`. */
export interface WebhookEvent {
  event: string;
  deliveryId: string;
  timestamp: string;
  [field: string]: unknown;
}

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** Largest accepted distance between the signature timestamp and now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** Current time in milliseconds since the epoch (default `Date.now`); tests pass a fixed clock. */
  now?: () => number;
}

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

const RAW_BODY_HINT =
  'Pass the raw request body exactly as received (a string, Buffer or Uint8Array), for example with express.raw({ type: "application/json" }); a parsed and re-serialised body does not match the signature.';

function rawText(rawBody: unknown): string {
  if (typeof rawBody === 'string') return rawBody;
  if (rawBody instanceof Uint8Array) return new TextDecoder('utf-8').decode(rawBody);
  if (rawBody !== null && typeof rawBody === 'object')
    throw new WebhookVerificationError(`verifyWebhook was given a parsed object, not the raw body. ${RAW_BODY_HINT}`);
  throw new WebhookVerificationError(`verifyWebhook needs the raw request body. ${RAW_BODY_HINT}`);
}

function headerOf(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof Headers !== 'undefined' && headers instanceof Headers) return headers.get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

function sameText(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  return left.length === right.length && nodeCrypto().timingSafeEqual(left, right);
}

function hexSignature(body: string, secret: string, timestamp: number): string {
  return nodeCrypto().createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

function standardSignature(id: string, body: string, secret: string, timestamp: number): string {
  const { createHmac, createSecretKey } = nodeCrypto();
  const key = createSecretKey(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}

interface Scheme {
  name: string;
  timestamp: number;
  matches: (secret: string) => boolean;
}

/** The signature schemes present on the request: X-Svc-Signature first, then Standard Webhooks. */
function schemesOf(headers: WebhookHeaders, body: string): Scheme[] {
  const schemes: Scheme[] = [];
  const svc = headerOf(headers, 'x-svc-signature');
  if (svc) {
    const pairs = svc.split(',').map((part) => part.trim().split('='));
    const timestamp = Number(pairs.find(([k]) => k === 't')?.[1]);
    const signatures = pairs.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
    schemes.push({
      name: 'X-Svc-Signature',
      timestamp,
      matches: (secret) => signatures.some((s) => sameText(s, hexSignature(body, secret, timestamp))),
    });
  }
  const id = headerOf(headers, 'webhook-id');
  const stamp = headerOf(headers, 'webhook-timestamp');
  const signature = headerOf(headers, 'webhook-signature');
  if (id && stamp && signature) {
    const timestamp = Number(stamp);
    const signatures = signature
      .split(' ')
      .filter((s) => s.startsWith('v1,'))
      .map((s) => s.slice(3));
    schemes.push({
      name: 'webhook-signature',
      timestamp,
      matches: (secret) => signatures.some((s) => sameText(s, standardSignature(id, body, secret, timestamp))),
    });
  }
  return schemes;
}

/**
 * Verifies a delivery and returns its parsed body. Pass every secret that may currently be valid
 * (during a rotation: the old and the new one). Throws WebhookVerificationError otherwise.
 */
export function verifyWebhook<T extends WebhookEvent = WebhookEvent>(
  // A Buffer is a Uint8Array: Node's raw bodies pass as they are, without Node's types in the signature.
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secrets: readonly string[],
  options: VerifyWebhookOptions = {},
): T {
  const body = rawText(rawBody);
  const usable = secrets.filter((s) => typeof s === 'string' && s.length > 0);
  if (usable.length === 0) throw new WebhookVerificationError('No webhook secret given: pass the endpoint secret(s) starting with whsec_.');
  const schemes = schemesOf(headers, body);
  if (schemes.length === 0)
    throw new WebhookVerificationError(
      'No signature header: expected X-Svc-Signature or webhook-id, webhook-timestamp and webhook-signature.',
    );
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now ?? Date.now)() / 1000);
  let problem = '';
  for (const scheme of schemes) {
    if (!Number.isInteger(scheme.timestamp)) {
      problem ||= `The ${scheme.name} header has no valid timestamp.`;
      continue;
    }
    if (Math.abs(nowSeconds - scheme.timestamp) > tolerance) {
      problem ||= `The ${scheme.name} timestamp is more than ${tolerance} seconds away from now: check your clock, or this may be a replayed delivery.`;
      continue;
    }
    if (usable.some((secret) => scheme.matches(secret))) {
      try {
        return JSON.parse(body) as T;
      } catch {
        throw new WebhookVerificationError('The signature is valid but the body is not JSON.');
      }
    }
    problem ||= `No signature matches the given secret(s). Check the secret, and ${RAW_BODY_HINT.charAt(0).toLowerCase()}${RAW_BODY_HINT.slice(1)}`;
  }
  throw new WebhookVerificationError(problem);
}

/**
 * Headers of a validly signed delivery of `body`, for partners' own tests (like Stripe's
 * generateTestHeaderString). `timestamp` is unix seconds; the id defaults to the body's deliveryId.
 */
export function generateTestHeaders(
  body: string,
  secret: string,
  timestamp: number = Math.floor(Date.now() / 1000),
  deliveryId?: string,
): Record<string, string> {
  let id = deliveryId;
  let event = 'test';
  try {
    const parsed = JSON.parse(body) as Partial<WebhookEvent>;
    id ??= typeof parsed.deliveryId === 'string' ? parsed.deliveryId : undefined;
    if (typeof parsed.event === 'string') event = parsed.event;
  } catch {
    // Not JSON: sign it anyway, so tests can check how their handler treats a malformed body.
  }
  id ??= 'dlv_test';
  return {
    'Content-Type': 'application/json',
    'X-Svc-Signature': `t=${timestamp},v1=${hexSignature(body, secret, timestamp)}`,
    'X-Svc-Delivery-Id': id,
    'X-Svc-Event': event,
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${standardSignature(id, body, secret, timestamp)}`,
  };
}
