import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BlobStore, DocumentReader, Intake, NotificationService, PageImageCache, WebhookService } from '@intake/core';
import type { SqlStorage } from '@intake/storage-sql';
import type { ResolvedConfig } from './config/config.schema.js';
import { createContainer } from './di/container.js';
import { TOKENS } from './di/tokens.js';
import type { HttpApp } from './http/app.js';
import { createLogger, type Logger } from './logger.js';
import { acquireDataDirLock, type DataDirLock } from './runtime/data-dir-lock.js';
import { listenOrExplain } from './runtime/port-in-use.js';
import { ensureAdminSecret } from './admin/admin-secret.js';
import { createAdminApp } from './admin/admin-app.js';
import { bootstrapDefaultOrganization } from './admin/bootstrap.js';
import { scheduleRetention } from './scheduler/retention-schedule.js';
import { scheduleDigest } from './scheduler/digest-schedule.js';
import type { NotificationWorkers } from './workers/notification-workers.js';
import type { ErpWorkers } from './workers/erp-workers.js';
import type { JobWorkers } from './workers/job-workers.js';
import type { WebhookWorkers } from './workers/webhook-workers.js';
import type { MailWorkers } from './workers/mail-workers.js';
import type { SmtpIntake } from './smtp/smtp-intake.js';

