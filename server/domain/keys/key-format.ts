// API key format (D-02): `svc_{sk|pk}_{live|test}_` + 32 base62 characters from a CSPRNG. Only the
// SHA-256 of a key is stored; the key is shown once.
import { randomBase62, type Environment } from '../../ids.js';

export type KeyType = 'secret' | 'publishable';

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
