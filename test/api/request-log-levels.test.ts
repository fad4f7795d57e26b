/**
 * Request lines and monitors (docs/operations.md, Logs): every request has its `request` line, at
 * `info`, but a monitor's probe that succeeds (`/healthz`, `/readyz`, `/metrics` below 400) is
 * written at `debug`, so that a liveness probe every second does not fill the log; a probe that
 * fails is written at `info`. The API over the harness's services, with a logger keeping every line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from '../support/api-harness.js';
import { eventually } from '../support/wait.js';
import { serveLoggedApp, type LoggedApp } from './logged-app.js';

const DEBUG = 20;
const INFO = 30;

describe('request lines of monitors', () => {
  let api: ApiHarness;
  let app: LoggedApp;
  let key: string;
  let databaseAnswers = true;

  beforeAll(async () => {
    api = await startApi('pglite');
    key = (await api.createOrg()).live_key;
    app = await serveLoggedApp(api, async () => {
      if (!databaseAnswers) throw new Error('connection refused');
      await api.db.storage.ping();
    });
  });
  afterAll(async () => {
    await app.close();
    await api.close();
  });

  /** Sends one GET; resolves with its status and the level of its request line. */
  async function levelOf(path: string, headers: Record<string, string> = {}): Promise<[number, number]> {
    const requestId = `probe-${Math.random().toString(36).slice(2)}`;
    const res = await fetch(`${app.base}${path}`, { headers: { 'x-request-id': requestId, ...headers } });
    await res.arrayBuffer();
    const line = await eventually(
      'the request logged',
      () => app.lines.find((l) => l.requestId === requestId && l.msg === 'request') ?? null,
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
