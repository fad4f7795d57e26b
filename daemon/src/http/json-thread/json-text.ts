/**
 * The API's rules for JSON text, as plain functions with no imports: the request edge uses them
 * on the event loop for small bodies, and the JSON thread (json-thread.ts) for the bodies that
 * carry a document. A problem is returned as data; the caller turns it into its error.
 */

/**
 * How deeply a request's JSON may nest (objects and arrays, counting the outermost as 1). Every
 * document the API takes is far shallower; the bound keeps recursive code behind the edge (merge
 * patch, schema validation, serialisers) away from the stack's limit.
 */
export const MAX_JSON_DEPTH = 64;

/** Why a body (or a part of it) cannot be taken, with the path of the part for `details`. */
export interface JsonProblem {
  message: string;
  details?: { path: string; message: string }[];
}

/**
 * NUL, and UTF-16 surrogates without their other half: PostgreSQL (and PGlite) store neither in
 * text or jsonb, and no identifier, name or filter value needs them.
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the database cannot store the string as it is. */
export const isUnstorable = (text: string): boolean => UNSTORABLE.test(text);

/** Why a string is refused, for the error message. */
export const unstorableReason = (text: string): string =>
  text.includes('\0') ? 'contains a NUL character (\\u0000)' : 'contains an unpaired UTF-16 surrogate';

/**
 * Parses JSON text by the API's rules: text that is not JSON, nesting deeper than MAX_JSON_DEPTH,
 * and strings (values or member names) that cannot be stored are problems. `what` names the part
 * in messages ("The body", "metadata").
 */
export function parseJsonText(text: string, what: string): { value: unknown } | { problem: JsonProblem } {
  // Counted on the text before parsing: a megabyte of '[' is refused at byte 65, not built first.
  const depth = nestingDepthOver(text, MAX_JSON_DEPTH);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const path = pathOf(what);
    return {
      problem: {
        message: `${what} is not valid JSON: ${(error as Error).message}`,
        ...(path ? { details: [{ path, message: 'not valid JSON' }] } : {}),
      },
    };
  }
  if (depth !== undefined) {
    return {
      problem: {
        message: `${what} nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`,
        details: [{ path: pathOf(what), message: `nested deeper than ${MAX_JSON_DEPTH} levels` }],
      },
    };
  }
  const bad = findUnstorable(value, '');
  if (bad)
    return {
      problem: {
        message: `${what} ${bad.path ? `at ${bad.path} ` : ''}${bad.reason}`,
        details: [{ path: joinPath(pathOf(what), bad.path), message: bad.reason }],
      },
    };
  return { value };
}

/**
 * Strict base64 (standard or URL alphabet, padding optional; a `data:...;base64,` prefix and
 * whitespace allowed), or undefined when the text is not base64. Node's decoder reads both
 * alphabets, so nothing is rewritten first.
 */
export function decodeBase64Text(text: string): Uint8Array | undefined {
  let payload = text.startsWith('data:') ? text.replace(/^data:[\w/+.-]+;base64,/, '') : text;
  if (/\s/.test(payload)) payload = payload.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload) || payload.length % 4 === 1) return undefined;
  const bytes = Buffer.from(payload, 'base64');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

/**
 * The position where `text`'s nesting first passes `max`, or undefined. Brackets inside strings do
 * not count; the text need not be valid JSON (JSON.parse judges that afterwards).
 */
function nestingDepthOver(text: string, max: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}

interface Unstorable {
  path: string;
  reason: string;
}

/** The first string (or member name) the database cannot store; recursion is bounded by MAX_JSON_DEPTH. */
function findUnstorable(value: unknown, path: string): Unstorable | undefined {
  if (typeof value === 'string') return isUnstorable(value) ? { path, reason: unstorableReason(value) } : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorable(value[i], `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  for (const [name, member] of Object.entries(value)) {
    const memberPath = path ? `${path}.${printable(name)}` : printable(name);
    if (isUnstorable(name)) return { path: memberPath, reason: `has a member name that ${unstorableReason(name)}` };
    const found = findUnstorable(member, memberPath);
    if (found) return found;
  }
  return undefined;
}

/** A member name as it can be shown in a message (and stored in a log): without the offending characters. */
export const printable = (name: string): string => name.replace(new RegExp(UNSTORABLE.source, 'g'), '\uFFFD');

/** `metadata` for "metadata", '' for "The body". */
const pathOf = (what: string): string => (/^[a-z_]+$/.test(what) ? what : '');

const joinPath = (a: string, b: string): string =>
  a && b ? `${a}${b.startsWith('[') ? '' : '.'}${b}` : a || b || '(root)';
