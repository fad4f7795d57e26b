import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Seals secrets for storage (the IMAP password or token of a prefix) and opens them again. */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the value was sealed with another key or altered. */
  open(sealed: string): string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM with a fresh 96-bit IV per value: `v1:<base64 iv | tag | ciphertext>`. GCM's tag
 * makes a value altered in the database fail to open instead of yielding a wrong secret.
 */
export function createSecretBox(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new Error(`a secret key must be 32 bytes, not ${key.length}`);
  const keyBytes = Buffer.from(key);
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyBytes, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed) {
      const [version, payload] = sealed.split(':', 2);
      if (version !== VERSION || payload === undefined) throw new Error('not a sealed secret');
      const bytes = Buffer.from(payload, 'base64');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('sealed secret too short');
      const decipher = createDecipheriv('aes-256-gcm', keyBytes, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * A 32-byte key written as 64 hex digits or as base64 (44 characters); null when it is neither.
 * Hex is tried first: 64 hex digits are also valid base64, of 48 bytes.
 */
export function parseSecretKey(text: string): Uint8Array | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return new Uint8Array(Buffer.from(value, 'hex'));
  if (/^[A-Za-z0-9+/]{43}=$/.test(value) || /^[A-Za-z0-9_-]{43}$/.test(value)) {
    const bytes = Buffer.from(value, value.endsWith('=') ? 'base64' : 'base64url');
    return bytes.length === 32 ? new Uint8Array(bytes) : null;
  }
  return null;
}
