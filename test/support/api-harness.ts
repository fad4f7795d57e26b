import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { CorrectionService } from '@intake/core/corrections';
import { VendorLearning } from '@intake/core/learning';
import { PageImages } from '@intake/core/pages';
import {
  createDocumentExtractor,
  createIntake,
  DEFAULT_DOCUMENT_LIMITS,
  createJobPipeline,
  systemClock,
  type Clock,
  type DocumentExtractor,
  type DocumentReader,
  type Intake,
  type JobPipeline,
  type Notifier,
  type WebhookTransport,
} from '@intake/core';
import {
  createInboundMail,
  type InboundMailService,
  NotificationService,
  type NotificationServiceOptions,
  unconfiguredNotifier,
} from '@intake/core/email';
import { ErpService, HttpErpConnector } from '@intake/core/erp';
import { DocumentLinks, type ProcessOutcome } from '@intake/core/jobs';
import { ManualClock } from '@intake/core/ports';
import { WebhookService } from '@intake/core/webhooks';
import { createHttpsTransport } from '@intake/webhook-https';
import { createHttpApp, type HttpAppDeps, uploadJsonBytes } from '@intake/daemon';
import { createPageRenderer } from '@intake/ocr-tesseract';
import { createMailParser, createPdfCombiner } from '@intake/mail-documents';
import { FileBlobStore, FilePageImageCache, SqlBlobStore } from '@intake/storage-sql';
import { openTestDatabase, type DbKind, type TestDatabase } from './databases.js';
import { sharedReader } from './reader.js';
import { callApi, type ApiResponse, type CallOptions } from './http.js';

export type { ApiResponse } from './http.js';

export interface ApiHarness {
  baseUrl: string;
  intake: Intake;
  pipeline: JobPipeline;
  db: TestDatabase;
  /** Creates an organization with an all-scope live and test key. */
  createOrg(input?: {
    name?: string;
    plan?: string;
    rate_limit_per_minute?: number;
    credits?: number;
  }): Promise<{ org_id: string; live_key: string; test_key: string }>;
  /** fetch against the API with an optional bearer key and a JSON body. */
  call(method: string, path: string, options?: CallOptions): Promise<ApiResponse>;
  /** The service behind /v1/webhooks (its transport: `ApiOptions.webhookTransport`). */
  webhooks: WebhookService;
  /** Mail in, over the same stores and pipeline (domains: `options.emailDomains`, default example.test). */
  inbound: InboundMailService;
  /** Processes stored messages in this process until none is left. */
  runMail(workerId?: string): Promise<number>;
  /** Runs queued jobs in this process until none is runnable; returns what happened. */
  runJobs(workerId?: string): Promise<ProcessOutcome[]>;
  /** ERP connections and syncs over the same stores (connector: HTTPS over the webhook transport; retries without delay). */
  erp: ErpService;
  /** Review: page pictures (cached in a temporary directory, `pageCacheDir`) and corrections. */
  review: { pages: PageImages; corrections: CorrectionService; pageCacheDir: string };
  /** Notifications over the same stores (notifier: `options.notifier`, default one that fails every mail). */
  notifications: NotificationService;
  /** Turns job events into notifications and sends what is due, until nothing is left; returns the mails sent. */
  runNotifications(workerId?: string): Promise<number>;
  close(): Promise<void>;
}

export interface ApiOptions {
  clock?: Clock;
  /** Runs live jobs; defaults to the real reader and extraction. */
  extractor?: DocumentExtractor;
  maxDocumentBytes?: number;
  /** MAX_REQUEST_BODY_MB in bytes: the email test endpoint's largest body; default 1 MB. */
  maxBodyBytes?: number;
  /** MAX_PAGES_PER_DOCUMENT at submission; default DEFAULT_DOCUMENT_LIMITS.maxPages, as the reader's. */
  maxPagesPerDocument?: number;
  timeoutMs?: number;
  leaseMs?: number;
  /** The transport of /v1/webhooks (tests and registration checks); default: HTTPS allowing 127.0.0.1 and localhost, no CA file. */
  webhookTransport?: WebhookTransport;
  /** How long POST /v1/webhooks/test waits for an answer; default 5000. */
  webhookTimeoutMs?: number;
  /** Domains mail is received for; default ['example.test']. */
  emailDomains?: string[];
  /** Sends notifications (e.g. @intake/notifier-smtp to a sink); default: none configured, every mail fails. */
  notifier?: Notifier;
  /** Retry delays and the like of the notification service. */
  notificationOptions?: Partial<NotificationServiceOptions>;
  /** Mounts the dashboard and its sign-in (`/session`); default: neither, as DASHBOARD=off. */
  dashboard?: HttpAppDeps['dashboard'];
  /** REGISTER_COUNT_LIMIT; default LIST_COUNT_LIMIT (10,000). */
  registerCountLimit?: number;
}

