import type { FieldDefinition } from '../../extractors/index.js';

/**
 * The spec's validation rules checked against one value. A broken rule comes back as the rule's
 * key and a message; the caller decides what replaces the value.
 */

export interface BrokenRule {
  rule: string;
  message: string;
}

export function brokenRules(field: FieldDefinition, value: unknown): BrokenRule[] {
  const rules = field.validation ?? {};
  const broken: BrokenRule[] = [];
  const fail = (rule: string, message: string) => broken.push({ rule, message });
  if (typeof value === 'string' && field.type === 'text') {
    if (rules.pattern !== undefined && !new RegExp(rules.pattern, 'u').test(value))
      fail('pattern', `"${value}" does not match ${rules.pattern}`);
    if (rules.min_length !== undefined && value.length < rules.min_length)
      fail('min_length', `"${value}" is shorter than ${rules.min_length} characters`);
    if (rules.max_length !== undefined && value.length > rules.max_length)
      fail('max_length', `"${value}" is longer than ${rules.max_length} characters`);
  }
  if (typeof value === 'number') {
    if (rules.min !== undefined && value < rules.min) fail('min', `${value} is less than ${rules.min}`);
    if (rules.max !== undefined && value > rules.max) fail('max', `${value} is more than ${rules.max}`);
  }
  if (typeof value === 'string' && field.type === 'date') {
    if (rules.min_date !== undefined && value < rules.min_date)
      fail('min_date', `${value} is before ${rules.min_date}`);
    if (rules.max_date !== undefined && value > rules.max_date) fail('max_date', `${value} is after ${rules.max_date}`);
  }
  if (typeof value === 'string' && field.type === 'email' && rules.domain !== undefined) {
    if (!value.toLowerCase().endsWith(rules.domain.toLowerCase()))
      fail('domain', `${value} is not an address at ${rules.domain}`);
  }
  return broken;
}

const FORMAT_TOKENS = /YYYY|YY|MM|M|DD|D/g;

/**
 * A date field's `format` says how the value is written in the result ("DD.MM.YYYY"); the default
 * is ISO 8601. Returns null when the format names no day, month and year.
 */
export function formatDate(iso: string, format: string): string | null {
  const tokens = format.match(FORMAT_TOKENS) ?? [];
  const hasAll = ['Y', 'M', 'D'].every((letter) => tokens.some((t) => t.startsWith(letter)));
  if (!hasAll) return null;
  const [year, month, day] = iso.split('-') as [string, string, string];
  const parts: Record<string, string> = {
    YYYY: year,
    YY: year.slice(2),
    MM: month,
    M: String(Number(month)),
    DD: day,
    D: String(Number(day)),
  };
  return format.replace(FORMAT_TOKENS, (t) => parts[t]!);
}
