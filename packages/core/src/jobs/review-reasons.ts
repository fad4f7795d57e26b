import { REVIEW_BELOW } from '../extraction/index.js';
import type { FieldValidationError } from '../ports/document-extractor.port.js';
import { senderAuthenticated } from './job-payment-details.js';

/** What sends a document to review; the dashboard says which rule, field and threshold. */
export const REVIEW_REASON_CODES = [
  'low_confidence',
  'validation',
  'plausibility',
  'classification_threshold',
  'duplicate',
  'flagged',
  'payment_details_changed',
  'sender_unauthenticated',
] as const;
/** Why a job needs a person: one of REVIEW_REASON_CODES. */
export type ReviewReasonCode = (typeof REVIEW_REASON_CODES)[number];

/** One reason a job needs review: a code, the field it concerns (when one does) and a sentence. */
export interface ReviewReason {
  code: ReviewReasonCode;
  field?: string;
  message: string;
}

// Down, so a confidence below the threshold never reads as equal to it (0.4999 shows as 0.499).
const shown = (n: number) => Math.floor(n * 1000 + 1e-9) / 1000;

/** What reviewReasons reads of a job (a JobRecord, or a result version over one). */
export interface FlaggableJob {
  needs_review: boolean;
  review_flags?: ReviewReason[];
  duplicate?: { verdict: { of: string; matched: string[]; action: string; detectedAt: string } | null } | null;
  validation_errors: FieldValidationError[];
  confidence: Record<string, number> | null;
  payment_details_changed?: { previous: Record<string, string>; last_seen_at: string; job_id: string } | null;
  metadata?: Record<string, unknown>;
}

/**
 * Why a job is flagged, derived from what it holds now (so a correction that clears a validation
 * error clears its reason too): the reasons recorded when it arrived (`review_flags`: an email
 * classification below the prefix's threshold), a duplicate verdict of action `flag`, each
 * validation error (rule `plausible` as `plausibility`), and each field whose confidence is below
 * REVIEW_BELOW (a field a plausibility rule put in doubt is named once, by that rule). Empty when
 * the job does not need review. A job flagged for a reason it did not record (before reasons were
 * kept) gets one `flagged` reason, so a flag never comes without a sentence.
 */
export function reviewReasons(job: FlaggableJob): ReviewReason[] {
  if (!job.needs_review) return [];
  const reasons: ReviewReason[] = [...(job.review_flags ?? [])];
  const verdict = job.duplicate?.verdict;
  if (verdict && verdict.action === 'flag') {
    reasons.push({
      code: 'duplicate',
      message: `A duplicate of job ${verdict.of} (matched: ${verdict.matched.join(', ')}; detected on ${verdict.detectedAt})`,
    });
  }
  const changed = job.payment_details_changed;
  if (changed) {
    const unauthenticated = senderAuthenticated(job.metadata ?? {}) === false;
    reasons.push({
      code: 'payment_details_changed',
      message: `The vendor's payment details differ from those last seen on ${changed.last_seen_at} (job ${changed.job_id}: ${describePrevious(changed.previous)})${unauthenticated ? '; the mail failed sender authentication' : ''}`,
    });
  }
  const doubted = new Set<string>();
  for (const error of job.validation_errors) {
    if (error.rule === 'plausible') {
      doubted.add(error.field);
      reasons.push({ code: 'plausibility', field: error.field, message: error.message });
    } else {
      reasons.push({ code: 'validation', field: error.field, message: `${error.rule}: ${error.message}` });
    }
  }
  for (const [field, score] of Object.entries(job.confidence ?? {})) {
    if (typeof score !== 'number' || score >= REVIEW_BELOW || doubted.has(field)) continue;
    reasons.push({
      code: 'low_confidence',
      field,
      message: `Confidence ${shown(score)} is below the review threshold ${REVIEW_BELOW}`,
    });
  }
  if (reasons.length === 0)
    reasons.push({ code: 'flagged', message: 'Flagged for review when it arrived (the reason was not recorded)' });
  return reasons;
}

const describePrevious = (previous: Record<string, string>): string =>
  Object.entries(previous)
    .map(([key, value]) => `${key} ${value}`)
    .join(', ');
