import type { Environment } from '../keys/scopes.js';
import type { InboundMessageRecord, InboundMessageResult } from '../email/inbound/inbound-message.js';

/** Which stored messages a list returns. */
export interface InboundMessageListFilter {
  prefix?: string;
}

/** How a mail worker claims the next stored message. */
export interface MessageClaimOptions {
  /** Now, ISO 8601. */
  now: string;
  /** The claim lasts until then unless finished. */
  leaseExpiresAt: string;
  /** A message already attempted this often is not claimed again (see failAbandoned). */
  maxAttempts: number;
}

/** Received messages. Several daemons share one store: a message is claimed by one worker at a time. */
export interface InboundMessageStore {
  /** Inserts every record in one transaction: all of them are durable when it resolves, or none. */
  insert(records: readonly InboundMessageRecord[]): Promise<void>;
  /**
   * Claims the oldest message that is `received`, or `processing` with an expired lease (its daemon
   * died) and fewer than maxAttempts attempts: sets it `processing`, the lease, attempts + 1.
   * Concurrent claims never return the same message.
   */
  claimNext(owner: string, options: MessageClaimOptions): Promise<InboundMessageRecord | null>;
  /** Extends a claim `owner` still holds (a heartbeat while processing); false when it lost it. */
  extendLease(id: string, owner: string, until: string): Promise<boolean>;
  /** Writes the result if `owner` still holds the claim; returns false when it lost it. */
  finish(id: string, owner: string, result: InboundMessageResult): Promise<boolean>;
  /** Marks `failed` (processing_abandoned) the messages whose lease expired after their last allowed attempt; returns them. */
  failAbandoned(now: string, maxAttempts: number): Promise<InboundMessageRecord[]>;
  /** The mode's messages, newest first (received_at, then id descending). */
  list(
    orgId: string,
    mode: Environment,
    filter: InboundMessageListFilter,
    page: { limit: number; offset: number },
  ): Promise<{ items: InboundMessageRecord[]; total: number }>;
  /** A message of the mode (`null`: either, for callers holding an event of the message). */
  get(orgId: string, mode: Environment | null, id: string): Promise<InboundMessageRecord | null>;
}
