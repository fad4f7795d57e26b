import type { ApiKeyStore } from './api-key-store.port.js';
import type { CreditLedger } from './credit-ledger.port.js';
import type { ExtractorStore } from './extractor-store.port.js';
import type { JobStore } from './job-store.port.js';
import type { OrganizationStore } from './organization-store.port.js';
import type { OutboxStore } from './outbox.port.js';

/**
 * Runs `fn` with stores bound to one database transaction: all its writes commit together or not
 * at all. Inside `fn`, use only the `tx` stores (PGlite has a single connection). `S` is the set of
 * stores the runner binds: every store of the set it belongs to.
 */
export type StoreTransaction<S> = <T>(fn: (tx: S) => Promise<T>) => Promise<T>;

/**
 * Documents to results: organizations and their keys, extractors, jobs, credits, and the events
 * outbox. The bundle every other one extends (`intake-stores.port.ts`); it has a file of its own
 * because the jobs context names it (its hooks, queries and submission) and importing the other
 * bundles from there would lead through the email contexts' record types back to jobs/.
 */
export interface ExtractionStores {
  organizations: OrganizationStore;
  apiKeys: ApiKeyStore;
  extractors: ExtractorStore;
  credits: CreditLedger;
  jobs: JobStore;
  /** Events to deliver (webhooks), written in the transaction that causes them. */
  outbox: OutboxStore;
  /** Runs a function with these stores bound to one transaction. */
  transaction: StoreTransaction<ExtractionStores>;
}
