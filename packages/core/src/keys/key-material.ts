import { hash, randomBytes } from 'node:crypto';
import type { Environment } from './scopes.js';

/** Bytes of randomness in a key; 32 bytes is 256 bits, far beyond guessing. */
const KEY_BYTES = 32;
export const KEY_PREFIX_LENGTH = 12;

/** A fresh key `sk_<env>_<43 base64url chars>` from the system CSPRNG. */
export function generateApiKey(environment: Environment): string {
  return `sk_${environment}_${randomBytes(KEY_BYTES).toString('base64url')}`;
}

/**
 * The stored form of a key. A plain SHA-256 suffices (no slow KDF): the key carries 256 random bits,
 * so there is nothing to brute-force, and lookups stay a single indexed equality.
 */
export function hashApiKey(key: string): string {
  // The one-shot form: it runs for every authenticated request, and is three times cheaper than createHash.
  return hash('sha256', key, 'hex');
}

/** The environment a presented key claims by its prefix, or null when it is not shaped like a key. */
export function environmentOfKey(key: string): Environment | null {
  if (key.startsWith('sk_test_')) return 'test';
  if (key.startsWith('sk_live_')) return 'live';
  return null;
}
