import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/** What decides whether a request may read GET /metrics. */
export interface MetricsRequest {
  /** The TCP peer's address (the socket's, never a header's). */
  remoteAddress: string | undefined;
  /** The request's headers, lowercase names. */
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Headers a reverse proxy adds. A request that carries one came through a proxy, so its socket
 * address (the proxy's, often loopback) says nothing about the client: it needs the token. No
 * proxy is trusted to name the client (the daemon has no trusted-proxy setting).
 */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** 127.0.0.0/8, ::1, and IPv4 loopback written as an IPv6-mapped address. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return isIP(address) === 6 && /^(0{0,4}:){2,7}0{0,3}1$|^::1$/i.test(address);
}

/** Compares in time independent of where the two differ (and of their lengths: both are hashed first). */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Whether the request may read the metrics: a loopback client that came through no proxy, or any
 * client showing `Authorization: Bearer <METRICS_TOKEN>` when that setting is set.
 */
export function mayReadMetrics(request: MetricsRequest, token: string | undefined): boolean {
  const proxied = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  if (!proxied && isLoopback(request.remoteAddress)) return true;
  if (!token) return false;
  const authorization = request.headers.authorization;
  if (typeof authorization !== 'string') return false;
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  return match !== null && sameToken(match[1]!, token);
}
