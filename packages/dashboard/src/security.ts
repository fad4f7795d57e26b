/**
 * The Content-Security-Policy of every dashboard page: scripts, styles and connections only from
 * this origin (no inline script or style), never framed. Originals open from the same origin
 * (signed /v1/files links), so frames and images may come from 'self'.
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "frame-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
