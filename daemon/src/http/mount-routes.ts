import type Router from '@koa/router';
import type { Context } from 'koa';
import { type AuthContext } from '@intake/core';
import { requireLiveKey, requireScope } from '@intake/core/keys';
import { isDeepFrozen, parseInput } from '@intake/core/shared';
import { ORDINARY_BODY_BYTES, readDocumentBody, readJsonBody } from './read-json-body.js';
import type { JsonThread } from './json-thread/json-threads.js';
import { checkPathParams, checkQuery } from './request-text.js';
import { toKoaPath, type RouteDef } from './routes/route.js';

export interface MountOptions {
  /** MAX_REQUEST_BODY_MB: the largest body of a route that carries a document (`documentMember`). */
  maxBodyBytes: number;
  /** Where those bodies are parsed and their documents decoded. */
  jsonThread: JsonThread;
  /** Runs before authenticated routes: sets ctx.state.auth (and rate limits). */
  authenticate: (ctx: Context, next: () => Promise<void>) => Promise<void>;
}

/** Mounts route definitions on a router: auth and scope, input parsing, then the handler. */
export function mountRoutes(router: Router, routes: readonly RouteDef[], options: MountOptions): void {
  for (const route of routes) {
    const run = async (ctx: Context) => {
      const auth = ctx.state.auth as AuthContext | undefined;
      if (route.scope) requireScope(auth!, route.scope);
      // @koa/router sets `params` on every route it matches; Koa's Context types it `any`.
      const pathParams = ctx.params as Record<string, string>;
      checkPathParams(pathParams);
      if (route.sharedConfiguration) requireLiveKey(auth!, route.sharedConfiguration);
      const params = route.params ? parseInput(route.params, pathParams, 'path') : pathParams;
      // Koa parses the query string on first read: routes without a query schema never read it.
      const query = route.query ? parseInput(route.query, checkedQuery(ctx), 'query') : NO_QUERY;
      const { body, document } = await readBody(ctx, route, options);
      const result = await route.handler({ body, query, params, auth: auth!, ctx, ...(document ? { document } : {}) });
      if (result.headers) for (const [name, value] of Object.entries(result.headers)) ctx.set(name, value);
      ctx.status = result.status;
      if (result.body === undefined) return;
      if (isDeepFrozen(result.body)) {
        // It can never change, so neither can its JSON: serialized once, not per response.
        ctx.body = serializedJson(result.body);
        // After the body: a Buffer body would otherwise set application/octet-stream.
        ctx.res.setHeader('Content-Type', 'application/json; charset=utf-8');
      } else ctx.body = result.body;
    };
    // Authentication and the handler as one middleware: a shorter chain for the router to build per
    // request. The route's template goes on the context first: the metrics count by it, whatever the outcome.
    const handler = (ctx: Context) => {
      ctx.state.route = route.path;
      return route.scope ? options.authenticate(ctx, () => run(ctx)) : run(ctx);
    };
    router[route.method](toKoaPath(route.path), handler as never);
  }
}

/** A route's JSON body (none for uploads, which read their own), and its document when it carries one. */
async function readBody(
  ctx: Context,
  route: RouteDef,
  options: MountOptions,
): Promise<{ body: unknown; document?: Uint8Array | undefined }> {
  if (!route.body || route.upload) return { body: undefined };
  if (!route.documentMember)
    return { body: await readJsonBody(ctx, Math.min(options.maxBodyBytes, ORDINARY_BODY_BYTES)) };
  const decoded = await readDocumentBody(ctx, options.maxBodyBytes, options.jsonThread, route.documentMember);
  return { body: decoded.value, document: decoded.document };
}

/** The parsed query, held to the edge's text rules (handlers may read more of it, e.g. metadata[key]). */
function checkedQuery(ctx: Context): Record<string, unknown> {
  const query = ctx.query;
  checkQuery(query);
  return query;
}

const NO_QUERY: Readonly<Record<string, never>> = Object.freeze({});

/** JSON of bodies that never change, kept as long as the body itself is alive. */
const serialized = new WeakMap<object, Buffer>();

function serializedJson(body: object): Buffer {
  let json = serialized.get(body);
  if (!json) {
    json = Buffer.from(JSON.stringify(body));
    serialized.set(body, json);
  }
  return json;
}
