/**
 * Request lines and monitors (docs/operations.md, Logs): every request has its `request` line, at
 * `info`, but a monitor's probe that succeeds (`/healthz`, `/readyz`, `/metrics` below 400) is
 * written at `debug`, so that a liveness probe every second does not fill the log; a probe that
 * fails is written at `info`. The API over the harness's services, with a logger keeping every line.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentLinks } from '@intake/core/jobs';
import { createHttpApp, uploadJsonBytes } from '@intake/daemon';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { eventually } from '../support/wait.js';

interface LogLine {
  level: number;
  msg: string;
  path?: string;
  status?: number;
  requestId?: string;
}

const DEBUG = 20;
const INFO = 30;

describe('request lines of monitors', () => {
  let api: ApiHarness;
  let server: http.Server;
  let base: string;
  let key: string;
  let databaseAnswers = true;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    api = await startApi('pglite');
    key = (await api.createOrg()).live_key;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString('utf8').split('\n')) if (text) lines.push(JSON.parse(text) as LogLine);
        done();
      },
    });
    server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const app = createHttpApp({
      intake: api.intake,
      pipeline: api.pipeline,
      webhooks: api.webhooks,
      links: new DocumentLinks('test-secret', base, 3600),
      rateLimiter: api.db.storage.rateLimiter,
      logger: pino({ level: 'trace' }, sink),
      ping: async () => {
        if (!databaseAnswers) throw new Error('connection refused');
        await api.db.storage.ping();
      },
      publicBaseUrl: base,
      maxBodyBytes: 1_048_576,
      maxDocumentBytes: 1_048_576,
      maxUploadJsonBytes: uploadJsonBytes(1_048_576),
    });
    const handle = app.koa.callback();
    server.on('request', (req, res) => void handle(req, res));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await api.close();
  });

  /** Sends one GET; resolves with its status and the level of its request line. */
  async function levelOf(path: string, headers: Record<string, string> = {}): Promise<[number, number]> {
    const requestId = `probe-${Math.random().toString(36).slice(2)}`;
    const res = await fetch(`${base}${path}`, { headers: { 'x-request-id': requestId, ...headers } });
    await res.arrayBuffer();
    const line = await eventually(
      'the request logged',
      () => lines.find((l) => l.requestId === requestId && l.msg === 'request') ?? null,
    );
    return [res.status, line.level];
  }

  it('writes a succeeding probe at debug, a failing one and any other request at info', async () => {
    expect(await levelOf('/healthz')).toEqual([200, DEBUG]);
    expect(await levelOf('/healthz/')).toEqual([200, DEBUG]);
    expect(await levelOf('/readyz')).toEqual([200, DEBUG]);
    databaseAnswers = false;
    expect(await levelOf('/readyz')).toEqual([503, INFO]);
    databaseAnswers = true;
    // This app has no metrics: /metrics is an unknown path, a 404 at info.
    expect(await levelOf('/metrics')).toEqual([404, INFO]);
    expect(await levelOf('/v1/extractors', { authorization: `Bearer ${key}` })).toEqual([200, INFO]);
    expect(await levelOf('/v1/openapi.json')).toEqual([200, INFO]);
  });
});
