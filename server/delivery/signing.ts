// Delivery signatures (spec 6.3, D-20, D-21). Two schemes on every delivery, so a partner can verify
// with our SDK, with Stripe's verifier (pointed at X-Svc-Signature) or with any Standard Webhooks
// library, whichever they already have. Both are computed afresh at each attempt from the endpoint's
// current secret and the wall clock (D-62), so a retry after a rotation carries the new secret's signature.
import { createHmac } from 'node:crypto';
import { safeEqual } from '../ids.js';

export const WEBHOOK_USER_AGENT = 'svc-webhooks/1';
/** Verifiers should refuse a timestamp further than this from their clock (D-20). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
const SECRET_PREFIX = 'whsec_';

export interface SignInput {
  deliveryId: string;
  event: string;
  /** The exact bytes sent, as stored in the outbox. */
  body: string;
  secret: string;
  /** Unix seconds, from the service clock. */
  timestamp: number;
}

/** `t=<unix seconds>,v1=<hex>`: HMAC-SHA256 over `{t}.{body}` keyed with the whole secret string (Stripe's layout). */
export function svcSignature(body: string, secret: string, timestamp: number): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/** The Standard Webhooks key is the base64 part after `whsec_`, decoded (not the string itself). */
function standardKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** `v1,<base64>`: HMAC-SHA256 over `{id}.{timestamp}.{body}` (Standard Webhooks). */
export function standardSignature(id: string, body: string, secret: string, timestamp: number): string {
  return `v1,${createHmac('sha256', standardKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** Every header of a delivery attempt (D-20). */
export function deliveryHeaders(input: SignInput): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': WEBHOOK_USER_AGENT,
    'X-Svc-Signature': svcSignature(input.body, input.secret, input.timestamp),
    'X-Svc-Delivery-Id': input.deliveryId,
    'X-Svc-Event': input.event,
    'webhook-id': input.deliveryId,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': standardSignature(input.deliveryId, input.body, input.secret, input.timestamp),
  };
}

function withinTolerance(timestamp: number, nowSeconds: number, toleranceSeconds: number): boolean {
  return Number.isInteger(timestamp) && Math.abs(nowSeconds - timestamp) <= toleranceSeconds;
}

/** Checks an `X-Svc-Signature` value against a body and secret (server-side tests and tooling). */
export function verifySvcSignature(
  header: string,
  body: string,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!withinTolerance(timestamp, nowSeconds, toleranceSeconds)) return false;
  const expected = svcSignature(body, secret, timestamp).split('v1=')[1] ?? '';
  return parts.filter(([k]) => k === 'v1').some(([, v]) => safeEqual(v ?? '', expected));
}

/** Checks Standard Webhooks headers against a body and secret. */
export function verifyStandardSignature(
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!withinTolerance(timestamp, nowSeconds, toleranceSeconds)) return false;
  const expected = standardSignature(headers.id, body, secret, timestamp);
  return headers.signature.split(' ').some((candidate) => safeEqual(candidate, expected));
}
