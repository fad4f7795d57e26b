/** The outcome of counting one request against a limit. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  /** Requests left in the current window after this one (0 when refused). */
  remaining: number;
  /** When the current window ends and the count starts again. */
  resetAt: Date;
}

/**
 * Counts requests per key in fixed windows. Implementations shared by several daemons (SQL) make
 * the limit hold across all of them.
 */
export interface RateLimiter {
  consume(key: string, limit: number, windowMs: number, now: Date): Promise<RateLimitDecision>;
}

/** The start of the fixed window that holds `now`. */
export const windowStart = (now: Date, windowMs: number): number => Math.floor(now.getTime() / windowMs) * windowMs;
