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
  let compiled = cache.get(pattern);
  if (!compiled) {
    compiled = RE2JS.compile(pattern);
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(pattern, compiled);
  }
  const re = compiled;
  return { test: (subject) => re.matcher(subject).find() };
}

/** Routing evaluates every rule of a prefix for every message: compile each pattern once. */
const CACHE_SIZE = 1000;
const cache = new Map<string, RE2JS>();
