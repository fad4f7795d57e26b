import type { Context, Next } from 'koa';
import type { AuthContext, Clock, RateLimitDecision, RateLimiter } from '@intake/core';
import { type ApiKeyService } from '@intake/core/keys';
import type { SessionAuthenticator } from '../dashboard/session-auth.js';
import { applyRateLimit, orgLimiterKey, RATE_WINDOW_MS as WINDOW_MS } from './rate-limit.js';

export interface AuthDeps {
  apiKeys: ApiKeyService;
  rateLimiter: RateLimiter;
  clock: Clock;
  /** Dashboard sessions: a request without Authorization may authenticate by its session cookie. */
  sessions?: SessionAuthenticator;
}

/**
 * A limiter that can often decide without I/O (the SQL one, spending its block of the window):
 * `consumeLocally` answers as `consume` would, or undefined when `consume` has to be called.
 */
interface LocallyDecidingRateLimiter extends RateLimiter {
  consumeLocally(key: string, limit: number, windowMs: number, nowMs: number): RateLimitDecision | undefined;
}

const decidesLocally = (limiter: RateLimiter): limiter is LocallyDecidingRateLimiter =>
  typeof (limiter as Partial<LocallyDecidingRateLimiter>).consumeLocally === 'function';

/**
 * Authenticates the API key, then counts the request against the organization's per-minute limit.
 * The rate-limit headers are set before the route runs, so every answer to an authenticated
 * request carries them, errors included. `X-RateLimit-Reset` is the Unix time, in seconds, at which
 * the current one-minute window ends.
 *
 * The common case (a key checked within the auth cache's lifetime, a limiter with requests left in
 * this process's block) is decided synchronously: no promise is awaited before the route runs.
 */
export function authenticate(deps: AuthDeps) {
  const { apiKeys, rateLimiter, clock } = deps;
  const local = decidesLocally(rateLimiter) ? rateLimiter : undefined;
  /** Counter keys by organization, so that they are not rebuilt for every request. */
  const limiterKeys = new Map<string, string>();
  const limiterKey = (orgId: string) => {
    let key = limiterKeys.get(orgId);
    if (key === undefined) {
      if (limiterKeys.size >= 10_000) limiterKeys.clear();
      limiterKeys.set(orgId, (key = orgLimiterKey(orgId)));
    }
    return key;
  };
  // The reset header only changes once a window; its text is kept until then.
  let resetAtMs = NaN;
  let resetText = '';

  /** Sets the headers, and throws 429 when the request is over the limit. */
  const apply = (ctx: Context, decision: RateLimitDecision, nowMs: number): void => {
    const resetMs = decision.resetAt.getTime();
    if (resetMs !== resetAtMs) {
      resetText = String(Math.ceil(resetMs / 1000));
      resetAtMs = resetMs;
    }
    applyRateLimit(ctx, decision, nowMs, resetText);
  };

  /** Whatever needs I/O: an unchecked key, or a new block of the window from the database. */
  const slow = async (
    ctx: Context,
    next: Next,
    authorization: string | undefined,
    now: Date,
    known: AuthContext | undefined,
  ): Promise<void> => {
    const auth = known ?? (await apiKeys.authenticate(authorization));
    ctx.state.auth = auth;
    const decision = await rateLimiter.consume(limiterKey(auth.orgId), auth.rateLimitPerMinute, WINDOW_MS, now);
    apply(ctx, decision, now.getTime());
    await next();
  };

  return (ctx: Context, next: Next): Promise<void> => {
    const authorization = ctx.req.headers.authorization || undefined;
    if (authorization === undefined && deps.sessions) {
      const bySession = deps.sessions(ctx);
      if (bySession) return bySession.then((auth) => slow(ctx, next, undefined, clock.now(), auth));
    }
    const now = clock.now();
    const nowMs = now.getTime();
    const auth = apiKeys.cachedAuthentication(authorization, nowMs);
    if (auth !== undefined && local !== undefined) {
      const decision = local.consumeLocally(limiterKey(auth.orgId), auth.rateLimitPerMinute, WINDOW_MS, nowMs);
      if (decision !== undefined) {
        ctx.state.auth = auth;
        try {
          apply(ctx, decision, nowMs);
        } catch (error) {
          // A 429 rejects, as from the async path, rather than throwing at the caller.
          return Promise.reject(error);
        }
        return next();
      }
    }
    return slow(ctx, next, authorization, now, auth);
  };
}
