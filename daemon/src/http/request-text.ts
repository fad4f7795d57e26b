import { AppError } from '@intake/core';
import { invalidRequest } from '@intake/core/shared';
import { isUnstorable, parseJsonText, printable, unstorableReason } from './json-thread/json-text.js';

export { isUnstorable, MAX_JSON_DEPTH, unstorableReason } from './json-thread/json-text.js';

/**
 * Parses a request's JSON text, refusing with 400 invalid_request what the API cannot take: text
 * that is not JSON, nesting deeper than MAX_JSON_DEPTH, and strings (values or member names) that
 * cannot be stored (json-text.ts has the rules). `what` names the part in messages ("The body",
 * "metadata").
 */
export function parseRequestJson(text: string, what = 'The body'): unknown {
  const parsed = parseJsonText(text, what);
  if ('problem' in parsed) throw invalidRequest(parsed.problem.message, parsed.problem.details);
  return parsed.value;
}

/**
 * Path parameters the database could not hold name nothing that exists: 404, as for any unknown id,
 * before a store is asked.
 */
export function checkPathParams(params: Record<string, string>): void {
  for (const name in params) {
    const value = params[name]!;
    if (isUnstorable(value))
      throw new AppError('not_found', `No resource has this ${name}: it ${unstorableReason(value)}`);
  }
}

/** Query members (names and values, repeated ones included) the database could not hold: 400. */
export function checkQuery(query: Record<string, string | string[] | undefined>): void {
  for (const name in query) {
    const value = query[name];
    const values = Array.isArray(value) ? value : [value ?? ''];
    const bad = isUnstorable(name) ? name : values.find(isUnstorable);
    if (bad !== undefined) {
      const shown = printable(name);
      throw invalidRequest(`The query member ${shown} ${unstorableReason(bad)}`, [
        { path: shown, message: unstorableReason(bad) },
      ]);
    }
  }
}
