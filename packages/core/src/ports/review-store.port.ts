import type { Environment } from '../keys/scopes.js';
import type { ClassificationExample, ReviewItemRecord, ReviewResolution, ReviewStatus } from '../review/review-item.js';

/** Which review items a list returns. */
export interface ReviewListFilter {
  status?: ReviewStatus;
  prefix?: string;
}

/** The human review queue of email attachments. */
export interface ReviewItemStore {
  insert(item: ReviewItemRecord): Promise<void>;
  /** The mode's items, oldest first (a queue): created_at, then id, ascending. */
  list(
    orgId: string,
    mode: Environment,
    filter: ReviewListFilter,
    page: { limit: number; offset: number },
  ): Promise<{ items: ReviewItemRecord[]; total: number }>;
  /** An item of the mode (`null`: either, for callers holding the item's message). */
  get(orgId: string, mode: Environment | null, id: string): Promise<ReviewItemRecord | null>;
  /**
   * Resolves a pending item; returns the updated item, or null when it is not pending any more (two
   * reviewers at once: exactly one wins) or not this organization's and mode's.
   */
  resolve(orgId: string, mode: Environment, id: string, resolution: ReviewResolution): Promise<ReviewItemRecord | null>;
}

/** Reviewers' decisions, per organization, for the classifier to learn from. */
export interface ClassificationExampleStore {
  add(example: ClassificationExample): Promise<void>;
  /** The organization's newest examples of the mode first, at most `limit`: each mode learns from its own decisions. */
  list(orgId: string, mode: Environment, limit: number): Promise<ClassificationExample[]>;
}
