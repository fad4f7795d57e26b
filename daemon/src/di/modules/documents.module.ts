import { randomBytes } from 'node:crypto';
import { ContainerModule, type ResolutionContext } from 'inversify';
import {
  createDocumentExtractor,
  createJobPipeline,
  type BlobStore,
  type DocumentReader,
  type Intake,
  type JobPipeline,
} from '@intake/core';
import { DocumentLinks } from '@intake/core/jobs';
import { type PageImageCache } from '@intake/core/ports';
import { FileBlobStore, SqlBlobStore, type SqlStorage } from '@intake/storage-sql';
import type { ResolvedConfig } from '../../config/config.schema.js';
import type { Logger } from '../../logger.js';
import { readerSettings } from '../../reading/reader-settings.js';
import { createReaderProcess, type ReaderProcess } from '../../reading/reader-process.js';
import { releaseIdleMemory } from '../../runtime/idle-memory.js';
import type { DaemonMetrics } from '../../metrics/daemon-metrics.js';
import { countingReader } from '../../metrics/counting-reader.js';
import { refusalWarning } from '../../reading/refusal-warning.js';
import { registerOcrWorkersGauge } from '../../reading/ocr-workers-gauge.js';
import { scheduleRetention } from '../../scheduler/retention-schedule.js';
import { fileBlobDir } from '../../operations/blob-dir.js';
import type { Lifecycle } from '../lifecycle.js';
import { TOKENS } from '../tokens.js';

/** Files, reading, the job pipeline and signed document links. */
export const documentsModule = new ContainerModule(({ bind }) => {
  bind<BlobStore>(TOKENS.Blobs)
    .toDynamicValue(async (ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      // One machine: files in DATA_DIR. Several daemons: in PostgreSQL, unless they share BLOB_DIR.
      const dir = fileBlobDir(config);
      return dir ? new FileBlobStore(dir) : new SqlBlobStore((await ctx.getAsync<SqlStorage>(TOKENS.Storage)).knex);
    })
    .inSingletonScope();

  bind<DocumentReader>(TOKENS.Reader)
    .toDynamicValue((ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      const logger = ctx.get<Logger>(TOKENS.Logger);
      // OCR and PDF reading run in a process of their own that ends when idle (docs/resources.md).
      const reader = createReaderProcess(
        { ...readerSettings(config), onRefused: refusalWarning(logger) },
        { onIdle: () => releaseIdleMemory(logger) },
      );
      registerOcrWorkersGauge(ctx.get<DaemonMetrics>(TOKENS.Metrics).registry, reader);
      return reader;
    })
    .inSingletonScope();

  bind<JobPipeline>(TOKENS.Pipeline).toDynamicValue(createPipeline).inSingletonScope();

  bind<DocumentLinks>(TOKENS.Links)
    .toDynamicValue(async (ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      const intake = await ctx.getAsync<Intake>(TOKENS.Intake);
      // Shared by every daemon on the database, so any of them can serve any link.
      const secret = await intake.stores.settings.getOrCreate('document_url_secret', () =>
        randomBytes(32).toString('hex'),
      );
      return new DocumentLinks(secret, config.PUBLIC_BASE_URL, config.DOCUMENT_URL_TTL_SECONDS);
    })
    .inSingletonScope();

  bind<Lifecycle>(TOKENS.Lifecycle)
    .toDynamicValue((ctx) => {
      const config = ctx.get<ResolvedConfig>(TOKENS.Config);
      const logger = ctx.get<Logger>(TOKENS.Logger);
      const reader = ctx.get<ReaderProcess>(TOKENS.Reader);
      // A daemon that has read nothing since its start has no reader process to end idle: it
      // returns its free memory once an idle period after starting too (runtime/idle-memory.ts).
      let timer: NodeJS.Timeout | undefined;
      return {
        part: 'document-reader',
        start: () => {
          if (config.OCR_IDLE_RELEASE_MS === 0) return;
          timer = setTimeout(() => {
            if (reader.processes() === 0) releaseIdleMemory(logger, 'nothing-read');
          }, config.OCR_IDLE_RELEASE_MS);
          timer.unref();
        },
        stop: () => {
          clearTimeout(timer);
          return reader.close();
        },
      };
    })
    .inSingletonScope();

  bind<Lifecycle>(TOKENS.Lifecycle).toDynamicValue(retentionSchedule).inSingletonScope();
});

/** Jobs from submission to result: stored files, the counted reader and the extractor. */
async function createPipeline(ctx: ResolutionContext): Promise<JobPipeline> {
  const config = ctx.get<ResolvedConfig>(TOKENS.Config);
  const logger = ctx.get<Logger>(TOKENS.Logger);
  const reader = ctx.get<DocumentReader>(TOKENS.Reader);
  const storage = await ctx.getAsync<SqlStorage>(TOKENS.Storage);
  const intake = await ctx.getAsync<Intake>(TOKENS.Intake);
  const metrics = ctx.get<DaemonMetrics>(TOKENS.Metrics);
  // Jobs' reads are counted (pages by source, OCR time); submission's page counts are not reads.
  const jobReader = countingReader(reader, (pages, seconds) => metrics.documentRead(pages, seconds));
  return createJobPipeline(intake, {
    blobs: await ctx.getAsync<BlobStore>(TOKENS.Blobs),
    inspector: reader,
    extractor: createDocumentExtractor({ reader: jobReader, hints: intake.stores.vendorHints }),
    options: {
      maxDocumentBytes: config.limits.documentBytes,
      maxPagesPerDocument: config.MAX_PAGES_PER_DOCUMENT,
      leaseMs: config.JOB_LEASE_MS,
      maxAttempts: 3,
      timeoutMs: config.PROCESSING_TIMEOUT_MS,
    },
    onUnexpectedError: (error, jobId) => logger.error({ err: error, jobId }, 'unexpected error while processing a job'),
    // PGlite's commits reach the OS only: a submission is answered once its row is on disk.
    syncCommitted: () => storage.syncToDisk(),
    metrics: metrics.jobs,
  });
}

/** The cron (RETENTION_CRON) that purges jobs older than JOB_RETENTION_DAYS. */
async function retentionSchedule(ctx: ResolutionContext): Promise<Lifecycle> {
  const config = ctx.get<ResolvedConfig>(TOKENS.Config);
  const deps = {
    intake: await ctx.getAsync<Intake>(TOKENS.Intake),
    blobs: await ctx.getAsync<BlobStore>(TOKENS.Blobs),
    pageCache: ctx.get<PageImageCache>(TOKENS.PageCache),
    logger: ctx.get<Logger>(TOKENS.Logger),
  };
  let schedule: { stop(): void } | undefined;
  return {
    part: 'retention-schedule',
    start: () => {
      schedule ??= scheduleRetention({
        ...deps,
        cronExpression: config.RETENTION_CRON,
        days: config.JOB_RETENTION_DAYS,
      });
    },
    stop: () => schedule?.stop(),
  };
}
