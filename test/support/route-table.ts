import { pino } from 'pino';
import { createDocumentExtractor, createIntake, createJobPipeline } from '@intake/core';
import { createInboundMail, DocumentLinks, ErpService, HttpErpConnector, WebhookService } from '@intake/core/internal';
import { createMailParser, createPdfCombiner } from '@intake/mail-documents';
import { createMemoryStores, MemoryBlobStore } from '@intake/core/testing';
import { createHttpsTransport } from '@intake/webhook-https';
import { createHttpApp, uploadJsonBytes, type HttpApp } from '@intake/daemon';
import { createTesseractReader } from '@intake/ocr-tesseract';

/**
 * Every route of the HTTP app, from the same table Koa mounts and OpenAPI describes. The app is
 * built over memory stores and never serves a request (the reader's workers start lazily, so none do).
 */
export function routeTable(): HttpApp['routes'] {
  const stores = createMemoryStores();
  const intake = createIntake({ stores });
  const reader = createTesseractReader({ workers: 1 });
  const pipeline = createJobPipeline(intake, {
    blobs: new MemoryBlobStore(),
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
