import { isDeepStrictEqual } from 'node:util';
import type { CorrectedJobFields } from '../ports/correction-store.port.js';
import { type FieldLocation, type FieldLocations, REVIEW_BELOW } from '../extraction/index.js';
import type { JobRecord } from '../jobs/index.js';
import { invalidRequest, type ErrorDetail } from '../shared/errors.js';
import type { CorrectionKind, CorrectionRequest } from './correction.js';
import { checkCorrectedValue } from './check-value.js';

/** One field's change, before it gets an id, an author and a time. */
export interface FieldChange {
  /** null: the whole document (a rejection). */
  field: string | null;
  kind: CorrectionKind;
  old_value: unknown;
  new_value: unknown;
}

/**
 * What a correction request does to a completed job: the new values (confidence 1, `corrected: true`
 * in their location), the validation errors left, and one change per field touched. Throws 400
 * invalid_request (every problem in `details`) when a field is unknown or a value does not fit it.
 */
export function applyCorrections(
  job: JobRecord,
  request: CorrectionRequest,
): { fields: CorrectedJobFields; changes: FieldChange[] } {
  if (request.reject) return rejection(job, request);
  if (request.reason !== undefined)
    throw invalidRequest('`reason` goes with `reject: true`', [{ path: 'reason', message: 'is only for a rejection' }]);
  const definitions = new Map(job.field_definitions.map((f) => [f.name, f] as const));
  const data = { ...(job.extracted_data ?? {}) };
  const confidence = { ...(job.confidence ?? {}) };
  const locations: FieldLocations = { ...(job.field_locations ?? {}) };
  const problems: ErrorDetail[] = [];
  const changes: FieldChange[] = [];
  for (const [name, value] of Object.entries(request.fields ?? {})) {
    const field = definitions.get(name);
    if (!field) {
      problems.push({ path: `fields.${name}`, message: 'is not a field of the job' });
      continue;
    }
    if (value === null && field.required) {
      problems.push({ path: `fields.${name}`, message: 'is required and cannot be cleared' });
      continue;
    }
    const checked = checkCorrectedValue(field, value, `fields.${name}`);
    if ('problems' in checked) {
      problems.push(...checked.problems);
      continue;
    }
    const old = data[name] ?? null;
    const kind: CorrectionKind = isDeepStrictEqual(old, checked.value) ? 'confirmed' : 'corrected';
    changes.push({ field: name, kind, old_value: old, new_value: checked.value });
    if (checked.value === null) delete data[name];
    else data[name] = checked.value;
    confidence[name] = 1;
    locations[name] = correctedLocation(kind, locations[name], request.locations?.[name], locations);
  }
  for (const name of Object.keys(request.locations ?? {})) {
    if (!(name in (request.fields ?? {})))
      problems.push({ path: `locations.${name}`, message: 'names no field of `fields`' });
  }
  if (problems.length) throw invalidRequest("The correction does not fit the job's fields", problems);
  if (request.confirm) {
    for (const [name, value] of Object.entries(data)) {
      if (changes.some((c) => c.field === name)) continue;
      changes.push({ field: name, kind: 'confirmed', old_value: value, new_value: value });
      confidence[name] = 1;
      locations[name] = { ...(locations[name] ?? { source: 'default' }), corrected: true };
    }
  }
  if (changes.length === 0)
    throw invalidRequest('Nothing to correct: give `fields`, or `confirm: true`', [
      { path: 'fields', message: 'give at least one field, or confirm' },
    ]);
  const touched = new Set(changes.map((c) => c.field ?? ''));
  const validation_errors = job.validation_errors.filter((e) => !touched.has(e.field.split('.')[0]!));
  const scores = Object.values(confidence);
  return {
    fields: {
      extracted_data: data,
      confidence,
      field_locations: locations,
      overall_confidence: scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null,
      validation_errors,
      // A confirmed document has been reviewed as a whole; otherwise what is left decides.
      needs_review: request.confirm ? false : validation_errors.length > 0 || scores.some((s) => s < REVIEW_BELOW),
      ...(request.confirm ? { review_outcome: 'confirmed' as const } : {}),
    },
    changes,
  };
}

/**
 * A confirmed value keeps where it was read; a corrected one is where the person says they found it
 * (page sizes taken from a location on the same page), or nowhere.
 */
function correctedLocation(
  kind: CorrectionKind,
  previous: FieldLocation | undefined,
  picked: { page: number; box: FieldLocation['box'] } | undefined,
  all: FieldLocations,
): FieldLocation {
  if (kind === 'confirmed') return { ...(previous ?? { source: 'default' }), corrected: true };
  if (!picked) return { source: 'correction', corrected: true };
  const size = Object.values(all).find((l) => l.page === picked.page && l.page_width !== undefined);
  return {
    source: 'correction',
    page: picked.page,
    ...(picked.box ? { box: picked.box } : {}),
    ...(size ? { page_width: size.page_width!, page_height: size.page_height! } : {}),
    corrected: true,
  };
}

/**
 * A rejected document keeps its values (nothing is corrected): it leaves the review queue
 * (needs_review false), its outcome is `rejected`, and the history records one entry for the whole
 * document with the reason as its new value.
 */
function rejection(job: JobRecord, request: CorrectionRequest): { fields: CorrectedJobFields; changes: FieldChange[] } {
  const mixed = (['fields', 'locations', 'confirm'] as const).filter((member) => request[member] !== undefined);
  if (mixed.length)
    throw invalidRequest(
      'A rejection changes no field: send `reject` alone, or with `reason`',
      mixed.map((member) => ({ path: member, message: 'cannot be combined with reject' })),
    );
  return {
    fields: {
      extracted_data: job.extracted_data ?? {},
      confidence: job.confidence ?? {},
      field_locations: job.field_locations ?? {},
      overall_confidence: job.overall_confidence,
      validation_errors: job.validation_errors,
      needs_review: false,
      review_outcome: 'rejected',
    },
    changes: [{ field: null, kind: 'rejected', old_value: null, new_value: request.reason ?? null }],
  };
}
