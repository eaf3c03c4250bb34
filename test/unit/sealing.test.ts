// Secrets at rest: what server/sealing.ts promises, and how the sealing key is
// configured (server/config.ts): a sealed value opens only under its key, for its purpose, unaltered.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SECRET_KEY_FILE, secretKeyOf } from '../../server/config.js';
import { createSealer, generateSecretKey, parseSecretKey, SealError } from '../../server/sealing.js';

const KEY = parseSecretKey(generateSecretKey())!;
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const PURPOSE = 'webhook_endpoints.secret:we_1';

function reasonOf(open: () => string): string {
  try {
    open();
  } catch (error) {
    if (error instanceof SealError) return error.reason;
    throw error;
  }
  return 'opened';
}

/** The sealed form with one character of the given part (0 key id … 3 ciphertext) changed. */
function alter(sealed: string, part: number): string {
  const parts = sealed.split(':');
  const index = part + 2;
  const text = parts[index]!;
  parts[index] = `${text[0] === 'A' ? 'B' : 'A'}${text.slice(1)}`;
  return parts.join(':');
}

describe('sealing', () => {
  it('opens what it sealed; the sealed form shows neither the secret nor the key', () => {
    const sealer = createSealer(KEY);
    const sealed = sealer.seal(SECRET, PURPOSE);
    expect(sealed).toMatch(/^sealed:v1:[A-Za-z0-9_-]{8}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toContain(SECRET.slice('whsec_'.length));
    expect(sealed).not.toContain(KEY.toString('base64url'));
    expect(sealer.open(sealed, PURPOSE)).toBe(SECRET);
  });

  it('seals the same secret differently every time (a fresh IV)', () => {
    const sealer = createSealer(KEY);
    const sealed = new Set(Array.from({ length: 50 }, () => sealer.seal(SECRET, PURPOSE)));
    expect(sealed.size).toBe(50);
  });

  it('refuses a value sealed under another key, saying so', () => {
    const other = createSealer(parseSecretKey(generateSecretKey())!);
    const sealed = other.seal(SECRET, PURPOSE);
    const sealer = createSealer(KEY);
    expect(reasonOf(() => sealer.open(sealed, PURPOSE))).toBe('other_key');
    expect(() => sealer.open(sealed, PURPOSE)).toThrow(/sealed under another key/);
    // A forged key id does not help: the tag does not verify under this key.
    const forged = sealed.replace(`:${other.keyId}:`, `:${sealer.keyId}:`);
    expect(reasonOf(() => sealer.open(forged, PURPOSE))).toBe('failed');
  });

  it('refuses a value altered in its IV, tag or ciphertext', () => {
    const sealer = createSealer(KEY);
    const sealed = sealer.seal(SECRET, PURPOSE);
    for (const part of [1, 2, 3]) expect(reasonOf(() => sealer.open(alter(sealed, part), PURPOSE))).toBe('failed');
    expect(reasonOf(() => sealer.open(`${sealed}AA`, PURPOSE))).toBe('failed');
    expect(reasonOf(() => sealer.open(sealed.split(':').slice(0, 5).join(':'), PURPOSE))).toBe('malformed');
    expect(reasonOf(() => sealer.open(SECRET, PURPOSE))).toBe('malformed');
  });

  it('refuses a value sealed for another purpose (another row or column)', () => {
    const sealer = createSealer(KEY);
    const sealed = sealer.seal(SECRET, PURPOSE);
    expect(reasonOf(() => sealer.open(sealed, 'webhook_endpoints.secret:we_2'))).toBe('failed');
  });

  it('reads a key as 64 hex characters, base64 or base64url of 32 bytes, and nothing else', () => {
    expect(parseSecretKey(KEY.toString('hex'))).toEqual(KEY);
    expect(parseSecretKey(KEY.toString('base64'))).toEqual(KEY);
    expect(parseSecretKey(KEY.toString('base64url'))).toEqual(KEY);
    expect(parseSecretKey(KEY.subarray(0, 16).toString('base64'))).toBeNull();
    expect(parseSecretKey('correct horse battery staple')).toBeNull();
    expect(parseSecretKey('')).toBeNull();
  });
});

describe('SVC_SECRET_KEY', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is required with DATABASE_URL: the start error names it', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db.example.com/svc' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db.example.com/svc' })).toThrow(/SVC_SECRET_KEY: required with DATABASE_URL/);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example.com/svc', SVC_SECRET_KEY: KEY.toString('hex') }).SVC_SECRET_KEY).toBe(
      KEY.toString('hex'),
    );
  });

  it('refuses a value that is not a 32-byte key, naming the variable', () => {
    expect(() => loadConfig({ SVC_SECRET_KEY: 'short' })).toThrow(/SVC_SECRET_KEY: must be 32 random bytes/);
  });

  it('wins over the key file when set', () => {
    const config = loadConfig({ SVC_SECRET_KEY: KEY.toString('base64') });
    expect(secretKeyOf(config, '/nonexistent')).toEqual({ key: KEY, origin: 'SVC_SECRET_KEY' });
  });

  it('is generated into the embedded database directory with mode 0600 when unset, then read back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-key-'));
    dirs.push(dir);
    const config = loadConfig({});
    const first = secretKeyOf(config, dir);
    expect(first.origin).toBe('generated');
    expect(first.file).toBe(join(dir, SECRET_KEY_FILE));
    expect(statSync(first.file!).mode & 0o777).toBe(0o600);
    expect(parseSecretKey(readFileSync(first.file!, 'utf8'))).toEqual(first.key);
    const again = secretKeyOf(config, dir);
    expect(again.origin).toBe('file');
    expect(again.key).toEqual(first.key);
  });

  it('is a per-process key for an in-memory database, written nowhere', () => {
    const source = secretKeyOf(loadConfig({}), 'memory://');
    expect(source.origin).toBe('ephemeral');
    expect(source.key).toHaveLength(32);
  });
});
