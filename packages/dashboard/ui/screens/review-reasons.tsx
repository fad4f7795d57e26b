/** Why a document waits for a person, at the top of its review: which rule, which field. */
import { percent } from '../format.js';
import type { Job, ReviewReason } from '../types.js';
import { LOW_CONFIDENCE, type ReviewField } from './review-fields.js';

const KINDS: Record<string, string> = {
  low_confidence: 'low confidence',
  validation: 'validation',
  plausibility: 'plausibility',
  classification_threshold: 'classification',
  duplicate: 'possible duplicate',
  payment_details_changed: 'bank details changed',
};

/**
 * The job's `review_reasons` when the API gives them; from a daemon that does not, what the result
 * itself says: its validation errors, the fields under the review confidence, the cross-checks and
 * a duplicate verdict (the same reasons the fields are marked for).
 */
export function reasonsOf(job: Job, fields: ReviewField[]): ReviewReason[] {
  if (job.review_reasons) return job.review_reasons;
  const reasons: ReviewReason[] = job.validation_errors.map((v) => ({
    code: 'validation',
    field: v.field,
    message: `${v.message} (${v.rule})`,
  }));
  for (const f of fields)
    if (f.confidence !== undefined && f.confidence < LOW_CONFIDENCE)
      reasons.push({
        code: 'low_confidence',
        field: f.name,
        message: `read with ${percent(f.confidence)} confidence, under ${percent(LOW_CONFIDENCE)}`,
      });
  if (job.duplicate)
    reasons.push({
      code: 'duplicate',
      message: `may duplicate ${job.duplicate.of} (the same ${job.duplicate.matched.join(', ')})`,
    });
  return reasons;
}

export function ReviewReasons(props: { job: Job; fields: ReviewField[] }) {
  const reasons = reasonsOf(props.job, props.fields);
  if (!props.job.needs_review && reasons.length === 0) return null;
  const label = (name: string) => props.fields.find((f) => f.name === name.split('.')[0])?.label ?? name;
  return (
    <section class="reasons" aria-label="Why it needs review">
      <h2>Why it needs review</h2>
      {reasons.length === 0 ? (
        <p>The daemon flagged it without saying why (its rules, such as a prefix's review threshold).</p>
      ) : (
        <ul>
          {reasons.map((r, i) => (
            <li key={i}>
              <span class="badge warn">{KINDS[r.code] ?? r.code}</span> {r.field && <strong>{label(r.field)}: </strong>}
              {r.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
