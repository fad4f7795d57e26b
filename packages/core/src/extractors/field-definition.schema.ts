import { z } from 'zod';

/** The types a field definition can have; each decides how its value is found and returned. */
export const FIELD_TYPES = [
  'text',
  'number',
  'currency',
  'date',
  'email',
  'phone',
  'boolean',
  'array',
  'object',
] as const;
/** One of FIELD_TYPES. */
export type FieldType = (typeof FIELD_TYPES)[number];

/** Which validation keys each field type accepts (spec: Validation rules). */
export const VALIDATION_KEYS_BY_TYPE: Record<FieldType, readonly string[]> = {
  text: ['pattern', 'min_length', 'max_length'],
  number: ['min', 'max'],
  currency: ['min', 'max'],
  date: ['min_date', 'max_date', 'format'],
  email: ['domain'],
  phone: [],
  boolean: [],
  array: [],
  object: [],
};

/** Most fields an extractor (or one nested level) may define; the spec leaves it open. */
export const MAX_FIELDS = 100;
/** How deep `fields` may nest (array of objects of ...). */
export const MAX_NESTING = 3;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD');

export const ValidationRulesSchema = z
  .strictObject({
    pattern: z.string().max(1000).optional(),
    min_length: z.number().int().min(0).optional(),
    max_length: z.number().int().min(0).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    min_date: isoDate.optional(),
    max_date: isoDate.optional(),
    format: z.string().min(1).max(64).optional(),
    domain: z
      .string()
      .regex(/^@[A-Za-z0-9.-]+$/, 'must be a domain with a leading at-sign, e.g. @example.com')
      .optional(),
  })
  .meta({ id: 'ValidationRules' });

/** One field an extractor pulls out of a document: its name, type, description and optional rules. */
export interface FieldDefinition {
  name: string;
  type: FieldType;
  required: boolean;
  description: string;
  validation?: z.infer<typeof ValidationRulesSchema>;
  default_value?: unknown;
  /** Nested definitions: the members of an `object`, or of each element of an `array` of objects. */
  fields?: FieldDefinition[];
}

const fieldName = z
  .string()
  .min(1)
  .max(64)
  .regex(
    /^[A-Za-z_][A-Za-z0-9_]*$/,
    'must start with a letter or underscore and hold only letters, digits and underscores',
  );

export const FieldDefinitionSchema: z.ZodType<FieldDefinition> = z
  .strictObject({
    name: fieldName,
    type: z.enum(FIELD_TYPES),
    required: z.boolean(),
    description: z.string().max(2000),
    validation: ValidationRulesSchema.optional(),
    default_value: z.unknown().optional(),
    get fields() {
      return z.array(FieldDefinitionSchema).max(MAX_FIELDS).optional();
    },
  })
  .superRefine((field, ctx) => checkField(field, ctx))
  .meta({ id: 'FieldDefinition' });

/** The whole list of an extractor: each field checked, names unique at each level, nesting bounded. */
export const FieldDefinitionsSchema = z
  .array(FieldDefinitionSchema)
  .min(1, 'an extractor needs at least one field')
  .max(MAX_FIELDS)
  .superRefine((fields, ctx) => checkLevel(fields, ctx, [], 1));

function checkLevel(fields: FieldDefinition[], ctx: z.RefinementCtx, path: (string | number)[], depth: number): void {
  const seen = new Map<string, number>();
  fields.forEach((field, index) => {
    const earlier = seen.get(field.name);
    if (earlier !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [...path, index, 'name'],
        message: `duplicate field name "${field.name}" (also at index ${earlier})`,
      });
    } else {
      seen.set(field.name, index);
    }
    if (field.fields) {
      if (depth >= MAX_NESTING) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, index, 'fields'],
          message: `fields may nest at most ${MAX_NESTING} levels`,
        });
      } else {
        checkLevel(field.fields, ctx, [...path, index, 'fields'], depth + 1);
      }
    }
  });
}

function checkField(field: FieldDefinition, ctx: z.RefinementCtx): void {
  const rules = field.validation ?? {};
  const allowed = VALIDATION_KEYS_BY_TYPE[field.type];
  for (const key of Object.keys(rules)) {
    if (!allowed.includes(key)) {
      const hint = allowed.length ? `allowed: ${allowed.join(', ')}` : 'this type takes no validation rules';
      ctx.addIssue({
        code: 'custom',
        path: ['validation', key],
        message: `"${key}" does not apply to a ${field.type} field (${hint})`,
      });
    }
  }
  if (rules.pattern !== undefined) {
    try {
      new RegExp(rules.pattern, 'u');
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        path: ['validation', 'pattern'],
        message: `pattern does not compile: ${(error as Error).message}`,
      });
    }
  }
  orderedPair(ctx, rules.min, rules.max, 'min', 'max');
  orderedPair(ctx, rules.min_length, rules.max_length, 'min_length', 'max_length');
  orderedPair(ctx, rules.min_date, rules.max_date, 'min_date', 'max_date');
  if (field.fields !== undefined && field.type !== 'object' && field.type !== 'array') {
    ctx.addIssue({
      code: 'custom',
      path: ['fields'],
      message: `only object and array fields have nested fields, not ${field.type}`,
    });
  }
  if (field.default_value !== undefined && field.default_value !== null && !defaultFitsType(field)) {
    ctx.addIssue({ code: 'custom', path: ['default_value'], message: `default_value is not a valid ${field.type}` });
  }
}

function orderedPair<T extends number | string>(
  ctx: z.RefinementCtx,
  low: T | undefined,
  high: T | undefined,
  lowKey: string,
  highKey: string,
): void {
  if (low !== undefined && high !== undefined && low > high) {
    ctx.addIssue({
      code: 'custom',
      path: ['validation', lowKey],
      message: `${lowKey} must not be greater than ${highKey}`,
    });
  }
}

function defaultFitsType(field: FieldDefinition): boolean {
  const value = field.default_value;
  switch (field.type) {
    case 'text':
    case 'phone':
      return typeof value === 'string';
    case 'email':
      return typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value);
    case 'number':
    case 'currency':
      return typeof value === 'number' && Number.isFinite(value);
    case 'date':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && !Array.isArray(value);
  }
}
