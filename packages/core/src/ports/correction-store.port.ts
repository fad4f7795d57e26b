import type { CorrectionRecord } from '../corrections/correction.js';
import type { FieldLocations } from '../extraction/locations/field-location.js';
import type { JobRecord } from '../jobs/job.js';
import type { Environment } from '../keys/scopes.js';

/** The members of a completed job a correction rewrites. */
export interface CorrectedJobFields {
  extracted_data: Record<string, unknown>;
  confidence: Record<string, number>;
  field_locations: FieldLocations;
  overall_confidence: number | null;
  validation_errors: JobRecord['validation_errors'];
  needs_review: boolean;
  /** Set when the request reviewed the document as a whole (confirm or reject). */
  reviewed_at?: string;
  review_outcome?: 'confirmed' | 'rejected';
}

/** The correction history of jobs, and the job rows a correction rewrites. Use inside a transaction. */
export interface CorrectionStore {
  /**
   * A job of the organization in `mode`, locked until the transaction ends (FOR UPDATE), so two
   * corrections of one job are applied one after the other and each sees the other's values.
   */
  lockJob(orgId: string, mode: Environment, jobId: string): Promise<JobRecord | null>;
  /** Writes the job's corrected members and appends the records. */
  apply(jobId: string, fields: CorrectedJobFields, records: CorrectionRecord[]): Promise<void>;
  /** A job's history, oldest first (created_at, then id). */
  list(orgId: string, mode: Environment, jobId: string): Promise<CorrectionRecord[]>;
}
