// API key format (D-02): `svc_{sk|pk}_{live|test}_` + 32 base62 characters from a CSPRNG. Only the
// SHA-256 of a key is stored; the key is shown once.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

export type KeyType = 'secret' | 'publishable';
export type Environment = 'live' | 'test';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(BASE62.length)];
  return out;
}

export function keyPrefix(type: KeyType, environment: Environment): string {
  return `svc_${type === 'secret' ? 'sk' : 'pk'}_${environment}_`;
}

export function generateApiKey(type: KeyType, environment: Environment): string {
  return `${keyPrefix(type, environment)}${randomBase62(32)}`;
}

const KEY_PATTERN = /^svc_(sk|pk)_(live|test)_[A-Za-z0-9]{32}$/;

export function parseApiKey(value: string): { type: KeyType; environment: Environment } | null {
  const match = KEY_PATTERN.exec(value);
  if (!match) return null;
  return { type: match[1] === 'sk' ? 'secret' : 'publishable', environment: match[2] as Environment };
}

export function hashSecret(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time string comparison (admin token, webhook signatures). */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBase62(24)}`;
}