export interface RunningDaemon {
  /** The HTTP API's address, e.g. http://127.0.0.1:8080. */
  readonly httpUrl: string;
  /** The SMTP edge's address: host and port. */
  readonly smtp: { host: string; port: number };
  readonly storage: SqlStorage;
  readonly intake: Intake;
  readonly logger: Logger;
  readonly workers: JobWorkers;
  /** Idempotent; stops in order: SMTP (transactions in progress finish), HTTP, schedules, workers (work in hand finishes), reader, database, lock. */
  stop(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** Where the one-time default keys are printed (stdout by default). */
  announce?: (text: string) => void;
}

/** Starts the daemon: lock, database (migrated), default organization, HTTP API, admin socket. */
export async function startDaemon(config: ResolvedConfig, options: StartOptions = {}): Promise<RunningDaemon> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const started = Date.now();
  // A first start takes seconds (a new PGlite database, its migrations): say what is happening.
  const step = (msg: string, extra: Record<string, unknown> = {}) => logger.info({ ...extra, startup_ms: Date.now() - started }, msg);
  // PGlite has no lock between processes: hold the data directory before opening the database.
  const lock: DataDirLock | null = config.DATABASE_URL ? null : await acquireDataDirLock(config.DATA_DIR);
  // Written before the slow part of the start, so a CLI command arriving meanwhile can authenticate.
  const adminSecret = lock ? ensureAdminSecret(lock.dataDir) : null;
  let server: http.Server | undefined;
  let storage: SqlStorage | undefined;
  let smtp: SmtpIntake | undefined;
  try {
    step(config.DATABASE_URL ? 'opening the database (PostgreSQL at DATABASE_URL) and applying migrations' : `opening the database (PGlite in ${config.DATA_DIR}) and applying migrations`);
    const container = createContainer(config, logger);
    storage = await container.getAsync<SqlStorage>(TOKENS.Storage);
    step('database ready, migrations applied', { database: storage.kind });
    const intake = await container.getAsync<Intake>(TOKENS.Intake);
    const app = await container.getAsync<HttpApp>(TOKENS.HttpApp);
    const workers = await container.getAsync<JobWorkers>(TOKENS.Workers);
    const reader = container.get<DocumentReader>(TOKENS.Reader);
    step('document reader ready (OCR worker threads start with the first scanned page)', { ocr_workers: config.OCR_WORKERS });
    const webhookWorkers = await container.getAsync<WebhookWorkers>(TOKENS.WebhookWorkers);
    const transport = container.get<{ close(): void }>(TOKENS.WebhookTransport);
    const mailWorkers = await container.getAsync<MailWorkers>(TOKENS.MailWorkers);
    smtp = await container.getAsync<SmtpIntake>(TOKENS.SmtpIntake);
    const notifications = await container.getAsync<NotificationService>(TOKENS.Notifications);
    const notificationWorkers = await container.getAsync<NotificationWorkers>(TOKENS.NotificationWorkers);
    const notifier = container.get<{ close(): void }>(TOKENS.Notifier);
    const erpWorkers = await container.getAsync<ErpWorkers>(TOKENS.ErpWorkers);

    const created = await bootstrapDefaultOrganization(intake, storage, config.DEFAULT_ORG_NAME);
    if (created) (options.announce ?? ((t) => process.stdout.write(t)))(firstStartBanner(created));

    if (lock && adminSecret) {
      // Koa's handler settles every request itself (errors go to its onerror): nothing to await.
      const admin = createAdminApp(intake, await container.getAsync<WebhookService>(TOKENS.WebhookService), adminSecret, logger).callback();
      lock.setHandler((req, res) => void admin(req, res));
    }

    const handle = app.koa.callback();
    server = http.createServer((req, res) => void handle(req, res));
    server.on('clientError', app.onClientError);
    server.keepAliveTimeout = 65_000;
    step(`listening for HTTP on ${config.HTTP_HOST}:${config.HTTP_PORT} and SMTP on ${config.SMTP_HOST}:${config.SMTP_PORT}`);
    await listenOrExplain('HTTP_PORT', config.HTTP_PORT, config.HTTP_HOST, () =>
      new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(config.HTTP_PORT, config.HTTP_HOST, () => resolve());
      }),
    );
    const ownSmtp = smtp;
    const smtpAddress = await listenOrExplain('SMTP_PORT', config.SMTP_PORT, config.SMTP_HOST, () => ownSmtp.listen());
    workers.start();
    webhookWorkers.start();
    mailWorkers.start();
    notificationWorkers.start();
    erpWorkers.start();
    if (!config.SMTP_RELAY_URL) logger.info('SMTP_RELAY_URL is not set: email notifications are recorded but fail without being sent');
    const retention = scheduleRetention({ intake, blobs: await container.getAsync<BlobStore>(TOKENS.Blobs), pageCache: await container.getAsync<PageImageCache>(TOKENS.PageCache), logger, cronExpression: config.RETENTION_CRON, days: config.JOB_RETENTION_DAYS });
    const digest = scheduleDigest({ notifications, logger, cronExpression: config.DIGEST_CRON, onQueued: () => notificationWorkers.wake() });
    const httpUrl = reachableUrl(server.address() as AddressInfo);
    const smtpInfo = { host: reachableHost(smtpAddress), port: smtpAddress.port };
    logger.info({ httpUrl, smtp: `${smtpInfo.host}:${smtpInfo.port}`, emailDomains: config.EMAIL_DOMAINS, database: storage.kind, dataDir: config.DATA_DIR, startup_ms: Date.now() - started }, 'intake daemon started');

    let stopping: Promise<void> | undefined;
    const ownedServer = server;
    const ownedStorage = storage;
    const ownedSmtp = smtp;
    return {
      httpUrl,
      smtp: smtpInfo,
      storage,
      intake,
      logger,
      workers,
      stop: () =>
        (stopping ??= (async () => {
          await ownedSmtp.stop();
          await closeServer(ownedServer);
          await retention.stop();
          await digest.stop();
          await mailWorkers.stop();
          await workers.stop();
          await webhookWorkers.stop();
          await notificationWorkers.stop();
          await erpWorkers.stop();
          notifier.close();
          transport.close();
          await reader.close?.();
          await ownedStorage.close();
          await lock?.release();
          logger.info('intake daemon stopped');
        })()),
    };
  } catch (error) {
    await smtp?.stop().catch(() => {});
    if (server?.listening) await closeServer(server);
    await storage?.close();
    await lock?.release();
    throw error;
  }
}

/** Where a client on this machine reaches the server: the wildcard addresses map to loopback. */
function reachableHost({ address, family }: AddressInfo): string {
  return address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : family === 'IPv6' ? address : address;
}

function reachableUrl(info: AddressInfo): string {
  const host = reachableHost(info);
  return `http://${host.includes(':') ? `[${host}]` : host}:${info.port}`;
}

async function closeServer(server: http.Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}

function firstStartBanner(created: { org_id: string; live_key: string; test_key: string }): string {
  return [
    '',
    'Intake created a default organization on this first start. Its keys are shown once:',
    `  organization: ${created.org_id}`,
    `  live key:     ${created.live_key}`,
    `  test key:     ${created.test_key}`,
    'Keep them somewhere safe; create more with `npx intake keys create` or POST /v1/api-keys.',
    '',
  ].join('\n');
}
