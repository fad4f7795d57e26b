import { ContainerModule } from 'inversify';
import type { BlobStore, Intake } from '@intake/core';
import { createSecretBox, ImapImporter, parseSecretKey } from '@intake/core/email';
import { type SenderAuthenticator } from '@intake/core/ports';
import type { SqlStorage } from '@intake/storage-sql';
import type { ResolvedConfig } from '../../config/config.schema.js';
import type { Logger } from '../../logger.js';
import { MailboxReaders } from '../../imap/mailbox-readers.js';
import type { MailWorkers } from '../../workers/mail-workers.js';
import type { Lifecycle } from '../lifecycle.js';
import { TOKENS } from '../tokens.js';

/** Mail read from prefixes' IMAP mailboxes: stored as inbound messages, processed by the mail workers. */
export const imapModule = new ContainerModule(({ bind }) => {
  bind<Lifecycle>(TOKENS.Lifecycle)
    .toDynamicValue(async (ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      const logger = ctx.get<Logger>(TOKENS.Logger);
      const storage = await ctx.getAsync<SqlStorage>(TOKENS.Storage);
      const intake = await ctx.getAsync<Intake>(TOKENS.Intake);
      const workers = await ctx.getAsync<MailWorkers>(TOKENS.MailWorkers);
      const key = config.SECRET_KEY ? parseSecretKey(config.SECRET_KEY) : null;
      const importer = new ImapImporter({
        stores: intake.stores,
        blobs: await ctx.getAsync<BlobStore>(TOKENS.Blobs),
        clock: intake.clock,
        ids: intake.ids,
        maxMessageBytes: config.limits.smtpMessageBytes,
        senderAuth: ctx.get<SenderAuthenticator>(TOKENS.SenderAuth),
        syncCommitted: () => storage.syncToDisk(),
        onStored: () => workers.messageStored(),
        onTooLarge: (prefix, uid, size) =>
          logger.warn({ prefix, uid, size }, 'IMAP message over SMTP_MAX_MESSAGE_MB left in its folder'),
      });
      const readers = new MailboxReaders(
        intake.stores.imapMailboxes,
        {
          store: intake.stores.imapMailboxes,
          importer,
          secrets: key ? createSecretBox(key) : null,
          logger,
          clock: intake.clock,
          owner: `${workers.daemonId}:imap`,
          leaseMs: config.IMAP_LEASE_MS,
          recipientOf: (prefix) => `${prefix}@${config.EMAIL_DOMAINS[0]}`,
          // imapflow (about 0.15 CPU s to import) loads with the first mailbox to read.
          open: async (settings, auth) =>
            (await import('../../imap/imapflow-session.js')).openMailbox(settings, auth, { timeoutMs: 30_000 }),
        },
        logger,
        { scanMs: Math.min(15_000, Math.max(250, config.IMAP_LEASE_MS / 4)) },
      );
      return { part: 'imap', start: () => readers.start(), stop: () => readers.stop() };
    })
    .inSingletonScope();
});
