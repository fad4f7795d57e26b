/**
 * The duplicate detection a job keeps: the prefix's settings it was submitted under and the
 * verdict once there is one. The job record owns the shape; `duplicates/` decides the verdicts
 * (on arrival and after extraction) and imports it from here, so the queue imports nothing of it.
 */

export interface DuplicateSettings {
  matchFields: string[];
  lookbackHours: number;
  action: 'reject' | 'flag' | 'process';
}

export interface DuplicateVerdict {
  /** The earlier job. */
  of: string;
  /** `file_hash`, or the names of the fields whose normalized values matched. */
  matched: string[];
  action: DuplicateSettings['action'];
  /** On arrival (identical file) or after extraction (fields). */
  detectedAt: 'arrival' | 'extraction';
}

/** What an email job keeps: the prefix's settings, and the verdict once there is one. */
export interface JobDuplicate {
  settings: DuplicateSettings;
  verdict: DuplicateVerdict | null;
}
