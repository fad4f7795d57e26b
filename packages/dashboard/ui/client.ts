/**
 * The API's operations, typed by the generated `paths` (api-schema.generated.ts): a screen names
 * the method and the path as the OpenAPI document spells it, and the path parameters, query and
 * body are checked against that operation, its answer typed by the operation's success response.
 * Requests go through `api` (session cookie, CSRF token, ApiError).
 */
import { api } from './api.js';
import type { paths } from './api-schema.generated.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that answer `method`. */
type PathFor<M extends Method> = { [P in keyof paths]: paths[P][M] extends undefined ? never : P }[keyof paths];
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
/** The JSON of the operation's success (200 or 201; undefined for 204). */
type Answer<O> = O extends { responses: infer R }
  ? 200 extends keyof R
    ? JsonOf<R[200]>
    : 201 extends keyof R
      ? JsonOf<R[201]>
      : undefined
  : never;
type PathParams<O> = O extends { parameters: { path: infer P } } ? P : never;
type Query<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type Body<O> = O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

interface CallOptions<O> {
  path?: PathParams<O>;
  query?: Query<O>;
  body?: Body<O>;
}
/** Options are required when the path has parameters. */
type CallArgs<O> = [PathParams<O>] extends [never]
  ? [options?: CallOptions<O>]
  : [options: CallOptions<O> & { path: PathParams<O> }];

/** Calls one operation of the API; resolves with its typed answer, rejects with ApiError. */
export function call<M extends Method, P extends PathFor<M>>(
  method: M,
  path: P,
  ...[options]: CallArgs<Operation<P, M>>
): Promise<Answer<Operation<P, M>>> {
  const o = (options ?? {}) as {
    path?: Record<string, string>;
    query?: Record<string, string | number | boolean | null | undefined>;
    body?: unknown;
  };
  const filled = path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(o.path?.[name] ?? ''));
  const query = new URLSearchParams();
  // Query members are strings, numbers and booleans (the OpenAPI document's query schemas).
  for (const [key, value] of Object.entries(o.query ?? {}))
    if (value !== undefined && value !== null) query.set(key, String(value));
  const search = query.toString();
  return api(method.toUpperCase(), search ? `${filled}?${search}` : filled, o.body);
}
