import { ContainerModule, type ResolutionContext } from 'inversify';
import { type DocumentReader, type Intake, type JobPipeline } from '@intake/core';
import { createInboundMail, type InboundMailService } from '@intake/core/email';
import { type SenderAuthenticator } from '@intake/core/ports';
import { createMailParser, createPdfCombiner } from '@intake/mail-documents';
import type { SqlStorage } from '@intake/storage-sql';
import type { ResolvedConfig } from '../../config/config.schema.js';
import type { Logger } from '../../logger.js';
import { SmtpIntake, type SmtpIntakeOptions } from '../../smtp/smtp-intake.js';
import { ThreadedSenderAuthenticator } from '../../mail-auth/auth-threads.js';
import type { DaemonMetrics } from '../../metrics/daemon-metrics.js';
import { MailWorkers } from '../../workers/mail-workers.js';
import type { JobWorkers } from '../../workers/job-workers.js';
import type { NotificationWorkers } from '../../workers/notification-workers.js';
import { listenOrExplain } from '../../runtime/port-in-use.js';
import type { Lifecycle } from '../lifecycle.js';
import { TOKENS } from '../tokens.js';

/** Mail in: the SMTP edge, the service behind it and the workers that turn messages into jobs. */
export const mailModule = new ContainerModule(({ bind }) => {
  // One authenticator for SMTP and IMAP mail: mailauth over the configured resolvers, in a thread
  // of its own (mail-auth/auth-threads.ts), which ends when the daemon stops.
  bind<ThreadedSenderAuthenticator>(TOKENS.SenderAuth).toDynamicValue(createSenderAuth).inSingletonScope();

  bind<Lifecycle>(TOKENS.Lifecycle)
    .toDynamicValue((ctx) => {
      const auth = ctx.get<ThreadedSenderAuthenticator>(TOKENS.SenderAuth);
      return { part: 'sender-auth', stop: () => auth.close() };
    })
    .inSingletonScope();

  bind<InboundMailService>(TOKENS.InboundMail).toDynamicValue(createInboundMailService).inSingletonScope();

  bind<MailWorkers>(TOKENS.MailWorkers)
    .toDynamicValue(async (ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      const jobs = await ctx.getAsync<JobWorkers>(TOKENS.Workers);
      return new MailWorkers(
        await ctx.getAsync<InboundMailService>(TOKENS.InboundMail),
        ctx.get<Logger>(TOKENS.Logger),
        {
          concurrency: config.MAIL_WORKER_CONCURRENCY,
          pollMs: config.WORKER_POLL_MS,
          maxYieldMs: config.MAIL_YIELD_MS,
        },
        // Most messages create no job, or one: a wake per message would send every job worker
        // to the database for nothing. At most one per JOB_WAKE_EVERY_MS (the first at once).
        throttle(() => jobs.wake(), JOB_WAKE_EVERY_MS),
      );
    })
    .inSingletonScope();

  bind<SmtpIntake>(TOKENS.SmtpIntake)
    .toDynamicValue(async (ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      const workers = await ctx.getAsync<MailWorkers>(TOKENS.MailWorkers);
      const smtp = new SmtpIntake(
        await ctx.getAsync<InboundMailService>(TOKENS.InboundMail),
        ctx.get<Logger>(TOKENS.Logger),
        smtpOptions(config),
        () => workers.messageStored(),
        ctx.get<DaemonMetrics>(TOKENS.Metrics).smtp,
      );
      workers.yieldTo(smtp);
      return smtp;
    })
    .inSingletonScope();

  bind<Lifecycle>(TOKENS.Lifecycle)
    .toDynamicValue(async (ctx) => {
      const workers = await ctx.getAsync<MailWorkers>(TOKENS.MailWorkers);
      return { part: 'mail-workers', start: () => workers.start(), stop: () => workers.stop() };
    })
    .inSingletonScope();

  bind<Lifecycle>(TOKENS.Lifecycle)
    .toDynamicValue(async (ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      const smtp = await ctx.getAsync<SmtpIntake>(TOKENS.SmtpIntake);
      return {
        part: 'smtp',
        start: async () => {
          await listenOrExplain('SMTP_PORT', config.SMTP_PORT, config.SMTP_HOST, () => smtp.listen());
        },
        // Transactions in progress finish (up to SMTP_DRAIN_MS); new ones get 421.
        stop: () => smtp.stop(),
      };
    })
    .inSingletonScope();
});

