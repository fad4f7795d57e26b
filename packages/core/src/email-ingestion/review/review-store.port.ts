import type { ClassificationExample, ReviewItemRecord, ReviewResolution, ReviewStatus } from './review-item.js';

export interface ReviewListFilter {
  status?: ReviewStatus;
  prefix?: string;
}

/** The human review queue of email attachments. */
export interface ReviewItemStore {
  insert(item: ReviewItemRecord): Promise<void>;
  /** Oldest first (a queue): created_at, then id, ascending. */
  list(orgId: string, filter: ReviewListFilter, page: { limit: number; offset: number }): Promise<{ items: ReviewItemRecord[]; total: number }>;
  get(orgId: string, id: string): Promise<ReviewItemRecord | null>;
  /**
   * Resolves a pending item; returns the updated item, or null when it is not pending any more (two
   * reviewers at once: exactly one wins) or not this organization's.
   */
  resolve(orgId: string, id: string, resolution: ReviewResolution): Promise<ReviewItemRecord | null>;
}

/** Reviewers' decisions, per organization, for the classifier to learn from. */
export interface ClassificationExampleStore {
  add(example: ClassificationExample): Promise<void>;
  /** The organization's newest examples first, at most `limit`. */
  list(orgId: string, limit: number): Promise<ClassificationExample[]>;
}
