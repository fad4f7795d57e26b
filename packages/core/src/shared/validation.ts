import type { z } from 'zod';
import { invalidRequest, type ErrorDetail } from './errors.js';

/** Zod issues as the API reports them: `[{path, message}]` with dotted paths. */
export function toErrorDetails(error: z.ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
}

/** Parses untrusted input or throws `invalid_request` naming every problem. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what = 'request'): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const details = toErrorDetails(result.error);
    const first = details[0];
    const summary = first ? `${first.path}: ${first.message}` : 'invalid input';
    throw invalidRequest(`The ${what} is invalid (${summary})`, details);
  }
  return result.data;
}
