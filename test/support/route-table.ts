import { pino } from 'pino';
import { createDocumentExtractor, createIntake, createJobPipeline } from '@intake/core';
import { CorrectionService } from '@intake/core/corrections';
import { createInboundMail } from '@intake/core/email';
import { ErpService, HttpErpConnector } from '@intake/core/erp';
import { DocumentLinks } from '@intake/core/jobs';
import { VendorLearning } from '@intake/core/learning';
import { PageImages } from '@intake/core/pages';
import { WebhookService } from '@intake/core/webhooks';
import { createMailParser, createPdfCombiner } from '@intake/mail-documents';
import { createMemoryStores, MemoryBlobStore, MemoryPageImageCache } from '@intake/core/testing';
import { createHttpsTransport } from '@intake/webhook-https';
import { createHttpApp, uploadJsonBytes, type HttpApp } from '@intake/daemon';
import { createPageRenderer, createTesseractReader } from '@intake/ocr-tesseract';

/**
 * Every route of the HTTP app, from the same table Koa mounts and OpenAPI describes: every optional
 * part the daemon mounts (mail in, ERP, review) is given, so the table is the running daemon's
 * (test/api/openapi.test.ts compares the two documents). The app is built over memory stores and
 * never serves a request (the reader's workers and the renderer's thread start lazily, so none do).
 */
export function routeTable(): HttpApp['routes'] {
  const stores = createMemoryStores();
  const intake = createIntake({ stores });
  const reader = createTesseractReader({ workers: 1 });
  const blobs = new MemoryBlobStore();
  const pipeline = createJobPipeline(intake, {
    blobs,
    inspector: reader,
    extractor: createDocumentExtractor({ reader }),
    options: { maxDocumentBytes: 1024, leaseMs: 1000, maxAttempts: 3, timeoutMs: 1000 },
  });
  const transport = createHttpsTransport({ allowedHosts: ['127.0.0.1', 'localhost'] });
  return createHttpApp({
    intake,
    pipeline,
    webhooks: new WebhookService({
      store: intake.stores.webhooks,
      settings: intake.stores.settings,
      transport,
      clock: intake.clock,
      ids: intake.ids,
      timeoutMs: 5000,
    }),
    erp: new ErpService({
      stores,
      connector: new HttpErpConnector({ transport, timeoutMs: 5000 }),
      clock: intake.clock,
      ids: intake.ids,
      options: { leaseMs: 30_000 },
    }),
    inboundMail: createInboundMail(intake, pipeline, {
      parser: createMailParser(),
      reader,
      combiner: createPdfCombiner(),
      options: { domains: ['x'], leaseMs: 1000, maxAttempts: 3, maxAttachmentsPerMessage: 10 },
    }),
    review: {
      pages: new PageImages({
        jobs: intake.jobs,
        blobs,
        renderer: createPageRenderer(),
        cache: new MemoryPageImageCache(),
        reader,
      }),
      corrections: new CorrectionService({
        stores,
        clock: intake.clock,
        ids: intake.ids,
        learning: new VendorLearning({
          hints: stores.vendorHints,
          blobs,
          reader,
          clock: intake.clock,
          ids: intake.ids,
        }),
      }),
    },
    links: new DocumentLinks('x', 'http://x', 60),
    rateLimiter: stores.rateLimiter,
    logger: pino({ level: 'silent' }),
    ping: async () => {},
    publicBaseUrl: 'http://x',
    maxBodyBytes: 1024,
    maxDocumentBytes: 1024,
    maxUploadJsonBytes: uploadJsonBytes(1024),
  }).routes;
}
