import type { Knex } from 'knex';
import type { EmailIngestionConfig, StoredEmailIngestionConfig, ImapStatus } from '@intake/core/email';
import type {
  ImapMailboxRecord,
  ImapMailboxStore,
  ImapMessageEntry,
  ImapStatusUpdate,
  RecordImapMessageOutcome,
} from '@intake/core/ports';
import { toImapStatus } from '@intake/core/ports';
import { fromJson, toIso, toIsoOrNull, toNumber, toTextOrNull, type Row } from './normalize.js';

const MAILBOXES = 'imap_mailboxes';
const MESSAGES = 'imap_messages';

const fromRow = (r: Row): ImapMailboxRecord => ({
  prefix: String(r.prefix),
  org_id: String(r.org_id),
  mailbox: toTextOrNull(r.mailbox),
  uidvalidity: r.uidvalidity === null || r.uidvalidity === undefined ? null : toNumber(r.uidvalidity),
  last_uid: toNumber(r.last_uid),
  lease_owner: toTextOrNull(r.lease_owner),
  lease_expires_at: toIsoOrNull(r.lease_expires_at),
  state: String(r.state) as ImapMailboxRecord['state'],
  last_error: toTextOrNull(r.last_error),
  last_success_at: toIsoOrNull(r.last_success_at),
});

export class SqlImapMailboxStore implements ImapMailboxStore {
  constructor(private readonly knex: Knex) {}

  async withImap(): Promise<StoredEmailIngestionConfig[]> {
    const rows = (await this.knex('email_ingestion_configs')
      .whereRaw(`config -> 'imap' is not null and (config ->> 'isActive')::boolean is not false`)
      .orderBy('prefix')) as Row[];
    return rows.map((row) => ({
      org_id: String(row.org_id),
      prefix: String(row.prefix),
      config: fromJson<EmailIngestionConfig>(row.config),
      created_at: toIso(row.created_at),
      updated_at: toIso(row.updated_at),
    }));
  }

  /**
   * One statement: the insert creates the record, or the conflict branch takes the lease only when
   * it is free, expired or already ours (the `where` of `do update`); no row back means refused.
   */
  async acquireLease(orgId: string, prefix: string, owner: string, now: string, until: string) {
    const result = await this.knex.raw<{ rows: Row[] }>(
      `insert into ${MAILBOXES} (prefix, org_id, lease_owner, lease_expires_at)
       values (?, ?, ?, ?::timestamptz)
       on conflict (prefix) do update
          set org_id = excluded.org_id, lease_owner = excluded.lease_owner, lease_expires_at = excluded.lease_expires_at
        where ${MAILBOXES}.lease_owner is null or ${MAILBOXES}.lease_owner = excluded.lease_owner
           or ${MAILBOXES}.lease_expires_at <= ?::timestamptz
       returning *`,
      [prefix, orgId, owner, until, now],
    );
    const row = result.rows[0];
    return row ? fromRow(row) : null;
  }

  async releaseLease(prefix: string, owner: string) {
    await this.knex(MAILBOXES)
      .where({ prefix, lease_owner: owner })
      .update({ lease_owner: null, lease_expires_at: null });
  }

  async useMailbox(prefix: string, owner: string, mailbox: string, uidvalidity: number) {
    const result = await this.knex.raw<{ rows: Row[] }>(
      `update ${MAILBOXES}
          set last_uid = case when mailbox is distinct from ? or uidvalidity is distinct from ? then 0 else last_uid end,
              mailbox = ?, uidvalidity = ?
        where prefix = ? and lease_owner = ?
        returning *`,
      [mailbox, uidvalidity, mailbox, uidvalidity, prefix, owner],
    );
    const row = result.rows[0];
    return row ? fromRow(row) : null;
  }

  /**
   * The update locks the mailbox's row until the transaction ends, so a second reader that took
   * the lease meanwhile waits and then sees it is no longer the owner's; the primary key of
   * imap_messages refuses a UID taken before, whoever took it.
   */
  async recordMessage(owner: string, entry: ImapMessageEntry): Promise<RecordImapMessageOutcome> {
    const held = await this.knex(MAILBOXES)
      .where({ prefix: entry.prefix, lease_owner: owner, mailbox: entry.mailbox, uidvalidity: entry.uidvalidity })
      .update({ last_uid: this.knex.raw('greatest(last_uid, ?)', [entry.uid]) })
      .returning('prefix');
    if (held.length === 0) return 'lease_lost';
    const inserted = await this.knex(MESSAGES)
      .insert({ ...entry, acted_at: null })
      .onConflict(['prefix', 'mailbox', 'uidvalidity', 'uid'])
      .ignore()
      .returning('uid');
    return inserted.length > 0 ? 'recorded' : 'already_recorded';
  }

  async pendingActions(prefix: string, mailbox: string, uidvalidity: number) {
    const rows = await this.knex(MESSAGES)
      .where({ prefix, mailbox, uidvalidity })
      .whereNull('acted_at')
      .orderBy('uid')
      .select('uid');
    return (rows as Row[]).map((r) => toNumber(r.uid));
  }

  async markActed(prefix: string, mailbox: string, uidvalidity: number, uids: readonly number[], at: string) {
    if (uids.length === 0) return;
    await this.knex(MESSAGES)
      .where({ prefix, mailbox, uidvalidity })
      .whereIn('uid', [...uids])
      .update({ acted_at: at });
  }

  async setStatus(prefix: string, owner: string, status: ImapStatusUpdate) {
    await this.knex(MAILBOXES)
      .where({ prefix, lease_owner: owner })
      .update({
        state: status.state,
        ...(status.last_error !== undefined ? { last_error: status.last_error } : {}),
        ...(status.last_success_at !== undefined ? { last_success_at: status.last_success_at } : {}),
      });
  }

  async statuses(orgId: string) {
    const rows = (await this.knex(MAILBOXES).where({ org_id: orgId })) as Row[];
    return new Map<string, ImapStatus>(rows.map((r) => [String(r.prefix), toImapStatus(fromRow(r))]));
  }
}
