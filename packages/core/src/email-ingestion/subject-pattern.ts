import { RE2JS } from 're2js';

export interface SubjectPattern {
  test(subject: string): boolean;
}

/**
 * Routing patterns run on RE2 (re2js, pure JavaScript): matching takes time linear in the subject,
 * so no pattern can hang the process (`(a+)+$` on a long subject returns at once, where a
 * backtracking engine would not). The syntax is RE2's: inline flags such as `(?i)` for a
 * case-insensitive match are allowed anywhere; backreferences and lookaround are not (a pattern
 * using them is refused when the configuration is saved).
 */
export function compileSubjectPattern(pattern: string): SubjectPattern {
  const compiled = RE2JS.compile(pattern);
  return { test: (subject) => compiled.matcher(subject).find() };
}
