import type { FieldValidationError } from '../../ports/document-extractor.port.js';
import type { FieldDefinition } from '../../extractors/index.js';
import { brokenRules, formatDate } from './rules.js';

/**
 * Applies the definitions' rules to the found values. A value that breaks a rule is replaced by
 * the field's default_value, or left out, and reported; a required field that was not found is
 * reported with rule "required". Nested members are checked too (`line_items.0.amount`).
 */

export interface Validated {
  value: unknown;
  /** False when the value is the default (or nothing) instead of what was found. */
  extracted: boolean;
}

export function validateField(
  field: FieldDefinition,
  found: unknown,
  path: string,
  errors: FieldValidationError[],
): Validated | undefined {
  if (found === undefined || found === null) return missing(field, path, errors);
  const broken = brokenRules(field, found);
  if (broken.length > 0) {
    for (const b of broken)
      errors.push({
        field: path,
        rule: b.rule,
        message: `${b.message}${field.default_value !== undefined ? '; default_value used' : '; value left out'}`,
      });
    return field.default_value !== undefined ? { value: field.default_value, extracted: false } : undefined;
  }
  return { value: shaped(field, found, path, errors), extracted: true };
}

function missing(field: FieldDefinition, path: string, errors: FieldValidationError[]): Validated | undefined {
  if (field.required) {
    const fallback = field.default_value !== undefined ? '; default_value used' : '';
    errors.push({ field: path, rule: 'required', message: `required field not found in the document${fallback}` });
  }
  return field.default_value !== undefined ? { value: field.default_value, extracted: false } : undefined;
}

/** Nested members checked one by one; dates written in the requested format. */
function shaped(field: FieldDefinition, value: unknown, path: string, errors: FieldValidationError[]): unknown {
  if (field.type === 'date' && typeof value === 'string' && field.validation?.format) {
    const formatted = formatDate(value, field.validation.format);
    if (formatted !== null) return formatted;
    errors.push({
      field: path,
      rule: 'format',
      message: `format "${field.validation.format}" names no day, month and year; the date is given as ISO 8601`,
    });
    return value;
  }
  if (field.type === 'object' && field.fields && isRecord(value)) return members(field.fields, value, path, errors);
  if (field.type === 'array' && field.fields && Array.isArray(value)) {
    return (value as unknown[]).map((element, i) =>
      isRecord(element) ? members(field.fields!, element, `${path}.${i}`, errors) : element,
    );
  }
  return value;
}

function members(
  fields: FieldDefinition[],
  value: Record<string, unknown>,
  path: string,
  errors: FieldValidationError[],
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const member of fields) {
    const checked = validateField(member, value[member.name], `${path}.${member.name}`, errors);
    if (checked) result[member.name] = checked.value;
  }
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
