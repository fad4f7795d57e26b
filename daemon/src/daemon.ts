import type { AddressInfo } from 'node:net';
import type { Container } from 'inversify';
import type { BlobStore, Intake } from '@intake/core';
import type { PageImageCache } from '@intake/core/ports';
import type { WebhookService } from '@intake/core/webhooks';
import type { SqlStorage } from '@intake/storage-sql';
import type { ResolvedConfig } from './config/config.schema.js';
import { createContainer } from './di/container.js';
import { startInOrder, type Lifecycle, type StartedParts } from './di/lifecycle.js';
import { TOKENS } from './di/tokens.js';
import type { HttpListener } from './http/http-listener.js';
import { createLogger, type Logger } from './logger.js';
import type { DataDirLock } from './runtime/data-dir-lock.js';
import { prepareDataDir, type PreparedDataDir } from './runtime/create-database.js';
import { releaseStartMemory } from './runtime/idle-memory.js';
import { ensureAdminSecret } from './admin/admin-secret.js';
import { createAdminApp } from './admin/admin-app.js';
import { bootstrapDefaultOrganization } from './admin/bootstrap.js';
import type { JobWorkers } from './workers/job-workers.js';
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
  /**
   * Idempotent; stops the parts in the reverse of their start order (di/lifecycle.ts): SMTP
   * (transactions in progress finish), HTTP, schedules, workers (work in hand finishes), reader,
   * database; then the lock.
   */
  stop(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** Where the one-time default keys are printed (stdout by default). */
  announce?: (text: string) => void;
  /**
   * The data directory, already held, its database there or being created (`intake start` takes it
   * before it loads the daemon: runtime/create-database.ts); taken here otherwise. Not with
   * DATABASE_URL.
   */
  dataDir?: PreparedDataDir;
}

/** Starts the daemon: lock, database (migrated), default organization, admin socket, then every part in order. */
export async function startDaemon(config: ResolvedConfig, options: StartOptions = {}): Promise<RunningDaemon> {
  const logger = options.logger ?? createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  const started = Date.now();
  // A first start takes seconds (a new PGlite database, its migrations): say what is happening.
  const step = (msg: string, extra: Record<string, unknown> = {}) =>
    logger.info({ ...extra, startup_ms: Date.now() - started }, msg);
  // PGlite has no lock between processes: hold the data directory before opening the database.
  const prepared = config.DATABASE_URL ? null : (options.dataDir ?? (await prepareDataDir(config.DATA_DIR)));
  const lock: DataDirLock | null = prepared?.lock ?? null;
  // Written before the slow part of the start, so a CLI command arriving meanwhile can authenticate.
  const adminSecret = lock ? ensureAdminSecret(lock.dataDir) : null;
  let storage: SqlStorage | undefined;
  let parts: StartedParts | undefined;
  // From here the storage part owns closing the database (startInOrder stops what it started).
  let partsOwnStorage = false;
  try {
    step(
      config.DATABASE_URL
        ? 'opening the database (PostgreSQL at DATABASE_URL) and applying migrations'
        : `opening the database (PGlite in ${config.DATA_DIR}) and applying migrations`,
    );
    // A first start's database, created and migrated in a process of its own.
    await prepared?.database;
    const container = createContainer(config, logger);
    storage = await container.getAsync<SqlStorage>(TOKENS.Storage);
    step('database ready, migrations applied', { database: storage.kind });
    const intake = await container.getAsync<Intake>(TOKENS.Intake);
    // Building every part builds the rest of the graph: HTTP app, workers, reader, SMTP edge.
    const lifecycle = await container.getAllAsync<Lifecycle>(TOKENS.Lifecycle);
    step('document reader ready (OCR worker threads start with the first scanned page)', {
      ocr_workers: config.OCR_WORKERS,
    });

    const created = await bootstrapDefaultOrganization(intake, storage, config.DEFAULT_ORG_NAME);
    if (created) (options.announce ?? ((t) => process.stdout.write(t)))(firstStartBanner(created));

    if (lock && adminSecret) await serveAdmin(container, config, { intake, storage, lock, adminSecret, logger });

    step(
      `listening for HTTP on ${config.HTTP_HOST}:${config.HTTP_PORT} and SMTP on ${config.SMTP_HOST}:${config.SMTP_PORT}`,
    );
    partsOwnStorage = true;
    parts = await startInOrder(lifecycle);
    const { httpUrl, smtpInfo } = await addresses(container);
    // What the start freed goes back to the system now (runtime/idle-memory.ts).
    const memory = releaseStartMemory();
    logger.info(
      {
        httpUrl,
        smtp: `${smtpInfo.host}:${smtpInfo.port}`,
        emailDomains: config.EMAIL_DOMAINS,
        database: storage.kind,
        dataDir: config.DATA_DIR,
        startup_ms: Date.now() - started,
        ...memory,
      },
      'intake daemon started',
    );

    return {
      httpUrl,
      smtp: smtpInfo,
      storage,
      intake,
      logger,
      workers: await container.getAsync<JobWorkers>(TOKENS.Workers),
      stop: stopOnce(parts, lock, logger),
    };
  } catch (error) {
    if (parts) await parts.stop().catch(() => {});
    else if (!partsOwnStorage) await storage?.close();
    await lock?.release();
    throw error;
  }
}

/** The admin socket in the data directory answers the CLI (daemon/src/admin). */
async function serveAdmin(
  container: Container,
  config: ResolvedConfig,
  {
    intake,
    storage,
    lock,
    adminSecret,
    logger,
  }: {
    intake: Intake;
    storage: SqlStorage;
    lock: DataDirLock;
    adminSecret: string;
    logger: Logger;
  },
): Promise<void> {
  // Koa's handler settles every request itself (errors go to its onerror): nothing to await.
  const admin = createAdminApp(
    intake,
    await container.getAsync<WebhookService>(TOKENS.WebhookService),
    {
      storage,
      blobs: await container.getAsync<BlobStore>(TOKENS.Blobs),
      pageCache: container.get<PageImageCache>(TOKENS.PageCache),
      retentionDays: config.JOB_RETENTION_DAYS,
    },
    adminSecret,
    logger,
  ).callback();
  lock.setHandler((req, res) => void admin(req, res));
}

/** Where clients on this machine reach the started HTTP API and SMTP edge. */
async function addresses(container: Container): Promise<{ httpUrl: string; smtpInfo: { host: string; port: number } }> {
  const httpUrl = reachableUrl((await container.getAsync<HttpListener>(TOKENS.HttpListener)).address());
  const smtpAddress = (await container.getAsync<SmtpIntake>(TOKENS.SmtpIntake)).address();
  return { httpUrl, smtpInfo: { host: reachableHost(smtpAddress), port: smtpAddress.port } };
}

/** RunningDaemon.stop: the parts in reverse order, then the lock, once however often it is called. */
function stopOnce(parts: StartedParts, lock: DataDirLock | null, logger: Logger): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () =>
    (stopping ??= (async () => {
      try {
        await parts.stop();
      } finally {
        await lock?.release();
      }
      logger.info('intake daemon stopped');
    })());
}

/** Where a client on this machine reaches the server: the wildcard addresses map to loopback. */
function reachableHost({ address, family }: AddressInfo): string {
  return address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : family === 'IPv6' ? address : address;
}

function reachableUrl(info: AddressInfo): string {
  const host = reachableHost(info);
  return `http://${host.includes(':') ? `[${host}]` : host}:${info.port}`;
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
