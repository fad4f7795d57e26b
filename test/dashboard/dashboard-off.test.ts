import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../support/databases.js';
import { callApi } from '../support/http.js';
import { startDaemon, useProcessCleanup, PROCESS_TEST_TIMEOUT_MS } from '../support/processes.js';

useProcessCleanup();

describe('DASHBOARD=off', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('serves neither the dashboard nor its sign-in, and session cookies authenticate nothing; the API is unchanged', async () => {
    const daemon = await startDaemon({ DASHBOARD: 'off', DATABASE_URL: await createPostgresDatabase() });
    const key = /test key: +(sk_test_\S+)/.exec(daemon.stdout())![1]!;
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
  });
});
