import type { Context } from 'koa';
import { AppError, type RateLimitDecision } from '@intake/core';

/** Every limit of the HTTP API counts in fixed one-minute windows. */
export const RATE_WINDOW_MS = 60_000;

/** The limiter key of an organization's requests: API calls and dashboard sign-ins share it. */
export const orgLimiterKey = (orgId: string): string => `org:${orgId}`;

/** Seconds until the window of `decision` ends, at least 1 (the Retry-After of a 429). */
export const retryAfterSeconds = (decision: RateLimitDecision, nowMs: number): number =>
  Math.max(1, Math.ceil((decision.resetAt.getTime() - nowMs) / 1000));

/** 429 rate_limit_exceeded, carrying the Retry-After the error middleware sends. */
export const rateLimitExceeded = (message: string, retryAfter: number): AppError =>
  new AppError('rate_limit_exceeded', `${message}; retry after ${retryAfter} s`, {
    retryable: true,
    context: { retryAfterSeconds: retryAfter },
  });

/**
 * Sets the X-RateLimit-* headers of an organization's limit, and throws 429 when the request is over
 * it. `resetText` is the reset header's value (callers may keep it between requests of one window).
 */
export function applyRateLimit(ctx: Context, decision: RateLimitDecision, nowMs: number, resetText?: string): void {
  // Straight to Node (what ctx.set ends in, without its per-call arrays): nothing is sent yet.
  const res = ctx.res;
  res.setHeader('X-RateLimit-Limit', String(decision.limit));
  res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
  res.setHeader('X-RateLimit-Reset', resetText ?? String(Math.ceil(decision.resetAt.getTime() / 1000)));
  if (!decision.allowed)
    throw rateLimitExceeded(
      `Rate limit of ${decision.limit} requests per minute exceeded`,
      retryAfterSeconds(decision, nowMs),
    );
}
