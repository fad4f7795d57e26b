/**
 * The API over the harness's services, served on loopback with a logger that keeps every line (at
 * `trace`), for tests of what a request writes to the log.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { DocumentLinks } from '@intake/core/jobs';
import { createHttpApp, uploadJsonBytes } from '@intake/daemon';
import type { ApiHarness } from '../support/api-harness.js';

export interface LogLine {
  level: number;
  msg: string;
  path?: string;
  status?: number;
  requestId?: string;
}

export interface LoggedApp {
  server: http.Server;
  port: number;
  base: string;
  /** Every line logged so far, parsed. */
  lines: LogLine[];
  close(): Promise<void>;
}

/** `ping` answers /readyz (the harness's database by default). */
export async function serveLoggedApp(api: ApiHarness, ping?: () => Promise<void>): Promise<LoggedApp> {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const app = createHttpApp({
    intake: api.intake,
    pipeline: api.pipeline,
    webhooks: api.webhooks,
    links: new DocumentLinks('test-secret', base, 3600),
    rateLimiter: api.db.storage.rateLimiter,
    logger: pino({ level: 'trace' }, sink),
    ping: ping ?? (() => api.db.storage.ping()),
    publicBaseUrl: base,
    maxBodyBytes: 1_048_576,
    maxDocumentBytes: 1_048_576,
    maxUploadJsonBytes: uploadJsonBytes(1_048_576),
  });
  // Koa settles each request itself (errors go to its onerror).
  const handle = app.koa.callback();
  server.on('request', (req, res) => void handle(req, res));
  return {
    server,
    port,
    base,
    lines,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
