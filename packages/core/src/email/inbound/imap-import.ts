import type { BlobStore } from '../../ports/blob-store.port.js';
import { stageBlob } from '../../ports/blob-store.port.js';
import type { Clock } from '../../ports/clock.port.js';
import type { IntakeStores } from '../../ports/intake-stores.port.js';
import type { MailboxSession } from '../../ports/mailbox-session.port.js';
import type { IdGenerator } from '../../shared/ids.js';
import { blankMessageRecord, type InboundMessageRecord } from './inbound-message.js';
import { imapPort, mailboxIdentity, type ImapSettings, type UnauthenticatedPolicy } from '../prefixes/index.js';
import type { SenderAuthenticator } from '../../ports/sender-authenticator.port.js';
import { refusedIfRejecting } from './sender-auth/refused-record.js';

export interface ImapImportDeps {
  stores: Pick<IntakeStores, 'imapMailboxes' | 'inboundMessages' | 'transaction'>;
  blobs: BlobStore;
  clock: Clock;
  ids: IdGenerator;
  /** Messages larger than this are left in the folder, untouched, and never downloaded. */
  maxMessageBytes: number;
  /** Makes committed rows durable on disk where a commit alone does not (embedded databases). */
  syncCommitted?: () => Promise<void>;
  /** A message was stored (wakes the mail workers). */
  onStored?: () => void;
  /**
   * Verdicts of each message taken, SPF from the topmost Received header's client address (none
   * when it names none); a message the prefix rejects is stored as refused, never processed.
   */
  senderAuth?: SenderAuthenticator;
  /** A message was too large to take. */
  onTooLarge?: (prefix: string, uid: number, size: number) => void;
}

/** The mailbox being read, and by whom. */
export interface MailboxTarget {
  orgId: string;
  prefix: string;
  /** The prefix's address, recorded as the message's recipient (what notifications answer from). */
  recipient: string;
  /** The prefix's IMAP settings (the secret is not needed here). */
  settings: ImapSettings;
  /** The lease holder's id. */
  owner: string;
  /** The prefix's `unauthenticated` setting (accept when not given). */
  unauthenticated?: UnauthenticatedPolicy;
}

/** What one round did; `leaseLost`: another daemon reads the mailbox now, stop reading it. */
export interface ImportRound {
  stored: number;
  tooLarge: number;
  acted: number;
  leaseLost: boolean;
}

/**
 * Takes the new messages of a mailbox, each exactly once: its UID is recorded in the transaction
 * that stores the message, and the after-import action is done only once both are durable. A
 * daemon that dies between the commit and the action does the action on its next round (the UID is
 * recorded, the action not yet marked done), and never stores the message again.
 */
export class ImapImporter {
  constructor(private readonly deps: ImapImportDeps) {}

  async importNew(target: MailboxTarget, session: MailboxSession): Promise<ImportRound> {
    const round: ImportRound = { stored: 0, tooLarge: 0, acted: 0, leaseLost: false };
    const store = this.deps.stores.imapMailboxes;
    const mailbox = mailboxIdentity(target.settings);
    const state = await store.useMailbox(target.prefix, target.owner, mailbox, session.uidValidity);
    if (!state) return { ...round, leaseLost: true };
    const { afterImport } = target.settings;
    round.acted += await this.act(target, session, mailbox);
    const refs = await session.list(state.last_uid, { unflaggedOnly: afterImport.action === 'flag' });
    for (const ref of refs) {
      const outcome = await this.take(target, session, mailbox, ref);
      if (outcome === 'lease_lost') return { ...round, leaseLost: true };
      if (outcome === 'too_large') round.tooLarge++;
      else {
        if (outcome === 'recorded') round.stored++;
        round.acted += await this.act(target, session, mailbox);
      }
    }
    return round;
  }

  /** Does the after-import action the recorded messages are still waiting for. */
  private async act(target: MailboxTarget, session: MailboxSession, mailbox: string): Promise<number> {
    const store = this.deps.stores.imapMailboxes;
    const pending = await store.pendingActions(target.prefix, mailbox, session.uidValidity);
    if (pending.length === 0) return 0;
    await session.act(pending, target.settings.afterImport);
    await store.markActed(target.prefix, mailbox, session.uidValidity, pending, this.deps.clock.now().toISOString());
    return pending.length;
  }

  private async take(
    target: MailboxTarget,
    session: MailboxSession,
    mailbox: string,
    ref: { uid: number; size: number },
  ): Promise<'recorded' | 'already_recorded' | 'lease_lost' | 'too_large'> {
    const { stores, clock } = this.deps;
    const entry = {
      prefix: target.prefix,
      mailbox,
      uidvalidity: session.uidValidity,
      uid: ref.uid,
      recorded_at: clock.now().toISOString(),
    };
    if (ref.size > this.deps.maxMessageBytes) {
      // Recorded (never looked at again) but not acted on: it stays in the folder for a person.
      const outcome = await stores.transaction(async (tx) => {
        const recorded = await tx.imapMailboxes.recordMessage(target.owner, { ...entry, message_id: null });
        if (recorded === 'recorded')
          await tx.imapMailboxes.markActed(target.prefix, mailbox, entry.uidvalidity, [ref.uid], entry.recorded_at);
        return recorded;
      });
      if (outcome === 'lease_lost') return outcome;
      this.deps.onTooLarge?.(target.prefix, ref.uid, ref.size);
      return 'too_large';
    }
    const raw = await session.download(ref.uid);
    if (!raw) return 'already_recorded';
    const staged = await stageBlob(this.deps.blobs, raw);
    const authentication =
      (await this.deps.senderAuth?.authenticate(raw, {
        ip: null,
        helo: null,
        mailFrom: null,
        fromReceivedHeader: true,
      })) ?? null;
    const record: InboundMessageRecord = refusedIfRejecting(
      {
        ...blankMessageRecord(
          this.deps.ids('msg'),
          target.orgId,
          target.prefix,
          staged.key,
          raw.length,
          entry.recorded_at,
        ),
        source: 'imap',
        recipient: target.recipient,
        remote_address: `${target.settings.host}:${imapPort(target.settings)}`,
        sender_authentication: authentication,
      },
      target.unauthenticated ?? 'accept',
    );
    const outcome = await stores.transaction(async (tx) => {
      const recorded = await tx.imapMailboxes.recordMessage(target.owner, { ...entry, message_id: record.id });
      if (recorded === 'recorded') await tx.inboundMessages.insert([record]);
      return recorded;
    });
    if (outcome !== 'recorded') return outcome;
    // Durable (file and row) before anything is done to the message in the mailbox.
    await Promise.all([staged.sync(), this.deps.syncCommitted?.()]);
    this.deps.onStored?.();
    return outcome;
  }
}
