import type { EmailIngestionConfig } from '../email/prefixes/email-ingestion-config.schema.js';
import type { StoredEmailIngestionConfig } from '../email/prefixes/email-ingestion-config.js';

/** Inserting finds the prefix free, or held (by this or another organization). */
export type InsertEmailIngestionOutcome = { outcome: 'inserted' } | { outcome: 'prefix_taken' };

/** Persistence of email ingestion configurations, one per prefix; prefixes are lowercase. */
export interface EmailIngestionStore {
  /** Atomic with respect to the prefix: two concurrent inserts of one prefix never both succeed. */
  insert(record: StoredEmailIngestionConfig): Promise<InsertEmailIngestionOutcome>;
  get(orgId: string, prefix: string): Promise<StoredEmailIngestionConfig | null>;
  /** Whichever organization holds the prefix: what the SMTP edge asks for each recipient. */
  findByPrefix(prefix: string): Promise<StoredEmailIngestionConfig | null>;
  /** Newest first, prefix descending as tie-break. */
  list(orgId: string): Promise<StoredEmailIngestionConfig[]>;
  /** Replaces the configuration; returns the new record, or null when the organization has no such prefix. */
  update(
    orgId: string,
    prefix: string,
    config: EmailIngestionConfig,
    updatedAt: string,
  ): Promise<StoredEmailIngestionConfig | null>;
  /** Returns false when the organization has no such prefix. */
  delete(orgId: string, prefix: string): Promise<boolean>;
}
