import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runInProcess, runInProcessOk } from '../support/cli.js';
import { createPostgresDatabase } from '../support/databases.js';
import {
  api,
  hasKeyShape,
  makeTempDir,
  runCliOk,
  singleJsonLine,
  startDaemon,
  useProcessCleanup,
  PROCESS_TEST_TIMEOUT_MS,
} from '../support/processes.js';
import { eventually } from '../support/wait.js';

useProcessCleanup();

const CREATE = ['orgs', 'create', '--name', 'Acme', '--plan', 'starter', '--credits', '25', '--json'];

interface Created {
  org_id: string;
  live_key: string;
  test_key: string;
}

/** The --json output: one line, exactly these three keys, well-formed values. */
function expectCreatedJson(stdout: string): Created {
  const created = singleJsonLine<Created>(stdout);
  expect(Object.keys(created).sort()).toEqual(['live_key', 'org_id', 'test_key']);
  expect(created.org_id).toMatch(/^org_[a-z0-9]+$/);
  expect(hasKeyShape(created.live_key, 'live'), created.live_key).toBe(true);
  expect(hasKeyShape(created.test_key, 'test'), created.test_key).toBe(true);
  expect(created.live_key).not.toBe(created.test_key);
  return created;
}

/** Both keys of the organization call the daemon's API with the starter plan's limit. */
async function expectKeysWork(httpUrl: string, created: Created): Promise<void> {
  for (const key of [created.live_key, created.test_key]) {
    const res = await api(httpUrl, 'GET', '/v1/extractors', { key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('60');
    expect(res.body).toMatchObject({ extractors: [], total: 0 });
  }
}

describe('intake orgs create on PGlite (DATA_DIR)', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('works with no daemon running, then through the running daemon’s admin socket', async () => {
    const dataDir = makeTempDir('intake-orgs-');
    const env = { DATA_DIR: dataDir };

    // 1. No daemon: the CLI takes the data directory and opens PGlite itself.
    const direct = await runCliOk(CREATE, env);
    expect(direct.stderr).toBe('');
    const first = expectCreatedJson(direct.stdout);

    // 2. A daemon on the same data directory (so the CLI released it); the command goes through it
    //    (run in this process from here on: test/support/cli.ts).
    const daemon = await startDaemon(env);
    const routed = await runInProcessOk(CREATE, env);
    expect(routed.stderr).toBe('');
    const second = expectCreatedJson(routed.stdout);
    expect(second.org_id).not.toBe(first.org_id);
    // The daemon served the request on its admin plane.
    // The daemon logs the request as it answers; its pipe to this process may deliver the line later.
    await eventually('the daemon to log the admin request', () => daemon.stdout().includes('"path":"/admin/orgs"'));

    // 3. The new keys work against the running daemon at once, with plan starter's 60/min;
    //    the organization created before the daemon started was persisted too.
    await expectKeysWork(daemon.httpUrl, second);
    await expectKeysWork(daemon.httpUrl, first);

    // Server-side validation errors come back through the admin socket with a clear message.
    const blank = await runInProcess(['orgs', 'create', '--name', '   ', '--json'], env);
    expect(blank.code).not.toBe(0);
    expect(blank.stdout).toBe('');
    expect(blank.stderr).toMatch(/^intake: .*name/);

    expect(daemon.hasExited()).toBe(false);
  });
});

describe('intake orgs create on PostgreSQL (DATABASE_URL)', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('works with no daemon running and while a daemon runs on the same database', async () => {
    const databaseUrl = await createPostgresDatabase();
    const env = { DATA_DIR: makeTempDir('intake-orgs-pg-'), DATABASE_URL: databaseUrl };

    const direct = await runInProcessOk(CREATE, env);
    expect(direct.stderr).toBe('');
    const first = expectCreatedJson(direct.stdout);

    const daemon = await startDaemon(env);
    const whileRunning = await runInProcessOk(CREATE, env);
    expect(whileRunning.stderr).toBe('');
    const second = expectCreatedJson(whileRunning.stdout);
    expect(second.org_id).not.toBe(first.org_id);

    await expectKeysWork(daemon.httpUrl, second);
    await expectKeysWork(daemon.httpUrl, first);

    // --credits 25 became the opening balance; --plan starter was stored.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const orgs = await client.query<{ id: string; name: string; plan: string; rate_limit_per_minute: number | null }>(
        'select id, name, plan, rate_limit_per_minute from organizations where id = any($1)',
        [[first.org_id, second.org_id]],
      );
      expect(orgs.rows).toHaveLength(2);
      for (const row of orgs.rows)
        expect(row).toMatchObject({ name: 'Acme', plan: 'starter', rate_limit_per_minute: null });
      const balances = await client.query<{ org_id: string; balance: string }>(
        'select org_id, balance from credit_balances where org_id = any($1)',
        [[first.org_id, second.org_id]],
      );
      expect(balances.rows.map((r) => Number(r.balance))).toEqual([25, 25]);
    } finally {
      await client.end();
    }
  });
});

describe('intake orgs create with bad input', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('exits non-zero with a clear message on stderr and prints nothing on stdout', async () => {
    const env = { DATA_DIR: makeTempDir('intake-orgs-bad-') };
    const [gold, noName, badCredits] = await Promise.all([
      runInProcess(['orgs', 'create', '--name', 'Acme', '--plan', 'gold', '--json'], env),
      runInProcess(['orgs', 'create', '--plan', 'starter', '--json'], env),
      runInProcess(['orgs', 'create', '--name', 'Acme', '--credits', 'lots', '--json'], env),
    ]);

    expect(gold.code).not.toBe(0);
    expect(gold.stdout).toBe('');
    expect(gold.stderr).toMatch(/'gold' is invalid/);
    expect(gold.stderr).toMatch(/free, starter, professional, business, enterprise/);

    expect(noName.code).not.toBe(0);
    expect(noName.stdout).toBe('');
    expect(noName.stderr).toMatch(/required option '--name <name>' not specified/);

    expect(badCredits.code).not.toBe(0);
    expect(badCredits.stdout).toBe('');
    expect(badCredits.stderr).toMatch(/--credits must be a whole number/);
  });
});
