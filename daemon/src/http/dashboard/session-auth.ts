import type { Context } from 'koa';
import type { AuthContext } from '@intake/core';
import type { SessionService } from '@intake/core/sessions';
import { checkCsrf, readSessionId, type SessionCookie } from './session-cookie.js';

/**
 * Authentication by session cookie, for requests without an Authorization header: the session
 * stands for its API key (same scopes, same rate limit, same errors), plus the CSRF check on
 * state-changing methods. Returns undefined when the request has no session cookie.
 */
export type SessionAuthenticator = (ctx: Context) => Promise<AuthContext> | undefined;

export function sessionAuthenticator(sessions: SessionService, cookie: SessionCookie): SessionAuthenticator {
  return (ctx) => {
    const sessionId = readSessionId(ctx, cookie);
    if (sessionId === undefined) return undefined;
    return sessions.authenticate(sessionId).then((view) => {
      checkCsrf(ctx, view.csrfToken);
      return view.auth;
    });
  };
}
