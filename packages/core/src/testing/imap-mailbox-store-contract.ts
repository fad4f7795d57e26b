import { describe, expect, it } from 'vitest';
import type { ImapMessageEntry } from '../ports/imap-mailbox-store.port.js';
import { blankMessageRecord } from '../email/inbound/inbound-message.js';
import { EmailIngestionConfigInputSchema } from '../email/prefixes/email-ingestion-config.schema.js';
import { useStoreHarness, type ContractStores, type StoreHarness } from './store-contract.js';

let n = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(n++).toString(36).padStart(4, '0')}`;

const T0 = '2026-06-01T10:00:00.000Z';
const T1 = '2026-06-01T10:01:00.000Z';
const T2 = '2026-06-01T10:02:00.000Z';
const MAILBOX = 'ap@imap.example:993/INBOX';

/** The contract every ImapMailboxStore passes (memory and SQL). */
export function describeImapMailboxStoreContract(name: string, open: () => Promise<StoreHarness>): void {
  describe(`ImapMailboxStore contract: ${name}`, () => {
    let stores!: ContractStores;
    const harness = useStoreHarness(open, (s) => (stores = s));

    /** An organization, a prefix leased by `owner` until T1, reading MAILBOX under UIDVALIDITY 7. */
    async function leased(owner = 'daemon-a'): Promise<{ orgId: string; prefix: string }> {
      const orgId = await harness.freshOrg();
      const prefix = unique('ap-');
      expect(await stores.imapMailboxes.acquireLease(orgId, prefix, owner, T0, T1)).not.toBeNull();
      expect(await stores.imapMailboxes.useMailbox(prefix, owner, MAILBOX, 7)).not.toBeNull();
      return { orgId, prefix };
    }

    const entry = (prefix: string, uid: number, overrides: Partial<ImapMessageEntry> = {}): ImapMessageEntry => ({
      prefix,
      mailbox: MAILBOX,
      uidvalidity: 7,
      uid,
      message_id: null,
      recorded_at: T0,
      ...overrides,
    });

    it('lists the active prefixes with a mailbox, of every organization', async () => {
      const orgId = await harness.freshOrg();
      const make = (isActive: boolean, imap: boolean) => {
        const emailPrefix = unique('box-');
        const config = EmailIngestionConfigInputSchema.parse({
          emailPrefix,
          defaultDocumentType: 'invoice',
          isActive,
          ...(imap ? { imap: { host: 'imap.example', auth: { user: 'ap', pass: 'v1:sealed' } } } : {}),
        });
        return { org_id: orgId, prefix: emailPrefix, config, created_at: T0, updated_at: T0 };
      };
      const rows = [make(true, true), make(false, true), make(true, false)];
      for (const row of rows) await stores.emailIngestion.insert(row);
      const listed = (await stores.imapMailboxes.withImap()).filter((c) => c.org_id === orgId);
      expect(listed).toEqual([rows[0]]);
    });

    it('grants the lease to one holder until it expires, then to another', async () => {
      const orgId = await harness.freshOrg();
      const prefix = unique('ap-');
      const first = await stores.imapMailboxes.acquireLease(orgId, prefix, 'a', T0, T1);
      expect(first).toMatchObject({ prefix, org_id: orgId, lease_owner: 'a', last_uid: 0, state: 'idle' });
      expect(await stores.imapMailboxes.acquireLease(orgId, prefix, 'b', T0, T1)).toBeNull();
      // The holder renews its own lease at any time.
      expect(await stores.imapMailboxes.acquireLease(orgId, prefix, 'a', T0, T2)).toMatchObject({ lease_owner: 'a' });
      expect(await stores.imapMailboxes.acquireLease(orgId, prefix, 'b', T1, T2)).toBeNull();
      expect(await stores.imapMailboxes.acquireLease(orgId, prefix, 'b', T2, '2026-06-01T10:03:00.000Z')).toMatchObject(
        {
          lease_owner: 'b',
        },
      );
    });

    it("a released lease is free at once; releasing another holder's lease does nothing", async () => {
      const { orgId, prefix } = await leased('a');
      await stores.imapMailboxes.releaseLease(prefix, 'b');
      expect(await stores.imapMailboxes.acquireLease(orgId, prefix, 'b', T0, T1)).toBeNull();
      await stores.imapMailboxes.releaseLease(prefix, 'a');
      expect(await stores.imapMailboxes.acquireLease(orgId, prefix, 'b', T0, T1)).toMatchObject({ lease_owner: 'b' });
    });

    it('records each UID once, raises last_uid, and refuses a writer without the lease', async () => {
      const { prefix } = await leased('a');
      expect(await stores.imapMailboxes.recordMessage('a', entry(prefix, 5))).toBe('recorded');
      expect(await stores.imapMailboxes.recordMessage('a', entry(prefix, 5))).toBe('already_recorded');
      expect(await stores.imapMailboxes.recordMessage('a', entry(prefix, 3))).toBe('recorded');
      expect(await stores.imapMailboxes.recordMessage('b', entry(prefix, 9))).toBe('lease_lost');
      // Another mailbox or UIDVALIDITY than the one in use is refused too.
      expect(await stores.imapMailboxes.recordMessage('a', entry(prefix, 9, { uidvalidity: 8 }))).toBe('lease_lost');
      const row = await stores.imapMailboxes.useMailbox(prefix, 'a', MAILBOX, 7);
      expect(row?.last_uid).toBe(5);
    });

    it('starts last_uid again when the UIDVALIDITY or the mailbox changes', async () => {
      const { prefix } = await leased('a');
      await stores.imapMailboxes.recordMessage('a', entry(prefix, 40));
      expect((await stores.imapMailboxes.useMailbox(prefix, 'a', MAILBOX, 7))?.last_uid).toBe(40);
      expect(await stores.imapMailboxes.useMailbox(prefix, 'a', MAILBOX, 8)).toMatchObject({
        uidvalidity: 8,
        last_uid: 0,
      });
      expect(await stores.imapMailboxes.recordMessage('a', entry(prefix, 2, { uidvalidity: 8 }))).toBe('recorded');
      expect(await stores.imapMailboxes.useMailbox(prefix, 'a', 'other@imap.example:993/INBOX', 8)).toMatchObject({
        last_uid: 0,
      });
      expect(await stores.imapMailboxes.useMailbox(prefix, 'b', MAILBOX, 8)).toBeNull();
    });

    it('lists the UIDs whose action is pending until they are marked acted', async () => {
      const { prefix } = await leased('a');
      for (const uid of [4, 2, 3]) await stores.imapMailboxes.recordMessage('a', entry(prefix, uid));
      expect(await stores.imapMailboxes.pendingActions(prefix, MAILBOX, 7)).toEqual([2, 3, 4]);
      await stores.imapMailboxes.markActed(prefix, MAILBOX, 7, [2, 4], T1);
      expect(await stores.imapMailboxes.pendingActions(prefix, MAILBOX, 7)).toEqual([3]);
      expect(await stores.imapMailboxes.pendingActions(prefix, MAILBOX, 8)).toEqual([]);
    });

    it('a UID recorded in a transaction that fails is not recorded, nor its message stored', async () => {
      const { orgId, prefix } = await leased('a');
      const message = blankMessageRecord(unique('msg_'), orgId, prefix, 'f'.repeat(64), 10, T0);
      await expect(
        stores.transaction(async (tx) => {
          expect(await tx.imapMailboxes.recordMessage('a', entry(prefix, 11, { message_id: message.id }))).toBe(
            'recorded',
          );
          await tx.inboundMessages.insert([{ ...message, source: 'imap' }]);
          throw new Error('crash before commit');
        }),
      ).rejects.toThrow('crash before commit');
      expect(await stores.inboundMessages.get(orgId, null, message.id)).toBeNull();
      expect(await stores.imapMailboxes.recordMessage('a', entry(prefix, 11))).toBe('recorded');
    });

    it("stores an imap message and shows the state of the organization's mailboxes only", async () => {
      const { orgId, prefix } = await leased('a');
      const message = {
        ...blankMessageRecord(unique('msg_'), orgId, prefix, 'e'.repeat(64), 10, T0),
        source: 'imap' as const,
      };
      await stores.inboundMessages.insert([message]);
      expect((await stores.inboundMessages.get(orgId, 'live', message.id))?.source).toBe('imap');
      await stores.imapMailboxes.recordMessage('a', entry(prefix, 12));
      await stores.imapMailboxes.setStatus(prefix, 'a', { state: 'error', last_error: 'authentication failed' });
      await stores.imapMailboxes.setStatus(prefix, 'b', { state: 'idle', last_error: null });
      await stores.imapMailboxes.setStatus(prefix, 'a', { state: 'connecting' });
      expect((await stores.imapMailboxes.statuses(orgId)).get(prefix)).toEqual({
        state: 'connecting',
        last_error: 'authentication failed',
        uidvalidity: 7,
        last_uid: 12,
      });
      await stores.imapMailboxes.setStatus(prefix, 'a', { state: 'idle', last_error: null, last_success_at: T1 });
      expect((await stores.imapMailboxes.statuses(orgId)).get(prefix)).toEqual({
        state: 'idle',
        last_success_at: T1,
        uidvalidity: 7,
        last_uid: 12,
      });
      const other = await harness.freshOrg();
      expect((await stores.imapMailboxes.statuses(other)).size).toBe(0);
    });
  });
}