/** The real HTTP API on a loopback port over a fresh database of the given kind. */
export async function startApi(kind: DbKind, options: ApiOptions = {}): Promise<ApiHarness> {
  const db = await openTestDatabase(kind);
  const clock = options.clock ?? systemClock;
  const webhookTransport =
    options.webhookTransport ?? createHttpsTransport({ allowedHosts: ['127.0.0.1', 'localhost'] });
  const intake = createIntake({ stores: db.storage, clock, destinations: webhookTransport });
  const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-blobs-'));
  // The process's one reader (./reader.ts): a reader of its own would start its PDF threads again.
  const reader: DocumentReader = sharedReader();
  const pipeline = createJobPipeline(intake, {
    blobs: kind === 'postgres' ? new SqlBlobStore(db.storage.knex) : new FileBlobStore(blobDir),
    inspector: reader,
    extractor: options.extractor ?? createDocumentExtractor({ reader, hints: intake.stores.vendorHints }),
    options: {
      maxDocumentBytes: options.maxDocumentBytes ?? 1_048_576,
      maxPagesPerDocument: options.maxPagesPerDocument ?? DEFAULT_DOCUMENT_LIMITS.maxPages,
      leaseMs: options.leaseMs ?? 30_000,
      maxAttempts: 3,
      timeoutMs: options.timeoutMs ?? 60_000,
    },
    syncCommitted: () => db.storage.syncToDisk(),
  });
  // Listen first: document links must carry this server's own address.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const webhooks = new WebhookService({
    store: intake.stores.webhooks,
    settings: intake.stores.settings,
    transport: webhookTransport,
    clock: intake.clock,
    ids: intake.ids,
    timeoutMs: options.webhookTimeoutMs ?? 5000,
  });
  const inbound = createInboundMail(intake, pipeline, {
    parser: createMailParser(),
    reader,
    combiner: createPdfCombiner(),
    options: {
      domains: options.emailDomains ?? ['example.test'],
      leaseMs: options.leaseMs ?? 30_000,
      maxAttempts: 3,
      maxAttachmentsPerMessage: 200,
      publicBaseUrl: baseUrl,
    },
    syncCommitted: () => db.storage.syncToDisk(),
  });
  const notifications = new NotificationService({
    stores: intake.stores,
    notifier: options.notifier ?? unconfiguredNotifier(),
    clock,
    ids: intake.ids,
    options: {
      ownDomains: options.emailDomains ?? ['example.test'],
      publicBaseUrl: baseUrl,
      ...options.notificationOptions,
    },
  });
  const erp = new ErpService({
    stores: intake.stores,
    connector: new HttpErpConnector({ transport: webhookTransport, timeoutMs: options.webhookTimeoutMs ?? 5000 }),
    clock,
    ids: intake.ids,
    options: { leaseMs: 30_000, retryDelaysMs: [0, 0] },
    onSyncFailed: (tx, orgId, failure) => notifications.recordErpSyncFailed(tx, orgId, failure),
  });
  const pageCacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-pages-'));
  const review = {
    pageCacheDir,
    pages: new PageImages({
      jobs: intake.jobs,
      blobs: pipeline.blobs,
      renderer: createPageRenderer(),
      cache: new FilePageImageCache(pageCacheDir),
      reader,
    }),
    corrections: new CorrectionService({
      stores: intake.stores,
      clock,
      ids: intake.ids,
      learning: new VendorLearning({
        hints: intake.stores.vendorHints,
        blobs: pipeline.blobs,
        reader,
        clock,
        ids: intake.ids,
      }),
    }),
  };
  const app = createHttpApp({
    review,
    intake,
    pipeline,
    webhooks,
    erp,
    inboundMail: inbound,
    links: new DocumentLinks('test-secret', baseUrl, 3600),
    rateLimiter: db.storage.rateLimiter,
    logger: pino({ level: 'silent' }),
    ping: () => db.storage.ping(),
    publicBaseUrl: baseUrl,
    maxBodyBytes: options.maxBodyBytes ?? 1_048_576,
    maxDocumentBytes: options.maxDocumentBytes ?? 1_048_576,
    maxUploadJsonBytes: uploadJsonBytes(options.maxDocumentBytes ?? 1_048_576),
    ...(options.dashboard ? { dashboard: options.dashboard } : {}),
    ...(options.registerCountLimit ? { registerCountLimit: options.registerCountLimit } : {}),
  });
  // Koa settles each request itself (errors go to its onerror).
  const handle = app.koa.callback();
  server.on('request', (req, res) => void handle(req, res));
  server.on('clientError', app.onClientError);
  return {
    baseUrl,
    intake,
    pipeline,
    db,
    webhooks,
    inbound,
    notifications,
    erp,
    review,
    async runNotifications(workerId = 'test-notification-worker') {
      let sent = 0;
      for (;;) {
        const dispatched = await notifications.dispatchJobEvents();
        const report = await notifications.sendDue(workerId, 10);
        sent += report.sent;
        if (dispatched.handled === 0 && report.sent + report.retrying + report.failed + report.lost === 0) return sent;
      }
    },
    async runMail(workerId = 'test-mail-worker') {
      let processed = 0;
      while ((await inbound.processNext(workerId)).kind !== 'idle') processed++;
      return processed;
    },
    async createOrg(input = {}) {
      const created = await intake.organizations.create({
        name: input.name ?? 'Test org',
        plan: input.plan ?? 'business',
        ...input,
      });
      return { org_id: created.org_id, live_key: created.live_key, test_key: created.test_key };
    },
    call: (method, urlPath, opts = {}) => callApi(baseUrl, method, urlPath, opts),
    async runJobs(workerId = 'test-worker') {
      const outcomes: ProcessOutcome[] = [];
      for (;;) {
        const outcome = await pipeline.processor.runNext(workerId);
        if (outcome.kind === 'idle') return outcomes;
        outcomes.push(outcome);
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
      fs.rmSync(blobDir, { recursive: true, force: true });
      fs.rmSync(pageCacheDir, { recursive: true, force: true });
    },
  };
}

export { ManualClock };

export { invoiceExtractor } from './fixtures.js';
