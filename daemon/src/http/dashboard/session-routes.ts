import { requestProtocol } from '../middleware/trusted-proxies.js';
import type { Context, Next } from 'koa';
import { AppError } from '@intake/core';
import { type SessionService, type SessionView } from '@intake/core/sessions';
import { invalidRequest } from '@intake/core/shared';
import { readJsonBody } from '../read-json-body.js';
import type { SignInLimits } from './sign-in-limits.js';
import {
  checkCsrf,
  clearSessionCookie,
  readSessionId,
  setSessionCookie,
  type SessionCookie,
} from './session-cookie.js';

export const SESSION_PATH = '/session';

export interface SessionRouteDeps {
  sessions: SessionService;
  cookie: SessionCookie;
  publicBaseUrl: string;
  /** The organization's rate limit and the failed sign-ins per client address. */
  limits: SignInLimits;
  /** Where the mail gateway listens and the domain it takes, for the dashboard's copyable commands. */
  mail?: () => DashboardMail;
}

/** The SMTP address the daemon really listens on (the port it was given when SMTP_PORT is 0), and EMAIL_DOMAIN's first domain. */
export interface DashboardMail {
  host: string;
  port: number;
  domain: string;
}

/** What GET /session and sign-in answer: who the session is, and the CSRF token for later requests. */
const toBody = (view: SessionView, sessions: SessionService, mail: SessionRouteDeps['mail']) => ({
  org_id: view.auth.orgId,
  key_id: view.auth.keyId,
  environment: view.auth.environment,
  scopes: view.auth.scopes,
  csrf_token: view.csrfToken,
  expires_at: view.expiresAt,
  idle_expires_at: view.idleExpiresAt,
  idle_timeout_seconds: Math.round(sessions.idleMs / 1000),
  smtp: mail ? mail() : null,
});

const notSignedIn = () =>
  new AppError('missing_authorization', 'Not signed in to the dashboard: sign in with an API key');

/**
 * `POST /session` (sign in with `{"api_key": ...}`), `GET /session` (the current session) and
 * `DELETE /session` (sign out). Sign-in takes JSON only and refuses other origins, so a page
 * elsewhere cannot sign a browser into someone else's organization; it counts against the key's
 * organization's rate limit, and failures against the client address's (sign-in-limits.ts).
 */
export function sessionRoutes(deps: SessionRouteDeps) {
  const { sessions, cookie, limits } = deps;
  const ownOrigin = new URL(deps.publicBaseUrl).origin;
  // Besides PUBLIC_BASE_URL's origin, the origin the request itself was made to (a daemon reached by
  // another name than its public one, as in development), but never an http one when the public
  // origin is https: a page on the plain-http form of the host is not the dashboard.
  const httpsOnly = ownOrigin.startsWith('https:');
  const acceptedOrigin = (ctx: Context, origin: string) =>
    origin === ownOrigin ||
    (origin === `${requestProtocol(ctx)}://${ctx.host}` && !(httpsOnly && requestProtocol(ctx) !== 'https'));
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.path !== SESSION_PATH) {
      await next();
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    if (ctx.method === 'POST') {
      const origin = ctx.get('origin');
      if (origin && !acceptedOrigin(ctx, origin)) {
        throw new AppError('insufficient_permissions', 'Sign-in from another origin is refused');
      }
      if (!ctx.is('application/json'))
        throw new AppError('unsupported_media_type', 'Sign in with a JSON body: {"api_key": "sk_..."}');
      const body = (await readJsonBody(ctx, 16_384)) as { api_key?: unknown } | null;
      const apiKey = typeof body === 'object' && body !== null ? body.api_key : undefined;
      if (typeof apiKey !== 'string' || apiKey.trim() === '')
        throw invalidRequest('api_key is required', [{ path: 'api_key', message: 'required' }]);
      limits.checkAddress(ctx);
      const { sessionId, view } = await sessions
        .signIn(apiKey.trim(), (auth) => limits.countSignIn(ctx, auth))
        .catch(async (error: unknown) => {
          if (error instanceof AppError && error.code === 'invalid_api_key') await limits.countFailure(ctx);
          throw error;
        });
      setSessionCookie(ctx, cookie, sessionId);
      ctx.status = 201;
      ctx.body = toBody(view, sessions, deps.mail);
      return;
    }
    const sessionId = readSessionId(ctx, cookie);
    if (ctx.method === 'GET') {
      if (!sessionId) throw notSignedIn();
      ctx.body = toBody(await sessions.authenticate(sessionId), sessions, deps.mail);
      return;
    }
    if (ctx.method === 'DELETE') {
      if (sessionId) {
        // A live session needs its CSRF token to be ended (no logging people out from other sites).
        const view = await sessions.authenticate(sessionId).catch(() => undefined);
        if (view) checkCsrf(ctx, view.csrfToken);
        await sessions.signOut(sessionId);
      }
      clearSessionCookie(ctx, cookie);
      ctx.status = 204;
      return;
    }
    ctx.set('Allow', 'GET, POST, DELETE');
    throw invalidRequest(`${ctx.method} is not supported on ${SESSION_PATH}`);
  };
}
