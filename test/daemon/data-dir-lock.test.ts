import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runInProcessOk } from '../support/cli.js';
import {
  api,
  runCli,
  singleJsonLine,
  startDaemon,
  makeMigratedDataDir,
  useProcessCleanup,
  PROCESS_TEST_TIMEOUT_MS,
} from '../support/processes.js';
import { eventually } from '../support/wait.js';

useProcessCleanup();

describe('the data-directory lock (PGlite)', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('refuses a second daemon on the same DATA_DIR, and leaves no stale lock after SIGKILL', async () => {
    // Not a first start: a copy of the run's migrated, empty data directory (makeMigratedDataDir).
    const dataDir = makeMigratedDataDir('intake-lock-');
    const realDir = fs.realpathSync(dataDir);
    const env = { DATA_DIR: dataDir };

    const first = await startDaemon(env);

    // A second daemon on the same directory stops at once, naming the directory and the holder.
    const second = await runCli(['start'], { ...env, HTTP_PORT: '0', HTTP_HOST: '127.0.0.1' }, { timeoutMs: 60_000 });
    expect(second.code, second.stderr).not.toBe(0);
    expect(second.signal).toBeNull();
    expect(second.stderr).toContain(`The data directory ${realDir} is in use`);
    expect(second.stderr).toContain(`(pid ${first.pid})`);
    expect(second.stdout).not.toMatch(/sk_(live|test)_/);
    // ...and did no harm to the first.
    expect(first.hasExited()).toBe(false);
    expect((await api(first.httpUrl, 'GET', '/readyz')).status).toBe(200);

    // Data written through the running daemon (the CLI, in this process, goes through its admin
    // socket as the bin does; cli/orgs-create.test.ts spawns the bin)...
    const { stdout } = await runInProcessOk(
      ['orgs', 'create', '--name', 'Survivor', '--plan', 'starter', '--json'],
      env,
    );
    const org = singleJsonLine<{ org_id: string; live_key: string }>(stdout);
    // The daemon logs the request as it answers; its pipe to this process may deliver the line later.
    await eventually('the daemon to log the admin request', () =>
      first.stdout().includes('"path":"/admin/orgs","status":201'),
    );
    // (The key is not used before the kill: that a restart keeps serving an organization that called
    // the API in the same minute is first-start.test.ts's business, not the lock's.)

    // ...survives the daemon being killed outright.
    const killed = await first.stop('SIGKILL');
    expect(killed.signal).toBe('SIGKILL');

    // A new daemon takes the directory on its first try: no stale lock, no manual cleanup.
    const restarted = await startDaemon(env);
    expect(restarted.stderr()).toBe('');
    // No new default organization: the database is the old one.
    expect(restarted.stdout()).not.toMatch(/sk_(live|test)_/);
    const res = await api(restarted.httpUrl, 'GET', '/v1/extractors', { key: org.live_key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('60');
  });
});
