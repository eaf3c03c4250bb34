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

/**
 * A secret field's key as JSON.stringify writes it: quoted, then a colon. Case-insensitive with
 * Unicode case folding, which matches every key `isSecretField` does (toLowerCase turns the Kelvin
 * sign into a k; the `u` flag folds it too). The names are letters and hyphens, nothing a pattern
 * reads as syntax. A key it matches needlessly only costs the full walk.
 */
const SECRET_KEY_IN_JSON = new RegExp(`"(?:${[...SECRET_FIELDS].join('|')})":`, 'iu');
/** SECRET_VALUE without the global flag, whose test() would carry a position from one text to the next. */
const SECRET_VALUE_ANYWHERE = new RegExp(SECRET_VALUE.source);

/** True when no object or array in the JSON text nests deeper than `limit`; brackets inside strings are skipped. */
function nestsAtMost(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return false;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return true;
}

/**
 * `JSON.stringify(redactJson(value))`, without the copy when there is nothing to redact: the value's
 * own JSON text is kept when it names no secret field, holds no secret-looking string and nests no
 * deeper than the copy would keep. Most bodies the request log keeps (D-51) are such. The copy was
 * more than half of what the log allocated per request, and skipping it takes 4 to 8 % off the
 * server's CPU per request on the GET and the POST of `npm run bench:http` (bench/README.md).
 * `answered` is the value's JSON text when the caller has it already (an answer as it was sent).
 */
export function redactedJsonText(value: unknown, answered?: string): string {
  let text = answered;
  if (text === undefined)
    try {
      text = JSON.stringify(value);
    } catch {
      // Too deep for the native serialiser, or not JSON at all: the copy below decides.
    }
  if (text !== undefined && !SECRET_KEY_IN_JSON.test(text) && !SECRET_VALUE_ANYWHERE.test(text) && nestsAtMost(text, MAX_DEPTH))
    return text;
  return JSON.stringify(redactJson(value));
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
