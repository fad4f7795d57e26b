import type { ImapSettings } from '../email/prefixes/imap/imap-settings.schema.js';

/** A message in the mailbox's folder, before it is downloaded. */
export interface MailboxMessageRef {
  uid: number;
  size: number;
}

/**
 * One open connection to a prefix's mailbox, with its folder selected (an IMAP client adapter
 * implements it). UIDs are those of the folder under `uidValidity`.
 */
export interface MailboxSession {
  readonly uidValidity: number;
  /** Messages whose UID is above `after`, ascending; `unflaggedOnly` leaves out those carrying `\Flagged`. */
  list(after: number, options: { unflaggedOnly: boolean }): Promise<MailboxMessageRef[]>;
  /** The raw message; null when it is no longer in the folder. */
  download(uid: number): Promise<Uint8Array | null>;
  /** Does the after-import action to these messages; UIDs no longer in the folder are passed over. */
  act(uids: readonly number[], action: ImapSettings['afterImport']): Promise<void>;
}
