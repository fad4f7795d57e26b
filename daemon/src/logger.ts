import { pino, type Logger } from 'pino';

export type { Logger } from 'pino';

/** Structured JSON logs on stdout; secrets in auth headers are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'intake' },
    redact: ['req.headers.authorization', 'headers.authorization'],
  });
}
