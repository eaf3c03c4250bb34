// What a log line or a kept copy of a request must never carry: secrets named by their field
// (webhook signing secrets, tokens, keys, credentials headers) and secrets recognised by their form
// wherever they appear (`whsec_…` signing secrets, `svc_sk_…`/`svc_pk_…` API keys, V1 personal
// access tokens, generated operator tokens). The logger redacts the same field names (logger.ts);
// the request log (D-51) copies bodies through `redactJson` and text through `redactText`.

export const REDACTED = '[redacted]';

/** Fields whose value is a secret whatever it looks like (the logger's pino paths are built from these). */
export const SECRET_FIELD_NAMES = ['secret', 'apiKey', 'token'] as const;

/** Compared in lower case: the names above, credential headers and signature headers. */
const SECRET_FIELDS = new Set([
  ...SECRET_FIELD_NAMES.map((name) => name.toLowerCase()),
  'password',
  'authorization',
  'x-auth-svc',
  'x-svc-signature',
  'webhook-signature',
]);

/** D-02 keys, D-21 signing secrets, D-40 personal access tokens and generated operator tokens. */
const SECRET_VALUE = /whsec_[A-Za-z0-9+/=]+|svc_(?:sk|pk)_(?:live|test)_[0-9A-Za-z]{32}|svc_pat_[0-9A-Za-z]{40}|adm_[A-Za-z0-9_-]{32}/g;

/** Deeper than the request bound of 32 levels (D-48): a value past it is dropped, not copied. */
const MAX_DEPTH = 64;

export function isSecretField(name: string): boolean {
  return SECRET_FIELDS.has(name.toLowerCase());
}

/** The text with every secret of a known form replaced. */
export function redactText(text: string): string {
  return text.replace(SECRET_VALUE, REDACTED);
}

/** A copy of a JSON value with secret fields and secret-looking strings replaced. */
export function redactJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactJson(item, depth + 1));
  const copy = Object.create(null) as Record<string, unknown>;
  for (const [name, member] of Object.entries(value)) copy[name] = isSecretField(name) ? REDACTED : redactJson(member, depth + 1);
  return copy;
}
