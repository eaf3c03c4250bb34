// Check "webhook_conformance": what the service delivered to an endpoint the runner registered on
// its built-in test receiver (D-59), read back through the operator API. Each delivery must carry
// the headers the document's `webhooks` section requires, verify with the secret the create
// answered under both signature schemes the document describes (X-Svc-Signature: hex HMAC-SHA256
// of `{t}.{raw body}` keyed with the whole `whsec_…` secret, D-20; Standard Webhooks: base64
// HMAC-SHA256 of `{id}.{t}.{raw body}` keyed with the secret's base64 part), be signed within 5
// minutes of the runner's own clock as it reads the delivery back, as a receiver checks it against
// its clock (the signed time is the wall clock's on every service clock, D-62), and its body must
// validate against the event's schema.
// The same computation as the SDK's verifier (scripts/sdk/webhooks.ts), repeated here because the
// runner must not depend on the SDK it checks.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { escapePointer, resolvePointer } from '../document.js';
import type { Validators } from '../validator.js';
import type { CheckResult, JsonObject } from '../types.js';

/** One request the receiver got (the operator API's ReceivedWebhook). */
export interface ReceivedDelivery {
  receivedAt: string;
  headers: Record<string, string>;
  body: string;
  endpointId: string | null;
  deliveryId: string | null;
}

const SECRET_PREFIX = 'whsec_';
const TOLERANCE_SECONDS = 300;

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Problems with the X-Svc-Signature header: `t=<unix seconds>,v1=<hex>`. */
function svcSignatureProblems(delivery: ReceivedDelivery, secret: string, nowSeconds: number): string[] {
  const header = delivery.headers['x-svc-signature'];
  if (!header) return ['X-Svc-Signature missing'];
  const pairs = header.split(',').map((part) => part.trim().split('='));
  const t = Number(pairs.find(([k]) => k === 't')?.[1]);
  const signatures = pairs.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!Number.isInteger(t)) return [`X-Svc-Signature has no timestamp: ${header}`];
  const problems: string[] = [];
  if (Math.abs(t - nowSeconds) > TOLERANCE_SECONDS)
    problems.push(`X-Svc-Signature t=${t} is more than 5 minutes from this machine's clock`);
  const expected = createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex');
  if (!signatures.some((s) => same(s, expected))) problems.push("X-Svc-Signature does not verify with the endpoint's secret");
  return problems;
}

/** Problems with the Standard Webhooks headers, when the delivery carries them. */
function standardSignatureProblems(delivery: ReceivedDelivery, secret: string): string[] {
  const id = delivery.headers['webhook-id'];
  const stamp = delivery.headers['webhook-timestamp'];
  const signature = delivery.headers['webhook-signature'];
  if (!id && !stamp && !signature) return [];
  if (!id || !stamp || !signature) return ['webhook-id, webhook-timestamp and webhook-signature must come together'];
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${stamp}.${delivery.body}`).digest('base64');
  const signatures = signature
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => s.slice(3));
  return signatures.some((s) => same(s, expected)) ? [] : ["webhook-signature does not verify with the endpoint's secret"];
}

/** Required header parameters of the event's description in the document's `webhooks`. */
function requiredHeaders(doc: JsonObject, event: string): string[] {
  const operation = (doc.webhooks as Record<string, { post?: { parameters?: { name: string; in: string; required?: boolean }[] } }>)[event]
    ?.post;
  return (operation?.parameters ?? []).filter((p) => p.in === 'header' && p.required).map((p) => p.name);
}

/** Judges one delivery: headers, both signatures, the event's payload schema. */
export function judgeDelivery(
  doc: JsonObject,
  validators: Validators,
  delivery: ReceivedDelivery,
  secret: string,
  now: () => number = Date.now,
): CheckResult {
  const label = `delivery ${delivery.deliveryId ?? '(no id)'}`;
  const fail = (problems: string[]): CheckResult => ({
    check: 'webhook_conformance',
    status: 'fail',
    message: `${label}: ${problems.join('; ')}`,
  });
  let payload: { event?: unknown };
  try {
    payload = JSON.parse(delivery.body) as { event?: unknown };
  } catch {
    return fail(['the body is not JSON']);
  }
  const event = typeof payload.event === 'string' ? payload.event : '';
  const webhooks = (doc.webhooks ?? {}) as Record<string, unknown>;
  if (!(event in webhooks)) return fail([`event ${JSON.stringify(payload.event)} is not in the document's webhooks`]);
  const problems: string[] = [];
  for (const name of requiredHeaders(doc, event)) if (!delivery.headers[name.toLowerCase()]) problems.push(`${name} missing`);
  if (delivery.headers['x-svc-event'] !== undefined && delivery.headers['x-svc-event'] !== event)
    problems.push(`X-Svc-Event ${delivery.headers['x-svc-event']} but the body says ${event}`);
  problems.push(...svcSignatureProblems(delivery, secret, Math.floor(now() / 1000)), ...standardSignatureProblems(delivery, secret));
  const pointer = resolvePointer(doc, `/webhooks/${escapePointer(event)}/post/requestBody/content/application~1json/schema`);
  const verdict = validators.check(pointer, payload, `${event} payload`);
  problems.push(...verdict.problems);
  return problems.length === 0 ? { check: 'webhook_conformance', status: 'pass' } : fail(problems);
}
