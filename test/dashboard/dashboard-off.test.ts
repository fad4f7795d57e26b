/**
 * DASHBOARD=off on a whole daemon started in this process (the composition root's `startDaemon`, as
 * test/daemon/operator-logs.test.ts does): what is checked is the routes it serves, not the process.
 */
import { describe, expect, it } from 'vitest';
import { ConfigSchema, createLogger, resolveConfig, startDaemon } from '@intake/daemon';
import { createPostgresDatabase } from '../support/databases.js';
import { callApi } from '../support/http.js';
import { makeTempDir, removeTempDirs, PROCESS_TEST_TIMEOUT_MS } from '../support/processes.js';

describe('DASHBOARD=off', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('serves neither the dashboard nor its sign-in, and session cookies authenticate nothing; the API is unchanged', async () => {
    const config = resolveConfig(
      ConfigSchema.parse({
        DASHBOARD: 'off',
        DATABASE_URL: await createPostgresDatabase(),
        DATA_DIR: makeTempDir('intake-dashboard-off-'),
        HTTP_HOST: '127.0.0.1',
        HTTP_PORT: '0',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: '0',
      }),
    );
    let banner = '';
    const daemon = await startDaemon(config, {
      logger: createLogger({ level: 'silent', format: 'json' }),
      announce: (text) => (banner += text),
    });
    try {
      const key = /test key: +(sk_test_\S+)/.exec(banner)![1]!;
      for (const path of ['/', '/documents', '/assets/app.js']) {
        const res = await callApi(daemon.httpUrl, 'GET', path, { headers: { accept: 'text/html' } });
        expect(res.status, path).toBe(404);
        expect(res.body.error.code).toBe('not_found');
      }
      const signIn = await callApi(daemon.httpUrl, 'POST', '/session', { body: { api_key: key } });
      expect(signIn.status).toBe(404);
      expect(signIn.headers.get('set-cookie')).toBeNull();
      const byCookie = await callApi(daemon.httpUrl, 'GET', '/v1/extractors', {
        headers: { cookie: `intake_session=${'a'.repeat(43)}` },
      });
      expect(byCookie.status).toBe(401);
      expect(byCookie.body.error.code).toBe('missing_authorization');
      expect((await callApi(daemon.httpUrl, 'GET', '/v1/extractors', { key })).status).toBe(200);
    } finally {
      await daemon.stop();
      await removeTempDirs();
    }
  });
});
