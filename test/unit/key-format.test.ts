// API key format, hashing and constant-time comparison (D-02): `svc_{sk|pk}_{live|test}_` followed by
// 32 base62 characters from a CSPRNG, stored only as a SHA-256 hash.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateApiKey, keyPrefix, parseApiKey, type KeyType } from '../../server/domain/keys/key-format.js';
import { hashSecret, newId, randomBase62, safeEqual, type Environment } from '../../server/ids.js';

const SEED = 20261122;
const KINDS: [KeyType, Environment, string][] = [
  ['secret', 'live', 'svc_sk_live_'],
  ['secret', 'test', 'svc_sk_test_'],
  ['publishable', 'live', 'svc_pk_live_'],
  ['publishable', 'test', 'svc_pk_test_'],
];
const BASE62 = /^[A-Za-z0-9]*$/;

describe('key prefixes (spec 2.1)', () => {
  it.each(KINDS)('%s %s keys start with %s', (type, environment, prefix) => {
    expect(keyPrefix(type, environment)).toBe(prefix);
  });
});

describe('generateApiKey', () => {
  it.each(KINDS)('a %s %s key is the prefix and 32 base62 characters, and parses back', (type, environment, prefix) => {
    const key = generateApiKey(type, environment);
    expect(key).toHaveLength(prefix.length + 32);
    expect(key.startsWith(prefix)).toBe(true);
    expect(key.slice(prefix.length)).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(parseApiKey(key)).toEqual({ type, environment });
  });

  it('never repeats and uses the whole base62 alphabet', () => {
    const keys = Array.from({ length: 2000 }, () => generateApiKey('secret', 'test'));
    expect(new Set(keys).size).toBe(keys.length);
    const seen = new Set(keys.flatMap((k) => [...k.slice('svc_sk_test_'.length)]));
    expect(seen.size).toBe(62);
  });
});

describe('randomBase62 and newId', () => {
  it('gives exactly the length asked for, in base62', () => {
    for (const length of [0, 1, 4, 24, 32, 100]) {
      const value = randomBase62(length);
      expect(value).toHaveLength(length);
      expect(value).toMatch(BASE62);
    }
  });

  it('makes ids as prefix, underscore and 24 base62 characters', () => {
    expect(newId('we')).toMatch(/^we_[A-Za-z0-9]{24}$/);
    expect(newId('key')).toMatch(/^key_[A-Za-z0-9]{24}$/);
    expect(newId('key')).not.toBe(newId('key'));
  });
});

describe('parseApiKey', () => {
  const body = 'A'.repeat(16) + 'z9'.repeat(8);

  it('accepts every well-formed key', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), fc.stringMatching(/^[A-Za-z0-9]{32}$/), ([type, environment, prefix], rest) => {
        expect(parseApiKey(`${prefix}${rest}`)).toEqual({ type, environment });
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it.each([
    ['empty', ''],
    ['prefix only', 'svc_sk_test_'],
    ['31 characters', `svc_sk_test_${body.slice(1)}`],
    ['33 characters', `svc_sk_test_${body}A`],
    ['a character outside base62', `svc_sk_test_${body.slice(1)}-`],
    ['an underscore in the body', `svc_sk_test_${body.slice(1)}_`],
    ['a non-ASCII letter', `svc_sk_test_${body.slice(1)}é`],
    ['a leading space', ` svc_sk_test_${body}`],
    ['a trailing newline', `svc_sk_test_${body}\n`],
    ['an upper-case prefix', `SVC_SK_TEST_${body}`],
    ['another product word', `abc_sk_test_${body}`],
    ['an unknown type', `svc_xk_test_${body}`],
    ['an unknown environment', `svc_sk_prod_${body}`],
    ['environment and type swapped', `svc_test_sk_${body}`],
    ['a personal access token', `svc_pat_${body}${body.slice(0, 8)}`],
    ['the Bearer scheme included', `Bearer svc_sk_test_${body}`],
  ])('refuses %s', (_label, value) => {
    expect(parseApiKey(value)).toBeNull();
  });

  it('never accepts anything that is not exactly the format', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (value) => {
        const parsed = parseApiKey(value);
        expect(parsed === null).toBe(!/^svc_(sk|pk)_(live|test)_[A-Za-z0-9]{32}$/.test(value));
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});

describe('hashSecret (keys are stored only as SHA-256)', () => {
  it('is the lower-case hex SHA-256 of the UTF-8 text', () => {
    expect(hashSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashSecret('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hashSecret('é')).toBe(createHash('sha256').update(Buffer.from('é', 'utf8')).digest('hex'));
  });

  it('is deterministic, 64 hex characters, and differs for different keys', () => {
    const a = generateApiKey('secret', 'live');
    const b = generateApiKey('secret', 'live');
    // SHA-256 of 'abc', the FIPS 180-2 published vector: what is stored is the plain SHA-256 hex.
    expect(hashSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashSecret(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecret(a)).not.toBe(hashSecret(b));
  });
});

describe('safeEqual (constant-time compare)', () => {
  it.each([
    ['same text', 'test-admin-token-0123456789abcdef', 'test-admin-token-0123456789abcdef', true],
    ['both empty', '', '', true],
    ['one character different', 'test-admin-token-0123456789abcdef', 'test-admin-token-0123456789abcdeg', false],
    ['a prefix', 'test-admin-token', 'test-admin-token-0123456789abcdef', false],
    ['an extension', 'test-admin-token-0123456789abcdef', 'test-admin-token-0123456789abcdef0', false],
    ['empty against text', '', 'x', false],
    ['case differs', 'Token', 'token', false],
    ['non-ASCII', 'clé', 'clé', true],
  ])('%s', (_label, a, b, expected) => {
    expect(safeEqual(a, b)).toBe(expected);
    expect(safeEqual(b, a)).toBe(expected);
  });

  it('agrees with === for any two strings', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(safeEqual(a, b)).toBe(a === b);
        expect(safeEqual(a, a)).toBe(true);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});
