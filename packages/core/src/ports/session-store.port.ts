import type { SessionRecord } from '../sessions/session.js';

/** Persistence of dashboard sessions, looked up by the hash of their id. */
export interface SessionStore {
  insert(session: SessionRecord): Promise<void>;
  findByHash(idHash: string): Promise<SessionRecord | null>;
  /** Sets last_seen_at (the idle clock); no-op for an unknown session. */
  touch(idHash: string, at: string): Promise<void>;
  /** Ends one session; false when there was none. */
  delete(idHash: string): Promise<boolean>;
  /** Removes sessions past their absolute end (`expires_at <= now`) or idle since `idleBefore`; returns how many. */
  deleteExpired(now: string, idleBefore: string): Promise<number>;
}
