/**
 * Routing patterns are written as in most rule engines, where `(?i)` at the start asks for a
 * case-insensitive match. JavaScript has no inline flags, so a leading `(?i)` is taken off and
 * becomes the `i` flag; anywhere else it is a syntax error like any other. Patterns use the `u` flag.
 */
const CASE_INSENSITIVE = '(?i)';

export function compileSubjectPattern(pattern: string): RegExp {
  const insensitive = pattern.startsWith(CASE_INSENSITIVE);
  const source = insensitive ? pattern.slice(CASE_INSENSITIVE.length) : pattern;
  return new RegExp(source, insensitive ? 'iu' : 'u');
}
