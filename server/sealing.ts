// Secrets sealed at rest: AES-256-GCM from node:crypto under the service key
// (SVC_SECRET_KEY, or the key generated into the embedded database's directory). A sealed value is
// one printable string, so it fits any text column:
//
//   sealed:v1:<key id>:<iv>:<tag>:<ciphertext>      (base64url parts)
//
// - The key id (8 characters derived from the key, not the key) tells "sealed under another key"
//   apart from "tampered with", so a wrong SVC_SECRET_KEY fails with a message that says so.
// - Every value is sealed for one purpose and one row (the additional authenticated data, e.g.
//   `webhook_endpoints.secret:we_…`): a sealed value copied into another row or column fails to open.
// - A fresh 96-bit random IV per seal (the GCM nonce size); the 128-bit tag is checked on open.
// Ground floor: imports nothing of the server.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'sealed:v1:';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

/** Why a value did not open: `other_key` (sealed under another SVC_SECRET_KEY), `failed` (altered, or another purpose), `malformed`. */
export class SealError extends Error {
  constructor(
    message: string,
    readonly reason: 'other_key' | 'failed' | 'malformed' = 'malformed',
  ) {
    super(message);
  }
}

export interface Sealer {
  /** Derived from the key; shown in errors and in the sealed form, never the key itself. */
  readonly keyId: string;
  seal: (plaintext: string, purpose: string) => string;
  /** Throws SealError when the value was sealed under another key, for another purpose, or altered. */
  open: (sealed: string, purpose: string) => string;
}

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

/**
 * The key from its text form: 64 hex characters, or base64 / base64url of exactly 32 bytes
 * (`openssl rand -base64 32`). Returns null for anything else.
 */
export function parseSecretKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === SECRET_KEY_BYTES ? bytes : null;
}

/** A new random key in the form parseSecretKey reads (base64url, 43 characters). */
export function generateSecretKey(): string {
  return randomBytes(SECRET_KEY_BYTES).toString('base64url');
}

export function createSealer(key: Buffer): Sealer {
  if (key.length !== SECRET_KEY_BYTES) throw new SealError(`The sealing key must be ${SECRET_KEY_BYTES} bytes, not ${key.length}.`);
  // A copy, so a caller clearing or reusing its buffer changes nothing here.
  const secretKey = Buffer.from(key);
  const keyId = createHash('sha256').update('svc-sealing-key-id\n').update(secretKey).digest('base64url').slice(0, 8);

  return {
    keyId,
    seal: (plaintext, purpose) => {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, secretKey, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${PREFIX}${keyId}:${iv.toString('base64url')}:${tag.toString('base64url')}:${ciphertext.toString('base64url')}`;
    },
    open: (sealed, purpose) => {
      if (!isSealed(sealed)) throw new SealError('The value is not sealed.');
      const parts = sealed.slice(PREFIX.length).split(':');
      if (parts.length !== 4) throw new SealError('The sealed value is malformed.');
      const [sealedKeyId, ivText, tagText, ciphertextText] = parts as [string, string, string, string];
      if (sealedKeyId !== keyId)
        throw new SealError(
          `The value was sealed under another key (key id ${sealedKeyId}; SVC_SECRET_KEY is key id ${keyId}). Start with the key it was sealed under.`,
          'other_key',
        );
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SealError('The sealed value is malformed.');
      try {
        const decipher = createDecipheriv(ALGORITHM, secretKey, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(purpose, 'utf8'));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        // GCM says only "unable to authenticate": altered bytes, or a value sealed for another purpose.
        throw new SealError('The sealed value failed authentication: it was altered, or sealed for another purpose.', 'failed');
      }
    },
  };
}
