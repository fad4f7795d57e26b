import type { Context } from 'koa';
import { AppError } from '@intake/core';
import { invalidRequest } from '@intake/core/shared';
import { parseRequestJson } from './request-text.js';
import { MB } from '../config/limits.js';
import type { DecodedBody, JsonThread } from './json-thread/json-threads.js';

/**
 * The largest JSON body of an endpoint that carries no document: every such body the API takes
 * is a few kilobytes, and one parsed on the event loop costs about 15 ms of CPU per megabyte.
 */
export const ORDINARY_BODY_BYTES = MB;

/**
 * Reads and parses a JSON body, refusing more than `limitBytes` before buffering it all, and what
 * parseRequestJson refuses (deep nesting, strings the database cannot store). Read lazily
 * by the routes that take a body, after authentication, so anonymous clients cannot make the
 * daemon buffer large bodies.
 */
export async function readJsonBody(ctx: Context, limitBytes: number): Promise<unknown> {
  const bytes = await readBodyBytes(ctx, limitBytes);
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
  if (text.trim() === '') return undefined;
  return parseRequestJson(text);
}

/**
 * Reads a JSON body that carries a document base64-encoded in `documentMember`, parsed and decoded
 * in the JSON thread: the event loop only gathers the bytes. What parseRequestJson refuses, and a
 * member that is not base64, are 400 invalid_request.
 */
export async function readDocumentBody(
  ctx: Context,
  limitBytes: number,
  thread: JsonThread,
  documentMember: string,
): Promise<Extract<DecodedBody, { value: unknown }>> {
  const bytes = await readBodyBytes(ctx, limitBytes);
  const decoded = await thread.decode(bytes, documentMember).catch((error: unknown) => {
    throw new AppError('temporary_error', `The body could not be read: ${(error as Error).message}`);
  });
  if ('problem' in decoded) throw invalidRequest(decoded.problem.message, decoded.problem.details);
  return decoded;
}

/**
 * A JSON body's bytes, in one buffer of their own (so they can be moved to a thread). With a
 * Content-Length (every ordinary client sends one) the buffer is made first and each chunk copied in
 * as it arrives: first writes to fresh memory cost page faults (about 130 ms for 28 MB here), which
 * are then spread over the chunks instead of stalling the event loop in one copy at the end.
 */
async function readBodyBytes(ctx: Context, limitBytes: number): Promise<Uint8Array> {
  const length = Number(ctx.get('content-length') || 0);
  if (length > limitBytes) throw tooLarge(limitBytes);
  const type = ctx.get('content-type');
  if (type && !/^application\/([\w.+-]*\+)?json\b/i.test(type)) {
    throw new AppError('unsupported_media_type', `Send JSON with Content-Type: application/json (got ${type})`);
  }
  const known = Number.isSafeInteger(length) && length > 0 ? new Uint8Array(length) : null;
  // Copied into `known` while they fit (Node's parser never gives more than Content-Length), else kept.
  let filled = 0;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const bytes = chunk as Buffer;
    if (size + bytes.length > limitBytes) {
      ctx.set('Connection', 'close');
      throw tooLarge(limitBytes);
    }
    if (known && chunks.length === 0 && filled + bytes.length <= known.length) {
      known.set(bytes, filled);
      filled += bytes.length;
    } else chunks.push(bytes);
    size += bytes.length;
    // What the body held, for the trim after the request (daemon/src/runtime/idle-memory.ts).
    (ctx.state as BodyState).bodyBytes = size;
  }
  if (known && filled === known.length && chunks.length === 0) return known;
  const all = new Uint8Array(size);
  let at = 0;
  if (known) {
    all.set(known.subarray(0, filled), 0);
    at = filled;
  }
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

/** The bytes of a request's body read so far (by readBodyBytes or a multipart upload). */
export interface BodyState {
  bodyBytes?: number;
}

const tooLarge = (limitBytes: number) =>
  new AppError(
    'payload_too_large',
    limitBytes < MB
      ? `The request body exceeds ${Math.floor(limitBytes / 1024)} KB`
      : `The request body exceeds ${Math.floor(limitBytes / MB)} MB`,
  );
