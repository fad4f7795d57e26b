import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '@intake/core';
import type { Logger } from '../logger.js';
import { httpStatusOf } from './error-status.js';

/** Parser errors that mean "too large"; every other one is a malformed request. */
const TOO_LARGE = new Set(['HPE_HEADER_OVERFLOW', 'HPE_URI_TOO_LONG', 'HPE_CHUNK_EXTENSIONS_OVERFLOW']);

/**
 * For the HTTP server's 'clientError': a request Node's parser could not read (garbage on the
 * connection, a broken chunk, an oversized head) never reaches Koa. Node's default answer has no
 * body; this one carries the API's error body, so that every 4xx looks the same. A connection the
 * client already closed or reset is only logged (at debug: it is the client's doing).
 */
export function answerClientError(logger: Logger) {
  return (error: Error & { code?: string }, socket: Duplex): void => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      logger.debug({ reason: error.message, code: error.code }, 'client connection closed before a request was read');
      socket.destroy();
      return;
    }
    const tooLarge = TOO_LARGE.has(error.code ?? '');
    const code: ErrorCode = tooLarge ? 'payload_too_large' : 'invalid_request';
    const status = httpStatusOf(code);
    const message = tooLarge
      ? 'The request head (URL and headers) is larger than the server accepts'
      : `The request could not be parsed as HTTP/1.1 (${error.code ?? 'parse error'})`;
    const body = JSON.stringify({ error: { code, message, status } });
    logger.info({ code: error.code, status }, 'unparseable request refused');
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}
