import type { Context, Next } from 'koa';
import { AppError, type ApiKeyService, type Clock, type RateLimiter } from '@intake/core';

const WINDOW_MS = 60_000;

export interface AuthDeps {
  apiKeys: ApiKeyService;
  rateLimiter: RateLimiter;
  clock: Clock;
}

/**
 * Authenticates the API key, then counts the request against the organization's per-minute limit.
 * The rate-limit headers are set before the route runs, so every answer to an authenticated
 * request carries them, errors included. `X-RateLimit-Reset` is the Unix time, in seconds, at which
 * the current one-minute window ends.
 */
export function authenticate(deps: AuthDeps) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const auth = await deps.apiKeys.authenticate(ctx.get('authorization') || undefined);
    ctx.state.auth = auth;
    const now = deps.clock.now();
    const decision = await deps.rateLimiter.consume(`org:${auth.orgId}`, auth.rateLimitPerMinute, WINDOW_MS, now);
    const resetSeconds = Math.ceil(decision.resetAt.getTime() / 1000);
    ctx.set('X-RateLimit-Limit', String(decision.limit));
    ctx.set('X-RateLimit-Remaining', String(decision.remaining));
    ctx.set('X-RateLimit-Reset', String(resetSeconds));
    if (!decision.allowed) {
      const retryAfterSeconds = Math.max(1, Math.ceil((decision.resetAt.getTime() - now.getTime()) / 1000));
      throw new AppError('rate_limit_exceeded', `Rate limit of ${decision.limit} requests per minute exceeded; retry after ${retryAfterSeconds} s`, {
        retryable: true,
        context: { retryAfterSeconds },
      });
    }
    await next();
  };
}
