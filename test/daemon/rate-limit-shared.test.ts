import { describe, expect, it } from 'vitest';
import { runInProcessOk } from '../support/cli.js';
import { createPostgresDatabase } from '../support/databases.js';
import {
  api,
  awaitRoomInMinute,
  makeTempDir,
  singleJsonLine,
  startDaemon,
  useProcessCleanup,
  PROCESS_TEST_TIMEOUT_MS,
} from '../support/processes.js';

useProcessCleanup();

describe('rate limits shared by daemons on one PostgreSQL database', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('counts an organization’s requests across both daemons: 10 of 12 pass on plan free', async () => {
    const databaseUrl = await createPostgresDatabase();
    const [a, b] = await Promise.all([
      startDaemon({ DATABASE_URL: databaseUrl, DATA_DIR: makeTempDir('intake-rl-a-') }),
      startDaemon({ DATABASE_URL: databaseUrl, DATA_DIR: makeTempDir('intake-rl-b-') }),
    ]);
    const { stdout } = await runInProcessOk(['orgs', 'create', '--name', 'R', '--plan', 'free', '--json'], {
      DATABASE_URL: databaseUrl,
      DATA_DIR: makeTempDir('intake-rl-cli-'),
    });
    const { live_key: key } = singleJsonLine<{ live_key: string }>(stdout);

    await awaitRoomInMinute(15);
    // Six requests to each daemon, all at once.
    const responses = await Promise.all(
      [a, b].flatMap((daemon) =>
        Array.from({ length: 6 }, () => api(daemon.httpUrl, 'GET', '/v1/extractors', { key })),
      ),
    );

    // All twelve fell into one window (else the minute boundary, not the limiter, would decide).
    expect(new Set(responses.map((r) => r.headers.get('x-ratelimit-reset'))).size).toBe(1);
    const ok = responses.filter((r) => r.status === 200);
    const limited = responses.filter((r) => r.status === 429);
    expect(responses.map((r) => r.status).sort()).toEqual([...Array<number>(10).fill(200), 429, 429]);
    expect(ok).toHaveLength(10);
    for (const res of responses) expect(res.headers.get('x-ratelimit-limit')).toBe('10');
    for (const res of limited) {
      expect(res.body.error.code).toBe('rate_limit_exceeded');
      expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(
        Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60,
        `Retry-After ${res.headers.get('retry-after')}`,
      ).toBe(true);
    }
    // The remaining counts the successes saw are 9..0, each once: one shared counter, not two.
    expect(ok.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((x, y) => x - y)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });
});
