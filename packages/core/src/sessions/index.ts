/**
 * The front door of sessions/: dashboard sign-in sessions.
 * No other context imports it; it is the package subpath @intake/core/sessions for the daemon, its
 * adapters and the tests.
 */
export { SessionService, type SessionView } from './session-service.js';
export type { SessionRecord } from './session.js';
