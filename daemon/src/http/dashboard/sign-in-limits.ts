import type { Context } from 'koa';
import type { AuthContext, Clock, RateLimiter } from '@intake/core';
import {
  applyRateLimit,
  orgLimiterKey,
  RATE_WINDOW_MS,
  rateLimitExceeded,
  retryAfterSeconds,
} from '../middleware/rate-limit.js';

/** Failed sign-ins allowed per client address and minute unless the embedder says otherwise. */
export const DEFAULT_SIGN_IN_FAILURES_PER_MINUTE = 10;

export interface SignInLimitsDeps {
  rateLimiter: RateLimiter;
  clock: Clock;
  /** Failed sign-ins per client address and minute; past them, every sign-in from it is 429 until the window ends. */
  failuresPerMinute?: number;
}

/** Addresses remembered as blocked at most; past it, the ended blocks are dropped (then all, if need be). */
const MAX_BLOCKED = 10_000;

/**
 * The two limits of `POST /session`. A sign-in with a valid key counts against its organization's
 * per-minute limit, the very counter its API calls use (a session row per sign-in is not free).
 * Failed sign-ins (an unknown or revoked key) count per client address in a shared counter; once
 * an address is over, this process refuses its sign-ins before looking at the key, until the
 * window ends, so that a guess past the limit learns nothing. The limiter has no read-only call:
 * each daemon learns of the block from its own first failure past the limit.
 */
export function signInLimits(deps: SignInLimitsDeps) {
  const { rateLimiter, clock } = deps;
  const failuresPerMinute = deps.failuresPerMinute ?? DEFAULT_SIGN_IN_FAILURES_PER_MINUTE;
  /** Client address -> when its block ends (ms). */
  const blockedUntil = new Map<string, number>();
  const tooManyFailures = (retryAfter: number) =>
    rateLimitExceeded(`Too many failed sign-ins from this address (${failuresPerMinute} per minute)`, retryAfter);
  const remember = (address: string, untilMs: number, nowMs: number) => {
    if (blockedUntil.size >= MAX_BLOCKED) {
      for (const [blocked, until] of blockedUntil) if (until <= nowMs) blockedUntil.delete(blocked);
      if (blockedUntil.size >= MAX_BLOCKED) blockedUntil.clear();
    }
    blockedUntil.set(address, untilMs);
  };

  return {
    /** Throws 429 when the client's address is over its failed sign-ins. */
    checkAddress(ctx: Context): void {
      const until = blockedUntil.get(ctx.ip);
      if (until === undefined) return;
      const nowMs = clock.now().getTime();
      if (nowMs >= until) blockedUntil.delete(ctx.ip);
      else throw tooManyFailures(Math.max(1, Math.ceil((until - nowMs) / 1000)));
    },
    /** Counts a failed sign-in of the client's address; throws 429 when it is one too many. */
    async countFailure(ctx: Context): Promise<void> {
      const now = clock.now();
      const decision = await rateLimiter.consume(`sign-in-failures:${ctx.ip}`, failuresPerMinute, RATE_WINDOW_MS, now);
      if (decision.allowed) return;
      remember(ctx.ip, decision.resetAt.getTime(), now.getTime());
      throw tooManyFailures(retryAfterSeconds(decision, now.getTime()));
    },
    /** Counts a valid key's sign-in against its organization's limit (headers as for API calls; 429 past it). */
    async countSignIn(ctx: Context, auth: AuthContext): Promise<void> {
      const now = clock.now();
      const key = orgLimiterKey(auth.orgId);
      const decision = await rateLimiter.consume(key, auth.rateLimitPerMinute, RATE_WINDOW_MS, now);
      applyRateLimit(ctx, decision, now.getTime());
    },
  };
}

export type SignInLimits = ReturnType<typeof signInLimits>;
