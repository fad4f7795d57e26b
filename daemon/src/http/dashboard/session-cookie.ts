import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { AppError } from '@intake/core';

/**
 * The session cookie. Over HTTPS (PUBLIC_BASE_URL https://) it is `__Host-intake_session` with
 * `Secure`: the prefix makes browsers refuse it without Secure, with a Domain or off Path=/.
 */
export interface SessionCookie {
  readonly name: string;
  readonly secure: boolean;
}

export const sessionCookie = (secure: boolean): SessionCookie => ({
  name: secure ? '__Host-intake_session' : 'intake_session',
  secure,
});

/** The session id the request's cookie carries, if any. */
export function readSessionId(ctx: Context, cookie: SessionCookie): string | undefined {
  const header = ctx.req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === cookie.name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** Sets the cookie (no Max-Age: it ends with the browser, and the server ends it sooner by its limits). */
export function setSessionCookie(ctx: Context, cookie: SessionCookie, sessionId: string): void {
  ctx.append(
    'Set-Cookie',
    `${cookie.name}=${sessionId}; Path=/; HttpOnly; SameSite=Strict${cookie.secure ? '; Secure' : ''}`,
  );
}

export function clearSessionCookie(ctx: Context, cookie: SessionCookie): void {
  ctx.append(
    'Set-Cookie',
    `${cookie.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${cookie.secure ? '; Secure' : ''}`,
  );
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** State-changing requests made with the session cookie must carry its CSRF token in X-CSRF-Token. */
export function checkCsrf(ctx: Context, expected: string): void {
  if (SAFE_METHODS.has(ctx.method)) return;
  const sent = ctx.get('x-csrf-token');
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  if (sent === '' || a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new AppError(
      'insufficient_permissions',
      "A dashboard request that changes something must carry the session's CSRF token in X-CSRF-Token",
    );
  }
}
