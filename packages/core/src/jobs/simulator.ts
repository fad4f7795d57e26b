import { createHash } from 'node:crypto';
import RandExp from 'randexp';
import type { FieldDefinition } from '../extractors/index.js';
import { DocumentError, JOB_FAILURE_CODES, type JobFailureCode } from '../shared/document-error.js';
import type { ExtractionOutcome } from '../ports/document-extractor.port.js';

/** Failures a test-key job can ask for with `metadata.simulate`. */
export const SIMULATABLE_FAILURES: readonly JobFailureCode[] = [
  'document_unreadable',
  'temporary_error',
  'service_unavailable',
];

const SUGGESTIONS: Record<JobFailureCode, string> = {
  document_unreadable: 'Simulated: a real document like this would need a clearer scan (300 dpi) or a text-layer PDF.',
  temporary_error: 'Simulated: resubmit the document; temporary errors are safe to retry.',
  service_unavailable: 'Simulated: resubmit later; the service is temporarily unavailable.',
  document_too_large: 'Simulated: split the document or send it at a normal page and image size.',
  processing_timeout: 'Simulated: resubmit the document.',
  duplicate_document: 'Simulated: the earlier document was processed.',
};

/** A deterministic pseudo-random stream seeded by a string (the job id), so results repeat. */
function seeded(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 1_000_000) / 1_000_000;
  };
}

/**
 * Test mode: no reading, no OCR, no cost. Each field gets a plausible value of its type that
 * satisfies its validation rules; the same job id always gets the same values.
 */
export function simulateExtraction(
  jobId: string,
  fields: FieldDefinition[],
  metadata: Record<string, unknown>,
  pageCount: number,
): ExtractionOutcome {
  const simulate = metadata.simulate;
  if (
    typeof simulate === 'string' &&
    (JOB_FAILURE_CODES as readonly string[]).includes(simulate) &&
    SIMULATABLE_FAILURES.includes(simulate as JobFailureCode)
  ) {
    const code = simulate as JobFailureCode;
    throw new DocumentError(code, `Simulated ${code} (metadata.simulate on a test key)`, SUGGESTIONS[code]);
  }
  const random = seeded(jobId);
  const extracted_data: Record<string, unknown> = {};
  const confidence: Record<string, number> = {};
  for (const field of fields) {
    extracted_data[field.name] = simulateValue(field, random);
    confidence[field.name] = Math.round((0.85 + random() * 0.14) * 100) / 100;
  }
  return { extracted_data, confidence, validation_errors: [], needs_review: false, page_count: pageCount };
}

function simulateValue(field: FieldDefinition, random: () => number): unknown {
  const rules = field.validation ?? {};
  switch (field.type) {
    case 'number':
    case 'currency': {
      const min = rules.min ?? (field.type === 'currency' ? 10 : 1);
      const max = rules.max ?? Math.max(min, 0) + (field.type === 'currency' ? 5000 : 100);
      const value = min + random() * (max - min);
      return field.type === 'currency' ? Math.round(value * 100) / 100 : Math.round(value);
    }
    case 'date':
      return simulateDate(rules.min_date, rules.max_date, random);
    case 'email':
      return `billing${Math.floor(random() * 90 + 10)}${rules.domain ?? '@example.com'}`;
    case 'phone':
      return `+1 555 01${Math.floor(random() * 90 + 10)}`;
    case 'boolean':
      return random() < 0.5;
    case 'object':
      return Object.fromEntries((field.fields ?? []).map((f) => [f.name, simulateValue(f, random)]));
    case 'array':
      return field.fields
        ? [0, 1].map(() => Object.fromEntries(field.fields!.map((f) => [f.name, simulateValue(f, random)])))
        : [simulateText({ ...field, type: 'text' }, random), simulateText({ ...field, type: 'text' }, random)];
    case 'text':
      return simulateText(field, random);
  }
}

function simulateDate(min: string | undefined, max: string | undefined, random: () => number): string {
  const low = Date.parse(min ?? '2026-01-01');
  const high = max ? Date.parse(max) : low + 180 * 86_400_000;
  return new Date(low + Math.floor(random() * ((high - low) / 86_400_000 + 1)) * 86_400_000).toISOString().slice(0, 10);
}

/** A text that matches the field's pattern and length rules when we can find one, else a plain sample. */
function simulateText(field: FieldDefinition, random: () => number): string {
  const rules = field.validation ?? {};
  const n = Math.floor(random() * 9000 + 1000);
  const candidates = [
    `SIM-${n}`,
    `${n}`,
    `INV-${n}`,
    `PO-${n}`,
    `Sample ${field.name.replace(/_/g, ' ')}`,
    `sim${n}`,
    `A${n}`,
    'Sample',
  ];
  const fits = (s: string) =>
    (rules.pattern === undefined || new RegExp(rules.pattern, 'u').test(s)) &&
    (rules.min_length === undefined || s.length >= rules.min_length) &&
    (rules.max_length === undefined || s.length <= rules.max_length);
  const found = candidates.find(fits);
  if (found) return found;
  if (rules.pattern !== undefined) {
    // Generate from the pattern itself, with our seeded stream so the value repeats per job.
    const generator = new RandExp(new RegExp(rules.pattern, 'u'));
    generator.max = 12;
    generator.randInt = (from: number, to: number) => from + Math.floor(random() * (to - from + 1));
    for (let i = 0; i < 20; i++) {
      const candidate = generator.gen();
      if (fits(candidate)) return candidate;
    }
  }
  const base = candidates[0]!;
  return base
    .padEnd(rules.min_length ?? 0, '0')
    .slice(0, rules.max_length ?? Math.max(base.length, rules.min_length ?? 0));
}
