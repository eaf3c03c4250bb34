// The JSON text the request log keeps of a body (D-51) is what the redacting copy would serialise to,
// whether or not that copy is made (server/redaction.ts): a secret field in any spelling toLowerCase
// accepts, a secret-looking string anywhere, and a value nested past the copy's depth are caught
// exactly as before; a body with none of them is kept as its own JSON text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactedJsonText, redactJson, SECRET_FIELD_NAMES } from '../../server/redaction.js';

const redactedByCopy = (value: unknown): string => JSON.stringify(redactJson(value));

const secretKeys = [
  ...SECRET_FIELD_NAMES,
  'SECRET',
  'ApiKey',
  'api\u212Aey',
  'Authorization',
  'x-auth-svc',
  'Webhook-Signature',
  'password',
];
const secretStrings = [
  `whsec_${'Ab1+/='.repeat(4)}`,
  `svc_sk_test_${'a1B2'.repeat(8)}`,
  `svc_pk_live_${'Z9y8'.repeat(8)}`,
  `svc_pat_${'0aZ9'.repeat(10)}`,
  `adm_${'x_-Y'.repeat(8)}`,
];

/** JSON values where secret keys and secret-looking strings (alone or inside longer text) turn up now and then. */
const key = fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength: 8 }) }, { weight: 1, arbitrary: fc.constantFrom(...secretKeys) });
const leaf = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 4 }), fc.constantFrom(...secretStrings), fc.string({ maxLength: 4 }))
      .map((parts) => parts.join('')),
  },
);
const { json } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('json'), { maxLength: 4 }),
    fc.dictionary(key, tie('json'), { maxKeys: 4 }),
  ),
}));

function nested(levels: number): unknown {
  let value: unknown = { end: true };
  for (let i = 1; i < levels; i++) value = i % 2 ? [value] : { inner: value };
  return value;
}

describe('redactedJsonText', () => {
  it('is the redacting copy serialised, for any JSON value', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(redactedJsonText(value)).toBe(redactedByCopy(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('is the value itself serialised when it holds nothing to redact', () => {
    const body = { data: [{ id: 'wh_1', url: 'https://hooks.example.com/in', eventTypes: ['*'], secretLast4: 'ab12' }], hasMore: false };
    expect(redactedJsonText(body)).toBe(JSON.stringify(body));
  });

  it('replaces a secret field spelt with the Kelvin sign, as the copy does', () => {
    expect(JSON.parse(redactedJsonText({ 'api\u212Aey': 'k' }))).toEqual({ 'api\u212Aey': REDACTED });
  });

  it('replaces a secret-looking string in a key-free array and keeps a secret-looking key', () => {
    expect(JSON.parse(redactedJsonText([`see ${secretStrings[1]!}`]))).toEqual([`see ${REDACTED}`]);
    expect(JSON.parse(redactedJsonText({ [secretStrings[0]!]: 1 }))).toEqual({ [secretStrings[0]!]: 1 });
  });

  it('drops what nests past the copy’s depth, and keeps what does not', () => {
    for (const levels of [64, 65, 70, 500]) expect(redactedJsonText(nested(levels))).toBe(redactedByCopy(nested(levels)));
    expect(redactedJsonText(nested(64))).not.toContain(REDACTED);
    expect(redactedJsonText(nested(65))).toContain(REDACTED);
    // Closing brackets inside a string do not make deeper nesting after them look shallower.
    const misleading = { note: ']}'.repeat(40), deep: nested(65) };
    expect(redactedJsonText(misleading)).toBe(redactedByCopy(misleading));
  });
});
