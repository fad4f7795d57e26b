import { randomBytes } from 'node:crypto';

/** Makes identifiers such as `org_3k9x...`; injected so tests can make them predictable. */
export type IdGenerator = (prefix: string) => string;

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Random ids: 20 characters of Crockford-style base32, i.e. 100 bits from the system CSPRNG. */
export function createRandomIds(length = 20): IdGenerator {
  return (prefix) => {
    const bytes = randomBytes(length);
    let out = '';
    for (const byte of bytes) out += ALPHABET[byte & 31];
    return `${prefix}_${out}`;
  };
}

/** Deterministic ids for tests: `org_000001`, `org_000002`, ... per prefix. */
export function createSequentialIds(): IdGenerator {
  const counters = new Map<string, number>();
  return (prefix) => {
    const next = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, next);
    return `${prefix}_${String(next).padStart(6, '0')}`;
  };
}
