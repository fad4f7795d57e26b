import type {
  ImapMailboxRecord,
  ImapMailboxStore,
  ImapMessageEntry,
  ImapStatusUpdate,
  RecordImapMessageOutcome,
} from '../../ports/imap-mailbox-store.port.js';
import { toImapStatus } from '../../ports/imap-mailbox-store.port.js';
import type { ImapStatus } from '../../email/prefixes/imap/imap-settings.schema.js';
import { clone, type MemoryDb } from './memory-db.js';

const messageKey = (prefix: string, mailbox: string, uidvalidity: number, uid: number) =>
  JSON.stringify([prefix, mailbox, uidvalidity, uid]);

export class MemoryImapMailboxStore implements ImapMailboxStore {
  constructor(private readonly db: MemoryDb) {}

  async withImap() {
    return [...this.db.tables.emailIngestionConfigs.values()]
      .filter((c) => c.config.imap !== undefined && c.config.isActive)
      .sort((a, b) => a.prefix.localeCompare(b.prefix))
      .map(clone);
  }

  private held(prefix: string, owner: string): ImapMailboxRecord | null {
    const row = this.db.tables.imapMailboxes.get(prefix);
    return row && row.lease_owner === owner ? row : null;
  }

  async acquireLease(orgId: string, prefix: string, owner: string, now: string, until: string) {
    const row = this.db.tables.imapMailboxes.get(prefix);
    if (!row) {
      const created: ImapMailboxRecord = {
        prefix,
        org_id: orgId,
        mailbox: null,
        uidvalidity: null,
        last_uid: 0,
        lease_owner: owner,
        lease_expires_at: until,
        state: 'idle',
        last_error: null,
        last_success_at: null,
      };
      this.db.tables.imapMailboxes.set(prefix, created);
      return clone(created);
    }
    const free =
      row.lease_owner === null ||
      row.lease_owner === owner ||
      (row.lease_expires_at !== null && Date.parse(row.lease_expires_at) <= Date.parse(now));
    if (!free) return null;
    Object.assign(row, { org_id: orgId, lease_owner: owner, lease_expires_at: until });
    return clone(row);
  }

  async releaseLease(prefix: string, owner: string) {
    const row = this.held(prefix, owner);
    if (row) Object.assign(row, { lease_owner: null, lease_expires_at: null });
  }

  async useMailbox(prefix: string, owner: string, mailbox: string, uidvalidity: number) {
    const row = this.held(prefix, owner);
    if (!row) return null;
    if (row.mailbox !== mailbox || row.uidvalidity !== uidvalidity)
      Object.assign(row, { mailbox, uidvalidity, last_uid: 0 });
    return clone(row);
  }

  async recordMessage(owner: string, entry: ImapMessageEntry): Promise<RecordImapMessageOutcome> {
    const row = this.held(entry.prefix, owner);
    if (!row || row.mailbox !== entry.mailbox || row.uidvalidity !== entry.uidvalidity) return 'lease_lost';
    row.last_uid = Math.max(row.last_uid, entry.uid);
    const key = messageKey(entry.prefix, entry.mailbox, entry.uidvalidity, entry.uid);
    if (this.db.tables.imapMessages.has(key)) return 'already_recorded';
    this.db.tables.imapMessages.set(key, { ...clone(entry), acted_at: null });
    return 'recorded';
  }

  async pendingActions(prefix: string, mailbox: string, uidvalidity: number) {
    return [...this.db.tables.imapMessages.values()]
      .filter((m) => m.prefix === prefix && m.mailbox === mailbox && m.uidvalidity === uidvalidity && !m.acted_at)
      .map((m) => m.uid)
      .sort((a, b) => a - b);
  }

  async markActed(prefix: string, mailbox: string, uidvalidity: number, uids: readonly number[], at: string) {
    for (const uid of uids) {
      const row = this.db.tables.imapMessages.get(messageKey(prefix, mailbox, uidvalidity, uid));
      if (row) row.acted_at = at;
    }
  }

  async setStatus(prefix: string, owner: string, status: ImapStatusUpdate) {
    const row = this.held(prefix, owner);
    if (!row) return;
    row.state = status.state;
    if (status.last_error !== undefined) row.last_error = status.last_error;
    if (status.last_success_at !== undefined) row.last_success_at = status.last_success_at;
  }

  async statuses(orgId: string) {
    const result = new Map<string, ImapStatus>();
    for (const row of this.db.tables.imapMailboxes.values())
      if (row.org_id === orgId) result.set(row.prefix, toImapStatus(row));
    return result;
  }
}
