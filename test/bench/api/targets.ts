import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { pino } from 'pino';
import { invoiceExtractor } from '../../support/fixtures.js';
import { createDocumentExtractor, createIntake, createJobPipeline } from '@intake/core';
import { DocumentLinks } from '@intake/core/jobs';
import { WebhookService } from '@intake/core/webhooks';
import { MemoryBlobStore } from '@intake/core/testing';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { createHttpsTransport } from '@intake/webhook-https';
import { createHttpApp, uploadJsonBytes } from '@intake/daemon';
import type { SqlStorage } from '@intake/storage-sql';

export interface Target {
  name: string;
  /** Full URL of the measured request. */
  url: string;
  headers: Record<string, string>;
  /** Resolves once no request is in flight (autocannon stops without waiting for its last answers). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

type Listening = Pick<Target, 'idle' | 'close'> & { origin: string };

/** Koa's callback returns a promise that settles once the middleware chain is done with the request. */
type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<unknown>;

async function listen(handler: Handler): Promise<Listening> {
  // Counted until the handler settles, not until the socket closes: autocannon closes its sockets at
  // the end of a run while their requests may still be waiting for a database connection.
  let inFlight = 0;
  let drained: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    inFlight++;
    void handler(req, res).finally(() => {
      if (--inFlight > 0) return;
      for (const resolve of drained) resolve();
      drained = [];
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => drained.push(resolve))),
    async close() {
      // autocannon's keep-alive sockets would otherwise hold close() open.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The real HTTP API over `storage`, with one organization, its live key and one extractor. The
 * logger is silent (as in the API tests): the bench measures request handling, not stdout.
 */
export async function startIntake(name: string, storage: SqlStorage): Promise<Target & { extractorJson: unknown }> {
  const intake = createIntake({ stores: storage });
  // 1,000,000/min is the most the organization schema accepts: far above what 2 cores can serve in
  // one window, so the limiter counts every request but never throttles.
  const org = await intake.organizations.create({
    name: `Bench ${name}`,
    plan: 'enterprise',
    rate_limit_per_minute: 1_000_000,
  });
  const extractor = await intake.extractors.create(org.org_id, invoiceExtractor(), 'admin');
  const reader = createTesseractReader({ workers: 1 });
  const pipeline = createJobPipeline(intake, {
    blobs: new MemoryBlobStore(),
    inspector: reader,
    extractor: createDocumentExtractor({ reader }),
    options: { maxDocumentBytes: 1_048_576, leaseMs: 30_000, maxAttempts: 3, timeoutMs: 60_000 },
  });
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
    links: new DocumentLinks('bench', 'http://localhost', 3600),
    maxDocumentBytes: 1_048_576,
    maxUploadJsonBytes: uploadJsonBytes(1_048_576),
    rateLimiter: storage.rateLimiter,
    logger: pino({ level: 'silent' }),
    ping: () => storage.ping(),
    publicBaseUrl: 'http://localhost',
    maxBodyBytes: 1_048_576,
  });
  const server = await listen(app.koa.callback());
  const url = `${server.origin}/v1/extractors/${extractor.id}`;
  const headers = { authorization: `Bearer ${org.live_key}` };
  // One request before the load: proves the route answers 200, and gives the bare handler its body.
  const res = await fetch(url, { headers });
  if (res.status !== 200) {
    await server.close();
    throw new Error(`${name}: GET ${url} answered ${res.status}: ${await res.text()}`);
  }
  return { name, url, headers, extractorJson: await res.json(), idle: server.idle, close: server.close };
}

/** The floor: Koa serializing the same JSON with no auth, rate limiting, routing or database. */
export async function startBare(body: unknown): Promise<Target> {
  const koa = new Koa();
  koa.use((ctx) => {
    ctx.body = body;
  });
  const server = await listen(koa.callback());
  return {
    name: 'bare Koa',
    url: `${server.origin}/v1/extractors/bare`,
    headers: {},
    idle: server.idle,
    close: server.close,
  };
}
