/** Reading and changing JSON documents by dotted path, and the JSON merge patch (RFC 7396) between two. */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value at `a.b.0.c`, or undefined. */
export function getAt(doc: unknown, path: string): unknown {
  let here: unknown = doc;
  for (const key of path.split('.')) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

/** A copy of `doc` with `value` at `path` (undefined removes the member); missing objects are made. */
export function setAt<T>(doc: T, path: string, value: unknown): T {
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  if (Array.isArray(doc)) {
    const copy = [...(doc as unknown[])];
    copy[Number(key)] = rest.length ? setAt(copy[Number(key)] ?? {}, rest.join('.'), value) : value;
    return copy as T;
  }
  const copy = { ...(isObject(doc) ? doc : {}) } as Record<string, unknown>;
  if (rest.length) copy[key] = setAt(copy[key] ?? {}, rest.join('.'), value);
  else if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy as T;
}

/**
 * The merge patch that turns `before` into `after`: changed members as they are, removed members
 * as null, objects recursively, arrays whole.
 */
export function mergePatch(before: JsonObject, after: JsonObject): JsonObject {
  const patch: JsonObject = {};
  for (const key of Object.keys(before)) if (!(key in after)) patch[key] = null;
  for (const [key, value] of Object.entries(after)) {
    const old = before[key];
    if (isObject(old) && isObject(value)) {
      const inner = mergePatch(old, value);
      if (Object.keys(inner).length) patch[key] = inner;
    } else if (JSON.stringify(old) !== JSON.stringify(value)) patch[key] = value;
  }
  return patch;
}

/** A value of a JSON document as the text of a form input: primitives as they print, objects as JSON, nothing as ''. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}
