import type { Context } from 'koa';
import { AppError } from '@intake/core';
import { parseRequestJson } from './request-text.js';
import { MB } from '../config/limits.js';

/**
 * Reads and parses a JSON body, refusing more than `limitBytes` before buffering it all, and what
 * parseRequestJson refuses (deep nesting, strings the database cannot store). Read lazily
 * by the routes that take a body, after authentication, so anonymous clients cannot make the
 * daemon buffer large bodies.
 */
export async function readJsonBody(ctx: Context, limitBytes: number): Promise<unknown> {
  const length = Number(ctx.get('content-length') || 0);
  if (length > limitBytes) throw tooLarge(limitBytes);
  const type = ctx.get('content-type');
  if (type && !/^application\/([\w.+-]*\+)?json\b/i.test(type)) {
    throw new AppError('unsupported_media_type', `Send JSON with Content-Type: application/json (got ${type})`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) {
      ctx.set('Connection', 'close');
      throw tooLarge(limitBytes);
    }
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  return parseRequestJson(text);
}

const tooLarge = (limitBytes: number) =>
  new AppError('payload_too_large', `The request body exceeds ${Math.floor(limitBytes / MB)} MB`);
