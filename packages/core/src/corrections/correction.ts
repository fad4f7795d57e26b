import { z } from 'zod';
import type { Environment } from '../keys/index.js';

/** What a person did to one field of a completed job, or (`rejected`) to the whole document. */
export type CorrectionKind = 'corrected' | 'confirmed' | 'rejected';

/** One entry of a job's correction history (table job_corrections). */
export interface CorrectionRecord {
  /** Form `cor_<id>`. */
  id: string;
  org_id: string;
  job_id: string;
  environment: Environment;
  /** Top-level field name of the job's field definitions; null for a rejection (the whole document). */
  field: string | null;
  kind: CorrectionKind;
  /** The value before (absent: null). */
  old_value: unknown;
  /** The value after; equal to old_value for a confirmation. */
  new_value: unknown;
  /** `user_<key id>` of the key (or dashboard session's key) that made it. */
  corrected_by: string;
  created_at: string;
}

/** A correction as the API shows it. */
export type CorrectionResource = Omit<CorrectionRecord, 'org_id' | 'environment'>;

export const toCorrectionResource = ({ org_id: _o, environment: _e, ...rest }: CorrectionRecord): CorrectionResource =>
  rest;

const BoxSchema = z.strictObject({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() });

/** Body of `PATCH /v1/documents/{job_id}/fields`. */
export const CorrectionRequestSchema = z
  .strictObject({
    fields: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        "New values by field name (the value in the field's type; dates as YYYY-MM-DD); null clears an optional field",
      ),
    locations: z
      .record(z.string(), z.strictObject({ page: z.number().int().min(1), box: BoxSchema }))
      .optional()
      .describe('Optional: where on the page the person found each new value (a word they picked), in page units'),
    confirm: z
      .boolean()
      .optional()
      .describe(
        'true: the whole document was reviewed; every other field is recorded as confirmed and needs_review clears',
      ),
    reject: z
      .literal(true)
      .optional()
      .describe(
        'true: a person rejected the document as a whole (alone, or with `reason`); values stay, needs_review clears',
      ),
    reason: z.string().trim().min(1).max(500).optional().describe('Why the document was rejected (with `reject`)'),
  })
  .meta({ id: 'CorrectionRequest' });

export type CorrectionRequest = z.infer<typeof CorrectionRequestSchema>;
