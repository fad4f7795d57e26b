import type http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { eventually } from '../support/wait.js';
import { failOnEscapedErrors } from './escaped-errors.js';
import { serveLoggedApp, type LoggedApp, type LogLine } from './logged-app.js';

/**
 * Issue 13, defect 9: a client hanging up in the middle of its request is not an error of ours.
 * The API is served here with a logger that keeps every line, over the harness's services.
 */

const ERROR_LEVEL = 50;

failOnEscapedErrors();

describe('a client that hangs up mid-request', () => {
  let api: ApiHarness;
  let app: LoggedApp;
  let server: http.Server;
  let port: number;
  let key: string;
  let lines: LogLine[];

  beforeAll(async () => {
    api = await startApi('pglite');
    key = (await api.createOrg()).live_key;
    app = await serveLoggedApp(api);
    ({ server, port, lines } = app);
  });
  afterAll(async () => {
    await app.close();
    await api.close();
  });

  /** Sends the head and part of a body, then resets the connection; resolves with the request's log lines. */
  async function hangUp(path: string, headers: string, partialBody: string): Promise<LogLine[]> {
    const requestId = `hangup-${Math.random().toString(36).slice(2)}`;
    // Reset only once the server is handling the request (its head read, the body still coming).
    const received = new Promise<void>((resolve) => {
      const onRequest = (req: http.IncomingMessage) => {
        if (req.headers['x-request-id'] !== requestId) return;
        server.off('request', onRequest);
        resolve();
      };
      server.on('request', onRequest);
    });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nX-Request-Id: ${requestId}\r\n${headers}\r\n${partialBody}`,
    );
    await received;
    socket.resetAndDestroy();
    const mine = () => lines.filter((l) => l.requestId === requestId);
    await eventually('the request logged', () => mine().some((l) => l.msg === 'request'), { intervalMs: 10 });
    return mine();
  }

  it.each([
    ['a JSON body', '/v1/extractors', 'Content-Type: application/json\r\nContent-Length: 10000\r\n', '{"name": "half'],
    [
      'a multipart upload',
      '/v1/documents',
      'Content-Type: multipart/form-data; boundary=zz\r\nContent-Length: 10000\r\n',
      '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 ',
    ],
    [
      'a chunked body',
      '/api/email-ingestion/config',
      'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n',
      '5\r\n{"ema\r\n',
    ],
  ])('is logged below error level: %s', async (_label, path, headers, body) => {
    const mine = await hangUp(path, headers, body);
    expect(
      mine.filter((l) => l.level >= ERROR_LEVEL),
      JSON.stringify(mine),
    ).toEqual([]);
    expect(mine.map((l) => l.msg)).toContain('client closed the connection before the answer');
    // The daemon goes on answering.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });

  it('a real internal error is still logged at error level (the check tells the two apart)', async () => {
    const requestId = 'broken-db-call';
    const original = api.intake.extractors.list.bind(api.intake.extractors);
    api.intake.extractors.list = () => Promise.reject(new Error('database went away'));
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v1/extractors`, {
        headers: { authorization: `Bearer ${key}`, 'x-request-id': requestId },
      });
      expect(res.status).toBe(500);
    } finally {
      api.intake.extractors.list = original;
    }
    expect(lines.filter((l) => l.requestId === requestId && l.level >= ERROR_LEVEL).map((l) => l.msg)).toEqual([
      'request failed',
    ]);
  });
});
