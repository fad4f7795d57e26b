import type { StoredEmailIngestionConfig } from '../email/prefixes/email-ingestion-config.js';
import type { ImapState, ImapStatus } from '../email/prefixes/imap/imap-settings.schema.js';

/** A prefix's IMAP mailbox as stored: who reads it (the lease), where it is and how far it was read. */
export interface ImapMailboxRecord {
  /** Lowercase prefix; one mailbox per prefix. */
  prefix: string;
  org_id: string;
  /** `user@host:port/folder` (mailboxIdentity): a change starts the record of UIDs afresh. */
  mailbox: string | null;
  uidvalidity: number | null;
  /** The highest UID taken under `uidvalidity`; 0 before the first. */
  last_uid: number;
  lease_owner: string | null;
  lease_expires_at: string | null;
  state: ImapState;
  last_error: string | null;
  last_success_at: string | null;
}

/** One message taken from a mailbox: recorded in the transaction that stores it. */
export interface ImapMessageEntry {
  prefix: string;
  mailbox: string;
  uidvalidity: number;
  uid: number;
  /** The stored inbound message; null when the message was taken without storing it (too large). */
  message_id: string | null;
  recorded_at: string;
}

/** recorded: first time; already_recorded: taken before (nothing to store); lease_lost: another reader holds the mailbox. */
export type RecordImapMessageOutcome = 'recorded' | 'already_recorded' | 'lease_lost';

/** The state written by the reader after each step. */
export interface ImapStatusUpdate {
  state: ImapState;
  /** Null clears it; absent leaves it (a reconnect after an error still shows the error). */
  last_error?: string | null;
  /** Absent: unchanged. */
  last_success_at?: string;
}

/**
 * IMAP mailboxes of prefixes: a lease so that one daemon reads a mailbox at a time, and the UIDs
 * taken, so that each message is stored once whatever restarts or how many daemons.
 */
export interface ImapMailboxStore {
  /** Every active prefix configuration with an `imap` mailbox, of every organization, by prefix. */
  withImap(): Promise<StoredEmailIngestionConfig[]>;
  /**
   * Takes the lease of the prefix's mailbox until `until` (creating its record) when nobody holds
   * it, its holder's lease ended at or before `now`, or `owner` holds it already; null otherwise.
   */
  acquireLease(
    orgId: string,
    prefix: string,
    owner: string,
    now: string,
    until: string,
  ): Promise<ImapMailboxRecord | null>;
  /** Gives the lease up, if `owner` holds it. */
  releaseLease(prefix: string, owner: string): Promise<void>;
  /**
   * Sets the mailbox and UIDVALIDITY the holder is reading; when either differs from the record's,
   * `last_uid` starts again from 0 (the old UIDs name nothing any more). Null when `owner` does not
   * hold the lease.
   */
  useMailbox(prefix: string, owner: string, mailbox: string, uidvalidity: number): Promise<ImapMailboxRecord | null>;
  /**
   * Records a taken UID and raises `last_uid`, if `owner` holds the lease and reads that mailbox and
   * UIDVALIDITY. Run it in the transaction that stores the message: both commit or neither.
   */
  recordMessage(owner: string, entry: ImapMessageEntry): Promise<RecordImapMessageOutcome>;
  /** UIDs taken under this mailbox and UIDVALIDITY whose after-import action is not done yet, ascending. */
  pendingActions(prefix: string, mailbox: string, uidvalidity: number): Promise<number[]>;
  /** Marks the after-import action of these UIDs done. */
  markActed(prefix: string, mailbox: string, uidvalidity: number, uids: readonly number[], at: string): Promise<void>;
  /** Writes the reader's state, if `owner` holds the lease. */
  setStatus(prefix: string, owner: string, status: ImapStatusUpdate): Promise<void>;
  /** The organization's mailboxes' states, by prefix. */
  statuses(orgId: string): Promise<Map<string, ImapStatus>>;
}

/** What the API shows of a record. */
export function toImapStatus(record: ImapMailboxRecord): ImapStatus {
  return {
    state: record.state,
    ...(record.last_error !== null ? { last_error: record.last_error } : {}),
    ...(record.last_success_at !== null ? { last_success_at: record.last_success_at } : {}),
    ...(record.uidvalidity !== null ? { uidvalidity: record.uidvalidity } : {}),
    ...(record.uidvalidity !== null ? { last_uid: record.last_uid } : {}),
  };
}
