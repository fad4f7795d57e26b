/** The review screen's fields: which there are, which need attention first, and typed text as values. */
import { readableName } from '../format.js';
import type { FieldDefinition, FieldLocation, Job } from '../types.js';
import { crossChecks } from './review-checks.js';
import { gridColumns, isGrid, type GridColumn } from './review-grid.js';

/** Under this confidence a field needs a person's look (the API's own REVIEW_BELOW). */
export const LOW_CONFIDENCE = 0.5;

export interface ReviewField {
  name: string;
  /** What the screen calls it: the extractor's description of the field, else its name made readable. */
  label: string;
  value: unknown;
  confidence: number | undefined;
  problems: string[];
  location: FieldLocation | undefined;
  attention: boolean;
  /** Scalars are edited in an input, arrays of objects (line items) in a grid; objects are shown. */
  editable: boolean;
  /** Grid fields: their columns. */
  columns?: GridColumn[];
  /** The extractor's type of the field, when the extractor could be read. */
  type?: string;
}

/** A description short enough to be a label is one; a longer one (a sentence of instructions) is not. */
const labelFor = (name: string, definition: FieldDefinition | undefined): string => {
  const description = definition?.description?.trim() ?? '';
  return description && description.length <= 48 ? description : readableName(name);
};

export function reviewFields(job: Job, definitions: FieldDefinition[]): ReviewField[] {
  const data = job.extracted_data ?? {};
  const byName = new Map(definitions.map((d) => [d.name, d] as const));
  const names = new Set([
    ...Object.keys(data),
    // Fields the extraction did not find can still be typed in: scalars, and line items in a grid.
    ...definitions.filter((d) => d.type !== 'object' && (d.type !== 'array' || d.fields?.length)).map((d) => d.name),
    ...Object.keys(job.confidence ?? {}),
    ...job.validation_errors.map((v) => v.field.split('.')[0]!),
  ]);
  const checks = crossChecks(job);
  const fields = [...names].map((name): ReviewField => {
    const value = data[name];
    const confidence = job.confidence?.[name];
    const problems = [
      ...job.validation_errors
        .filter((v) => v.field === name || v.field.startsWith(`${name}.`))
        .map((v) => `${v.message} (${v.rule})`),
      ...(checks.get(name) ?? []),
    ];
    return {
      name,
      label: labelFor(name, byName.get(name)),
      value,
      confidence,
      problems,
      location: job.field_locations?.[name],
      attention: problems.length > 0 || (confidence !== undefined && confidence < LOW_CONFIDENCE),
      editable:
        (value === null || value === undefined || typeof value !== 'object') && byName.get(name)?.type !== 'array',
      ...(isGrid(value, byName.get(name)) ? { columns: gridColumns(value, byName.get(name)) } : {}),
      ...(byName.get(name) ? { type: byName.get(name)!.type } : {}),
    };
  });
  // Those that need attention first, each group in the extractor's order.
  return [...fields.filter((f) => f.attention), ...fields.filter((f) => !f.attention)];
}
