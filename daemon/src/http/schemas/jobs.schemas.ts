import { z } from 'zod';
import { ENVIRONMENTS, JOB_FAILURE_CODES, JOB_STATUSES, REVIEW_REASON_CODES } from '@intake/core';
import { MetadataSchema } from '@intake/core/jobs';
import { FieldLocationSchema } from './field-locations.schemas.js';
import { PaymentDetailsChangeSchema, PaymentDetailsSchema } from './payment-details.schemas.js';

/** Body of `POST /v1/documents` as JSON (multipart carries the same members, `file` for `document`). */
export const SubmitDocumentJsonSchema = z
  .strictObject({
    extractor_id: z.string().min(1),
    document: z.string().min(1).describe('The file, base64-encoded'),
    mime_type: z.string().min(1),
    metadata: MetadataSchema.optional(),
  })
  .meta({ id: 'SubmitDocumentRequest' });

/** One reason a job needs review (see jobs/review-reasons.ts). */
export const ReviewReasonSchema = z
  .object({
    code: z
      .enum(REVIEW_REASON_CODES)
      .describe(
        "low_confidence (a field below the review threshold), validation (a broken rule), plausibility (a value contradicting the document), classification_threshold (an email classification below its threshold), duplicate, flagged (no reason recorded), payment_details_changed (the vendor's bank details differ from those remembered)",
      ),
    field: z.string().optional().describe('The field it concerns (nested as `line_items.0.amount`)'),
    message: z.string().describe('What is wrong: the rule, the confidence and its threshold'),
  })
  .meta({ id: 'ReviewReason' });

const ValidationErrorSchema = z
  .object({ field: z.string(), rule: z.string(), message: z.string() })
  .meta({ id: 'FieldValidationError' });

/** A job as the API shows it. */
export const JobSchema = z
  .object({
    id: z.string(),
    org_id: z.string(),
    extractor_id: z.string(),
    status: z.enum(JOB_STATUSES),
    mode: z
      .enum(ENVIRONMENTS)
      .describe('The mode of the key (or, for mail, the message) that made the job: test jobs are simulated and free'),
    waiting_reason: z
      .enum(['insufficient_credits'])
      .nullable()
      .describe(
        'Why a queued job waits: insufficient_credits while its organization cannot pay for it; null otherwise',
      ),
    extracted_data: z.record(z.string(), z.unknown()).optional(),
    confidence: z.record(z.string(), z.number()).optional(),
    field_locations: z
      .record(z.string(), FieldLocationSchema)
      .optional()
      .describe('Completed jobs: where each field was read'),
    processing_time_ms: z.number().nullable(),
    cost_credits: z.number(),
    metadata: z.record(z.string(), z.unknown()),
    created_at: z.string(),
    completed_at: z.string().optional(),
    failed_at: z.string().optional(),
    error_details: z
      .object({ code: z.enum(JOB_FAILURE_CODES), message: z.string(), suggestion: z.string() })
      .optional(),
    document_url: z.string(),
    mime_type: z.string(),
    page_count: z.number().int(),
    needs_review: z.boolean(),
    reviewed_at: z.string().optional().describe('When a person confirmed or rejected the document (absent: never)'),
    review_outcome: z.enum(['confirmed', 'rejected']).optional(),
    validation_errors: z.array(ValidationErrorSchema),
    review_reasons: z
      .array(ReviewReasonSchema)
      .describe('Completed jobs: why it needs review, one entry per reason; empty when it does not'),
    result_version: z
      .number()
      .int()
      .describe('1 for the first result, one more for each reprocessing; earlier ones: GET .../versions'),
    routing: z
      .object({
        rule: z.number().int().nullable(),
        condition: z.record(z.string(), z.unknown()).nullable(),
        assignTo: z.string().nullable(),
        priority: z.string().nullable(),
        erpSubsidiary: z.string().nullable(),
        documentType: z.string().nullable(),
        autoApprove: z.boolean(),
        requiresApproval: z.boolean(),
        approvers: z.array(z.string()),
        amount: z.number().nullable(),
        decidedAt: z.enum(['arrival', 'extraction']),
      })
      .optional()
      .describe("Email jobs: what the prefix's routing rules decided (first match wins; final after extraction)"),
    duplicate_of: z.string().optional().describe('The earlier job this one duplicates'),
    duplicate: z
      .object({
        of: z.string(),
        matched: z.array(z.string()),
        action: z.enum(['reject', 'flag', 'process']),
        detectedAt: z.enum(['arrival', 'extraction']),
      })
      .optional()
      .describe('The duplicate verdict: the earlier job, what matched (file_hash or field names), the action taken'),
    payment_details: PaymentDetailsSchema.nullable()
      .optional()
      .describe(
        "Completed jobs: where the document says to pay, whatever the extractor's fields; null when nothing was found",
      ),
    payment_details_changed: PaymentDetailsChangeSchema.nullable()
      .optional()
      .describe("Completed jobs: the vendor's earlier payment details when this document's differ; null otherwise"),
  })
  .meta({ id: 'Job' });

/** The answer of GET /v1/documents/stats: counts of jobs over a period. */
export const JobStatsSchema = z
  .object({
    period: z.string(),
    total_jobs: z.number().int(),
    completed_jobs: z.number().int(),
    failed_jobs: z.number().int(),
    success_rate: z.number(),
    avg_processing_time_ms: z.number(),
    avg_confidence: z.number(),
    total_credits_used: z.number(),
    by_extractor: z.array(
      z.object({
        extractor_id: z.string(),
        extractor_name: z.string(),
        job_count: z.number().int(),
        success_rate: z.number(),
      }),
    ),
    by_status: z.object({
      completed: z.number().int(),
      failed: z.number().int(),
      queued: z.number().int(),
      processing: z.number().int(),
    }),
  })
  .meta({ id: 'JobStatistics' });
