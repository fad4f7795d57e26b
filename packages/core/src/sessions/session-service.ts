import { hash, randomBytes } from 'node:crypto';
import { AppError } from '../shared/errors.js';
import type { Clock } from '../ports/clock.port.js';
import type { SessionStore } from '../ports/session-store.port.js';
import type { ApiKeyService, AuthContext } from '../keys/index.js';
import type { SessionRecord } from './session.js';

/** Defaults of the two limits (docs/dashboard.md, "Limits"). */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 12 * 3_600_000;
/** last_seen_at is written at most this often per session, so reads do not all turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionServiceDeps {
  sessions: SessionStore;
  apiKeys: ApiKeyService;
  clock: Clock;
  /** A session unused for this long ends. */
  idleMs?: number;
  /** A session ends this long after sign-in, however much it is used. */
  maxMs?: number;
}

/** A session as the dashboard sees it (never the id, which only the cookie carries). */
export interface SessionView {
  auth: AuthContext;
  csrfToken: string;
  expiresAt: string;
  /** When the session ends if left unused from now on. */
  idleExpiresAt: string;
}

/** The session id's stored form: a plain SHA-256 suffices for 256 random bits (as for API keys). */
export const hashSessionId = (id: string): string => hash('sha256', `session:${id}`, 'hex');

const sessionEnded = () =>
  new AppError(
    'invalid_api_key',
    'The dashboard session has ended (expired, signed out, or its API key was revoked); sign in again',
  );

/**
 * Dashboard sign-in: exchanges a valid API key for a session that stands for the key. Every use
 * re-checks the key with the store, so revoking the key (from any daemon) ends its sessions at once.
 */
export class SessionService {
  readonly idleMs: number;
  readonly maxMs: number;

  constructor(private readonly deps: SessionServiceDeps) {
    this.idleMs = deps.idleMs ?? SESSION_IDLE_MS;
    this.maxMs = deps.maxMs ?? SESSION_MAX_MS;
  }

  /**
   * Checks the key (throws as the API would for it) and opens a session; returns its id once.
   * `admit` sees the key's organization before anything is stored, and may refuse by throwing (the
   * daemon counts the sign-in against the organization's rate limit there).
   */
  async signIn(
    apiKey: string,
    admit?: (auth: AuthContext) => Promise<void>,
  ): Promise<{ sessionId: string; view: SessionView }> {
    const auth = await this.deps.apiKeys.authenticate(`Bearer ${apiKey}`);
    await admit?.(auth);
    const now = this.deps.clock.now();
    const sessionId = randomBytes(32).toString('base64url');
    const record: SessionRecord = {
      id_hash: hashSessionId(sessionId),
      org_id: auth.orgId,
      key_id: auth.keyId,
      environment: auth.environment,
      csrf_token: randomBytes(32).toString('base64url'),
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + this.maxMs).toISOString(),
    };
    // Sign-ins are rare: a good moment to sweep the ended sessions away.
    await this.deps.sessions.deleteExpired(record.created_at, new Date(now.getTime() - this.idleMs).toISOString());
    await this.deps.sessions.insert(record);
    return { sessionId, view: this.viewOf(record, auth, now.getTime()) };
  }

  /** Who a session id stands for, or invalid_api_key when it is unknown, expired, idle or its key is gone. */
  async authenticate(sessionId: string): Promise<SessionView> {
    const idHash = hashSessionId(sessionId);
    const record = await this.deps.sessions.findByHash(idHash);
    if (!record) throw sessionEnded();
    const now = this.deps.clock.now().getTime();
    if (now >= Date.parse(record.expires_at) || now >= Date.parse(record.last_seen_at) + this.idleMs) {
      await this.deps.sessions.delete(idHash);
      throw sessionEnded();
    }
    let auth: AuthContext;
    try {
      auth = await this.deps.apiKeys.authenticateKeyId(record.org_id, record.environment, record.key_id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'invalid_api_key') {
        await this.deps.sessions.delete(idHash);
        throw sessionEnded();
      }
      throw error;
    }
    if (now - Date.parse(record.last_seen_at) >= TOUCH_INTERVAL_MS) {
      record.last_seen_at = new Date(now).toISOString();
      await this.deps.sessions.touch(idHash, record.last_seen_at);
    }
    return this.viewOf(record, auth, Date.parse(record.last_seen_at));
  }

  /** Ends a session (sign-out); idempotent. */
  async signOut(sessionId: string): Promise<void> {
    await this.deps.sessions.delete(hashSessionId(sessionId));
  }

  private viewOf(record: SessionRecord, auth: AuthContext, lastSeen: number): SessionView {
    const idleEnd = Math.min(lastSeen + this.idleMs, Date.parse(record.expires_at));
    return {
      auth,
      csrfToken: record.csrf_token,
      expiresAt: record.expires_at,
      idleExpiresAt: new Date(idleEnd).toISOString(),
    };
  }
}
