import type { Context } from 'koa';
import type { z } from 'zod';
import type { AuthContext, Scope } from '@intake/core';

export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';

/** What a handler receives: validated input and the caller. */
export interface RouteInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  /** Present on every route that has a `scope`. */
  auth: AuthContext;
  ctx: Context;
  /** The document of a route with `documentMember`, decoded (absent when the body had none). */
  document?: Uint8Array;
}

export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * One endpoint: the Koa router mounts it and the OpenAPI document describes it from the same
 * object, so the two cannot disagree.
 */
export interface RouteDef<B = unknown, Q = unknown, P = unknown> {
  method: HttpMethod;
  /** OpenAPI form: `/v1/extractors/{extractor_id}`. */
  path: string;
  summary: string;
  tag: string;
  /** Scope the caller needs; routes without one are public. */
  scope?: Scope;
  /**
   * The route changes configuration test and live share (named here, e.g. "extractors"): only live
   * keys may call it; test keys get 403.
   */
  sharedConfiguration?: string;
  /** Body schema, read raw: the handler validates it (services own their validation). */
  body?: z.ZodType;
  /** The handler reads the body itself (uploads); `body` then only describes it, and multipart is accepted too. */
  upload?: boolean;
  /**
   * The body carries a document base64-encoded in this top-level member: the body is parsed and
   * the document decoded off the event loop (json-thread/), and the handler gets it as `document`,
   * the body without it. Such a body may be MAX_REQUEST_BODY_MB; others at most ORDINARY_BODY_BYTES.
   */
  documentMember?: string;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
  handler(input: RouteInput<B, Q, P>): Promise<RouteResult>;
}

export const defineRoute = <B = unknown, Q = unknown, P = unknown>(route: RouteDef<B, Q, P>): RouteDef => route;

/** `/v1/x/{id}` to Koa's `/v1/x/:id`. */
export const toKoaPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');