/** The sender checks: mailauth over the configured resolvers, in a thread of its own. */
function createSenderAuth(ctx: ResolutionContext): ThreadedSenderAuthenticator {
  const config = ctx.get<ResolvedConfig>(TOKENS.Config);
  const logger = ctx.get<Logger>(TOKENS.Logger);
  return new ThreadedSenderAuthenticator({
    servers: config.DNS_SERVERS,
    dnsTimeoutMs: config.DNS_TIMEOUT_MS,
    timeoutMs: config.SENDER_AUTH_TIMEOUT_MS,
    onError: (error) => logger.warn({ err: error }, 'sender authentication failed; verdicts are temperror'),
  });
}

/** The service that stores, parses and processes messages, whichever edge (SMTP, IMAP) they came in by. */
async function createInboundMailService(ctx: ResolutionContext): Promise<InboundMailService> {
  const config = ctx.get<ResolvedConfig>(TOKENS.Config);
  const logger = ctx.get<Logger>(TOKENS.Logger);
  const storage = await ctx.getAsync<SqlStorage>(TOKENS.Storage);
  return createInboundMail(
    await ctx.getAsync<Intake>(TOKENS.Intake),
    await ctx.getAsync<JobPipeline>(TOKENS.Pipeline),
    {
      parser: createMailParser(),
      senderAuth: ctx.get<SenderAuthenticator>(TOKENS.SenderAuth),
      reader: ctx.get<DocumentReader>(TOKENS.Reader),
      // The combining thread has the PDF threads' budgets; the combined PDF, the page limit.
      combiner: createPdfCombiner({
        maxPages: config.MAX_PAGES_PER_DOCUMENT,
        timeoutMs: config.PDF_WORKER_TIMEOUT_MS,
        memoryMb: config.PDF_WORKER_MEMORY_MB,
      }),
      options: {
        domains: config.EMAIL_DOMAINS,
        leaseMs: config.MAIL_LEASE_MS,
        maxAttempts: 3,
        maxAttachmentsPerMessage: config.SMTP_MAX_MIME_PARTS,
        readTimeoutMs: config.PROCESSING_TIMEOUT_MS,
        publicBaseUrl: config.PUBLIC_BASE_URL,
      },
      onUnexpectedError: (error, messageId) =>
        logger.error({ err: error, messageId }, 'unexpected error while processing a message'),
      // A finished message that queued notifications wakes this daemon's notification workers.
      onNotificationsQueued: () => {
        try {
          ctx.getAsync<NotificationWorkers>(TOKENS.NotificationWorkers).then(
            (w) => w.wake(),
            () => {},
          );
        } catch {
          // The workers poll anyway (NOTIFICATION_POLL_MS).
        }
      },
      // PGlite's commits reach the OS only: fsync its log before the 250 goes out.
      syncCommitted: () => storage.syncToDisk(),
    },
  );
}

/** The SMTP edge's limits, TLS and timeouts, from the settings. */
function smtpOptions(config: ResolvedConfig): SmtpIntakeOptions {
  return {
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    maxMessageBytes: config.limits.smtpMessageBytes,
    maxRecipients: config.SMTP_MAX_RECIPIENTS,
    maxConnections: config.SMTP_MAX_CONNECTIONS,
    maxMimeParts: config.SMTP_MAX_MIME_PARTS,
    maxLineBytes: config.SMTP_MAX_LINE_BYTES,
    ...(config.SMTP_TLS_CERT ? { tlsCertFile: config.SMTP_TLS_CERT } : {}),
    ...(config.SMTP_TLS_KEY ? { tlsKeyFile: config.SMTP_TLS_KEY } : {}),
    requireTls: config.SMTP_REQUIRE_TLS,
    clientLimits: {
      maxConnections: config.SMTP_MAX_CONNECTIONS_PER_CLIENT,
      maxMessagesPerMinute: config.SMTP_MAX_MESSAGES_PER_CLIENT_PER_MINUTE,
      maxRecipientsPerMinute: config.SMTP_MAX_RECIPIENTS_PER_CLIENT_PER_MINUTE,
    },
    sessionTimeoutMs: config.SMTP_SESSION_TIMEOUT_MS,
    dataTimeoutMs: config.SMTP_DATA_TIMEOUT_MS,
    drainMs: config.SMTP_DRAIN_MS,
    socketTimeoutMs: 60_000,
  };
}

/** Job workers are woken after processed messages at most this often. */
const JOB_WAKE_EVERY_MS = 100;

/** Calls `fn` at once, then at most once per `ms`: calls in between make one call at the end of the window. */
function throttle(fn: () => void, ms: number): () => void {
  let timer: NodeJS.Timeout | null = null;
  let pending = false;
  const fire = () => {
    if (!pending) {
      timer = null;
      return;
    }
    pending = false;
    fn();
    timer = setTimeout(fire, ms);
    timer.unref();
  };
  return () => {
    if (timer) {
      pending = true;
      return;
    }
    fn();
    timer = setTimeout(fire, ms);
    timer.unref();
  };
}
