import { RESERVED_PREFIXES } from '../prefixes/index.js';

/** What the SMTP edge decides for one `RCPT TO`, before looking the prefix up. */
export type ParsedRecipient =
  | { ok: true; prefix: string; tag: string | null; domain: string }
  | { ok: false; reason: 'foreign_domain' | 'malformed' | 'reserved_prefix' };

const PREFIX = /^[a-z0-9-]+$/;

/** `example.com.` and `Example.COM` are `example.com`. */
export const normalizeDomain = (domain: string): string => domain.trim().toLowerCase().replace(/\.$/, '');

/** Parses an EMAIL_DOMAIN setting: one domain or a comma/space-separated list. */
export const parseDomainList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(/[\s,]+/)
    .map(normalizeDomain)
    .filter(Boolean);

/**
 * `AP+march@Example.com` → prefix `ap`, tag `march`, domain `example.com`. The domain must be one of
 * ours (else we would be an open relay); the local part is matched case-insensitively and the part
 * after the first `+` is a tag. Quoted or otherwise odd local parts cannot be prefixes.
 */
export function parseRecipient(address: string, domains: readonly string[]): ParsedRecipient {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return { ok: false, reason: 'malformed' };
  const domain = normalizeDomain(address.slice(at + 1));
  if (!domains.includes(domain)) return { ok: false, reason: 'foreign_domain' };
  const local = address.slice(0, at).toLowerCase();
  const plus = local.indexOf('+');
  const prefix = plus === -1 ? local : local.slice(0, plus);
  const tag = plus === -1 ? null : local.slice(plus + 1);
  if (!PREFIX.test(prefix)) return { ok: false, reason: 'malformed' };
  if ((RESERVED_PREFIXES as readonly string[]).includes(prefix)) return { ok: false, reason: 'reserved_prefix' };
  return { ok: true, prefix, tag: tag === '' ? null : tag, domain };
}
