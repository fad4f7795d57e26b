import type { Environment } from '../keys/scopes.js';
import type {
  ClassificationExample,
  TriageItemRecord,
  TriageResolution,
  TriageStatus,
} from '../email/triage/triage-item.js';

/** Which triage items a list returns. */
export interface TriageListFilter {
  status?: TriageStatus;
  prefix?: string;
}

/** The triage queue: email attachments waiting for a person to say what they are. */
export interface TriageItemStore {
  insert(item: TriageItemRecord): Promise<void>;
  /** The mode's items, oldest first (a queue): created_at, then id, ascending. */
  list(
    orgId: string,
    mode: Environment,
    filter: TriageListFilter,
    page: { limit: number; offset: number },
  ): Promise<{ items: TriageItemRecord[]; total: number }>;
  /** An item of the mode (`null`: either, for callers holding the item's message). */
  get(orgId: string, mode: Environment | null, id: string): Promise<TriageItemRecord | null>;
  /**
   * Resolves a pending item; returns the updated item, or null when it is not pending any more (two
   * reviewers at once: exactly one wins) or not this organization's and mode's.
   */
  resolve(orgId: string, mode: Environment, id: string, resolution: TriageResolution): Promise<TriageItemRecord | null>;
}

/** Reviewers' decisions, per organization, for the classifier to learn from. */
export interface ClassificationExampleStore {
  add(example: ClassificationExample): Promise<void>;
  /** The organization's newest examples of the mode first, at most `limit`: each mode learns from its own decisions. */
  list(orgId: string, mode: Environment, limit: number): Promise<ClassificationExample[]>;
}
