import { createRequire } from 'node:module';
import { pino, type Logger } from 'pino';
import type { PinoPretty } from 'pino-pretty';

export type { Logger } from 'pino';

/** `LOG_FORMAT`: JSON lines for log collectors, or readable lines for a person at a terminal. */
export type LogFormat = 'json' | 'pretty' | 'auto';

export interface LoggerOptions {
  level: string;
  format?: LogFormat;
  /** Where lines go; stdout by default. `auto` asks it whether it is a terminal. */
  destination?: NodeJS.WritableStream & { isTTY?: boolean };
}

/** `auto` is pretty on a terminal and JSON otherwise (a pipe, a file, journald, a container log). */
export function resolveLogFormat(format: LogFormat, destination: { isTTY?: boolean }): 'json' | 'pretty' {
  if (format !== 'auto') return format;
  return destination.isTTY === true ? 'pretty' : 'json';
}

/** Structured logs on stdout; secrets in auth headers are redacted in both formats. */
export function createLogger(options: LoggerOptions | string): Logger {
  const {
    level,
    format = 'json',
    destination = process.stdout,
  } = typeof options === 'string' ? { level: options } : options;
  const settings = {
    level,
    base: { service: 'intake' },
    redact: ['req.headers.authorization', 'headers.authorization'],
  };
  if (resolveLogFormat(format, destination) === 'json') {
    return destination === process.stdout ? pino(settings) : pino(settings, destination);
  }
  // Loaded only for a pretty log: a daemon logging JSON (the default off a terminal) never needs it.
  const { PinoPretty: createPretty } = createRequire(import.meta.url)('pino-pretty') as {
    PinoPretty: typeof PinoPretty;
  };
  const pretty = createPretty({
    destination,
    colorize: destination.isTTY === true,
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service',
  });
  return pino(settings, pretty);
}
