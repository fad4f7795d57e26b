import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `X-Service-Signature`: lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's
 * secret (a string is keyed as its UTF-8 bytes; raw bytes for keys that are not text).
 */
export function signWebhookBody(rawBody: string | Uint8Array, secret: string | Uint8Array): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * For receivers: true when `signatureHeader` is the signature of `rawBody` under `secret`. Compare
 * the raw bytes as received (not re-serialised JSON). Constant-time; a `sha256=` prefix is accepted.
 */
export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  secret: string,
): boolean {
  if (!signatureHeader) return false;
  const presented = signatureHeader.trim().replace(/^sha256=/, '');
  if (!/^[0-9a-f]{64}$/.test(presented)) return false;
  return timingSafeEqual(Buffer.from(presented, 'hex'), Buffer.from(signWebhookBody(rawBody, secret), 'hex'));
}
