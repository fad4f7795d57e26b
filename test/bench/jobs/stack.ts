import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createIntake, createJobPipeline, type DocumentExtractor, type Intake } from '@intake/core';
import { DocumentLinks, type ProcessOutcome } from '@intake/core/jobs';
import { WebhookService } from '@intake/core/webhooks';
import { createHttpsTransport } from '@intake/webhook-https';
import { createHttpApp, uploadJsonBytes, JobWorkers } from '@intake/daemon';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { FileBlobStore, SqlBlobStore, type SqlStorage } from '@intake/storage-sql';
import { invoiceExtractor } from '../../support/fixtures.js';

/** A realistic invoice extractor, so simulated results and stored snapshots have a typical size. */
export const EXTRACTOR_BODY = invoiceExtractor();

/** Test-key jobs never reach the extractor; if one does, the bench is measuring the wrong thing. */
const refusingExtractor: DocumentExtractor = {
  extract: () => Promise.reject(new Error('bench: a test-mode job reached the live extractor')),
};

export interface Stack {
  origin: string;
  intake: Intake;
  /** Calls `listener` with every job the workers finish (completed or failed). */
  onFinished(listener: (outcome: ProcessOutcome) => void): void;
  close(): Promise<void>;
}

/**
 * The daemon's job path as `startDaemon` wires it (HTTP API, pipeline, JobWorkers woken on submission,
 * file blobs on PGlite and blobs in the database on PostgreSQL), minus the DI container and config.
 * Workers start only when asked: the list/stats bench wants the API without a queue being drained.
 */
export async function startStack(storage: SqlStorage, options: { workers: number }): Promise<Stack> {
  const intake = createIntake({ stores: storage });
  const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-bench-blobs-'));
  // The real inspector: page counting with pdfjs is part of every submission. OCR workers start lazily, so none run here.
  const reader = createTesseractReader({ workers: 1 });
  const pipeline = createJobPipeline(intake, {
    blobs: storage.kind === 'postgres' ? new SqlBlobStore(storage.knex) : new FileBlobStore(blobDir),
    inspector: reader,
    extractor: refusingExtractor,
    options: { maxDocumentBytes: 10 * 1_048_576, leaseMs: 30_000, maxAttempts: 3, timeoutMs: 120_000 },
  });
  const listeners: Array<(o: ProcessOutcome) => void> = [];
  // Counting outcomes where the workers see them avoids polling the database (which would add load).
  const runNext = pipeline.processor.runNext.bind(pipeline.processor);
  pipeline.processor.runNext = async (workerId) => {
    const outcome = await runNext(workerId);
    if (outcome.kind === 'completed' || outcome.kind === 'failed') for (const l of listeners) l(outcome);
    return outcome;
  };
  // WORKER_POLL_MS default: idle loops sleep this long unless a submission wakes them.
  const workers = new JobWorkers(pipeline.processor, pino({ level: 'silent' }), {
    concurrency: options.workers,
    pollMs: 1000,
  });
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const app = createHttpApp({
    intake,
    pipeline,
    webhooks: new WebhookService({
      store: intake.stores.webhooks,
      settings: intake.stores.settings,
      transport: createHttpsTransport({ allowedHosts: ['127.0.0.1', 'localhost'] }),
      clock: intake.clock,
      ids: intake.ids,
      timeoutMs: 5000,
    }),
    links: new DocumentLinks('bench', origin, 3600),
    rateLimiter: storage.rateLimiter,
    logger: pino({ level: 'silent' }),
    ping: () => storage.ping(),
    publicBaseUrl: origin,
    maxBodyBytes: 1_048_576,
    maxDocumentBytes: 10 * 1_048_576,
    maxUploadJsonBytes: uploadJsonBytes(10 * 1_048_576),
    onSubmitted: () => workers.wake(),
  });
  // Koa settles each request itself (errors go to its onerror).
  const handle = app.koa.callback();
  server.on('request', (req, res) => void handle(req, res));
  if (options.workers > 0) workers.start();
  return {
    origin,
    intake,
    onFinished: (listener) => listeners.push(listener),
    async close() {
      await workers.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await reader.close();
      fs.rmSync(blobDir, { recursive: true, force: true });
    },
  };
}

/** An organization whose rate limit never throttles the bench, with one extractor. */
export async function benchOrg(intake: Intake, name: string) {
  const org = await intake.organizations.create({ name, plan: 'enterprise', rate_limit_per_minute: 1_000_000 });
  const extractor = await intake.extractors.create(org.org_id, EXTRACTOR_BODY, 'admin');
  return { orgId: org.org_id, testKey: org.test_key, liveKey: org.live_key, extractorId: extractor.id };
}

/** Nearest-rank percentile of unsorted samples. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
