import { randomFillSync } from 'node:crypto';
import type { Context, Next } from 'koa';
import { AppError, coerceError, isAppError } from '@intake/core';
import type { Logger } from '../../logger.js';
import { httpStatusOf } from '../error-status.js';

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Paths that monitors call every few seconds (liveness, readiness, Prometheus): answered below 400,
 * their request line is written at `debug`, so that a probe every second is not a line a second at
 * `info`; one that fails is written at `info` as any request.
 */
const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/healthz/', '/readyz', '/readyz/', '/metrics']);

/** Random bytes for request ids, drawn from the CSPRNG 256 ids at a time rather than one by one. */
const idPool = Buffer.allocUnsafe(16 * 256);
let idOffset = idPool.length;

/** `req_` and 128 random bits in hex: the form of `req_${randomUUID()}` without its dashes, at a quarter of the cost. */
function newRequestId(): string {
  if (idOffset === idPool.length) {
    randomFillSync(idPool);
    idOffset = 0;
  }
  const id = `req_${idPool.toString('hex', idOffset, idOffset + 16)}`;
  idOffset += 16;
  return id;
}

/**
 * Outermost middleware: gives every request an `X-Request-Id`, turns every error into the spec's
 * error body, and writes one log line per request (at `debug` for a monitor's probe that succeeded:
 * PROBE_PATHS). Unknown errors become 500 internal_error with their cause logged, never sent.
 */
export function requestContext(logger: Logger) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const started = performance.now();
    // Read now: Koa's ctx.ip reads the socket, which a request refused mid-body may have lost by the end.
    const ip = ctx.req.socket ? ctx.ip : '';
    const incoming = ctx.req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : newRequestId();
    ctx.state.requestId = requestId;
    // Straight to Node (what ctx.set ends in, without its per-call arrays): nothing is sent yet.
    ctx.res.setHeader('X-Request-Id', requestId);
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new AppError('not_found', `No route for ${ctx.method} ${ctx.path}`);
      }
    } catch (thrown) {
      const gone = clientWentAway(ctx);
      const error = isAppError(thrown) ? thrown : gone ? clientGone(thrown) : fromKoaError(thrown);
      const status = httpStatusOf(error.code);
      // A hang-up is the client's doing, not a failure of ours: recorded, below error level.
      if (gone)
        logger.info(
          { requestId, reason: coerceError(thrown).message },
          'client closed the connection before the answer',
        );
      else if (status >= 500) logger.error({ err: coerceError(thrown), requestId }, 'request failed');
      const retryAfter = error.context.retryAfterSeconds;
      if (typeof retryAfter === 'number') ctx.set('Retry-After', String(retryAfter));
      ctx.status = status;
      ctx.body = {
        error: {
          code: error.code,
          message:
            status >= 500 && error.code === 'internal_error'
              ? 'An internal error occurred; quote the request id when reporting it'
              : error.message,
          status,
          ...(error.details ? { details: error.details } : {}),
          request_id: requestId,
        },
      };
    } finally {
      const level = ctx.status < 400 && PROBE_PATHS.has(ctx.path) ? 'debug' : 'info';
      logger[level](
        {
          requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(performance.now() - started),
          ip,
        },
        'request',
      );
    }
  };
}

/** The client hung up (reset or closed its side) before its request was read in full. */
const clientWentAway = (ctx: Context): boolean => ctx.req.destroyed && !ctx.req.complete;

/** What a hang-up becomes: a 400 that nobody will read, but that keeps it out of the 5xx counts. */
const clientGone = (thrown: unknown): AppError =>
  new AppError('invalid_request', 'The client closed the connection before the request was read', {
    cause: coerceError(thrown),
  });

/** Errors thrown by Koa itself or by body reading carry an HTTP status (`expose` means client-safe). */
function fromKoaError(thrown: unknown): AppError {
  const error = coerceError(thrown) as Error & { status?: number; expose?: boolean };
  if (error.status === 413) return new AppError('payload_too_large', 'The request body is too large', { cause: error });
  if (error.status === 415) return new AppError('unsupported_media_type', error.message, { cause: error });
  if (error.status && error.status >= 400 && error.status < 500 && error.expose) {
    return new AppError('invalid_request', error.message, { cause: error });
  }
  return new AppError('internal_error', 'internal error', { cause: error });
}
