import type { FieldDefinition } from '../extractors/index.js';
import type { FieldValidationError } from '../ports/document-extractor.port.js';
import { validateField } from '../extraction/index.js';
import type { ErrorDetail } from '../shared/errors.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A person's value for a field: of the field's type (members of objects and array elements too),
 * and within its validation rules. Returns the value as the job shows it (a date in the field's
 * `format`), or the problems, each with its path in the request.
 */
export function checkCorrectedValue(
  field: FieldDefinition,
  value: unknown,
  path: string,
): { value: unknown } | { problems: ErrorDetail[] } {
  const problems = typeProblems(field, value, path);
  if (problems.length) return { problems };
  const errors: FieldValidationError[] = [];
  const checked = validateField(field, value, field.name, errors);
  if (errors.length)
    return {
      problems: errors.map((e) => ({
        path: `${path}${e.field.slice(field.name.length)}`,
        message: `${e.rule}: ${e.message.replace(/; (default_value used|value left out)$/, '')}`,
      })),
    };
  return { value: checked?.value ?? null };
}

function typeProblems(field: FieldDefinition, value: unknown, path: string): ErrorDetail[] {
  if (value === null || value === undefined) return [];
  const wrong = (expected: string): ErrorDetail[] => [
    { path, message: `must be ${expected} (the field is of type ${field.type})` },
  ];
  switch (field.type) {
    case 'text':
    case 'email':
    case 'phone':
      return typeof value === 'string' ? [] : wrong('a string');
    case 'number':
    case 'currency':
      return typeof value === 'number' && Number.isFinite(value) ? [] : wrong('a number');
    case 'boolean':
      return typeof value === 'boolean' ? [] : wrong('true or false');
    case 'date':
      return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))
        ? []
        : wrong('a date as YYYY-MM-DD');
    case 'object':
      if (typeof value !== 'object' || Array.isArray(value)) return wrong('an object');
      return memberProblems(field.fields ?? [], value as Record<string, unknown>, path);
    case 'array':
      if (!Array.isArray(value)) return wrong('an array');
      return value.flatMap((element, i) => {
        if (!field.fields?.length) return [];
        if (typeof element !== 'object' || element === null || Array.isArray(element))
          return [{ path: `${path}.${i}`, message: 'must be an object' }];
        return memberProblems(field.fields, element as Record<string, unknown>, `${path}.${i}`);
      });
    default:
      return [];
  }
}

function memberProblems(members: FieldDefinition[], value: Record<string, unknown>, path: string): ErrorDetail[] {
  const known = new Set(members.map((m) => m.name));
  const unknown = Object.keys(value)
    .filter((k) => !known.has(k))
    .map((k) => ({ path: `${path}.${k}`, message: 'is not a member of the field' }));
  return [...unknown, ...members.flatMap((m) => typeProblems(m, value[m.name], `${path}.${m.name}`))];
}
