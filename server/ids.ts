// Identifiers and secrets at the ground floor: random ids, SHA-256 of stored secrets, constant-time
// comparison. Every layer may import this file; it imports nothing of the server.
import { createHash, hash, randomInt, timingSafeEqual } from 'node:crypto';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(BASE62.length)];
  return out;
}

/** A public id: a resource prefix and 24 base62 characters from a CSPRNG (`we_…`, `ch_…`). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBase62(24)}`;
}

/**
 * Keys and tokens are stored as their SHA-256 only (D-02). Every authenticated request hashes its
 * key: the one-shot `hash` makes no Hash object (about a quarter of createHash's time, Node 20.12+).
 */
export function hashSecret(value: string): string {
  return hash('sha256', value, 'hex');
}

/** Constant-time string comparison (admin token, webhook signatures): hashing first evens the lengths. */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right) && a.length === b.length;
}

/** The two environments every account has (spec 2.1): a key, a prefix and every resource belong to one. */
export type Environment = 'live' | 'test';
