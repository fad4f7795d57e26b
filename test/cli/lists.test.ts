/**
 * `intake orgs list`, `intake keys list`, `intake keys revoke` and `intake webhooks list`: first
 * straight on the data directory (no daemon), then through a running daemon's admin socket. A list
 * shows key prefixes and never a secret; a revoked key is refused by the API at once. The commands
 * run in the test's process (test/support/cli.ts) but for one spawned `intake orgs list`, which keeps
 * the shipped bin's path through the admin socket covered.
 */
import { describe, expect, it } from 'vitest';
import { runInProcess, runInProcessOk } from '../support/cli.js';
import {
  api,
  makeMigratedDataDir,
  PROCESS_TEST_TIMEOUT_MS,
  runCliOk,
  singleJsonLine,
  startDaemon,
  useProcessCleanup,
} from '../support/processes.js';

useProcessCleanup();

interface KeyRow {
  id: string;
  environment: string;
  key_prefix: string;
  revoked_at: string | null;
}

describe('intake orgs list, keys list/revoke, webhooks list', { timeout: PROCESS_TEST_TIMEOUT_MS * 2 }, () => {
  it('lists organizations and keys, revokes a key, and prints webhook endpoints as a table unless --json', async () => {
    // Migrated and empty: what is checked is listing, not creating the database.
    const dataDir = makeMigratedDataDir('intake-lists-');
    const env = { DATA_DIR: dataDir, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' };

    // No daemon: the CLI opens the database itself.
    const created = singleJsonLine<{ org_id: string; live_key: string; test_key: string }>(
      (
        await runInProcessOk(
          ['orgs', 'create', '--name', 'Acme Ltd', '--plan', 'starter', '--credits', '25', '--json'],
          env,
        )
      ).stdout,
    );
    const direct = singleJsonLine<{ organizations: { id: string; name: string; plan: string; credits: number }[] }>(
      (await runInProcessOk(['orgs', 'list', '--json'], env)).stdout,
    );
    expect(direct.organizations).toEqual([
      expect.objectContaining({ id: created.org_id, name: 'Acme Ltd', plan: 'starter', credits: 25 }),
    ]);

    // With a daemon holding the data directory, the same commands go through its admin socket.
    const daemon = await startDaemon(env);
    const table = (await runCliOk(['orgs', 'list'], env)).stdout.split('\n');
    expect(table[0]).toMatch(/^ID\s+NAME\s+PLAN\s+CREDITS\s+CREATED$/);
    const acme = table.find((l) => l.startsWith(created.org_id));
    expect(acme).toMatch(new RegExp(`^${created.org_id}\\s+Acme Ltd\\s+starter\\s+25\\s+\\d{4}-`));
    // An organization existed before the first daemon start, so it created no default one.
    expect(table.filter((l) => /^org_/.test(l))).toHaveLength(1);

    const keys = singleJsonLine<{ keys: KeyRow[] }>(
      (await runInProcessOk(['keys', 'list', '--org', created.org_id, '--json'], env)).stdout,
    ).keys;
    expect(keys.map((k) => k.environment).sort()).toEqual(['live', 'test']);
    const live = keys.find((k) => k.environment === 'live')!;
    expect(created.live_key.startsWith(live.key_prefix)).toBe(true);
    const keyTable = (await runInProcessOk(['keys', 'list', '--org', created.org_id], env)).stdout;
    expect(keyTable).toMatch(/^ID\s+NAME\s+ENV\s+PREFIX\s+STATUS\s+LAST USED\s+SCOPES$/m);
    expect(keyTable).toMatch(new RegExp(`^${live.id}\\s+.*\\s+live\\s+${live.key_prefix}\\s+active\\s`, 'm'));
    // Never a secret: only the prefixes appear.
    expect(keyTable).not.toContain(created.live_key);
    expect(keyTable).not.toContain(created.test_key);

    expect((await api(daemon.httpUrl, 'GET', '/v1/extractors', { key: created.live_key })).status).toBe(200);
    const revoked = await runInProcessOk(['keys', 'revoke', '--org', created.org_id, '--key', live.id], env);
    expect(revoked.stdout).toMatch(
      new RegExp(`^Revoked ${live.id} \\(${live.key_prefix}\\.\\.\\.\\) of ${created.org_id} at \\d{4}-`),
    );
    expect((await api(daemon.httpUrl, 'GET', '/v1/extractors', { key: created.live_key })).status).toBe(401);
    expect((await runInProcessOk(['keys', 'list', '--org', created.org_id], env)).stdout).toMatch(
      new RegExp(`^${live.id}\\s+.*\\s+revoked \\d{4}-`, 'm'),
    );

    expect((await runInProcessOk(['webhooks', 'list', '--org', created.org_id], env)).stdout).toBe(
      `No webhook endpoints for ${created.org_id}.\n`,
    );
    await runInProcessOk(
      [
        'webhooks',
        'create',
        '--org',
        created.org_id,
        '--url',
        'https://127.0.0.1:9/hook',
        '--events',
        'job.completed,job.failed',
        '--description',
        'ERP',
      ],
      env,
    );
    const hooks = (await runInProcessOk(['webhooks', 'list', '--org', created.org_id], env)).stdout.split('\n');
    expect(hooks[0]).toMatch(/^ID\s+STATUS\s+EVENTS\s+URL\s+DESCRIPTION$/);
    expect(hooks[1]).toMatch(/^whe_\w+\s+active\s+job\.completed,job\.failed\s+https:\/\/127\.0\.0\.1:9\/hook\s+ERP$/);
    const json = singleJsonLine<{ endpoints: { url: string; secret?: string }[] }>(
      (await runInProcessOk(['webhooks', 'list', '--org', created.org_id, '--json'], env)).stdout,
    );
    expect(json.endpoints).toEqual([expect.objectContaining({ url: 'https://127.0.0.1:9/hook' })]);
    expect(json.endpoints[0]).not.toHaveProperty('secret');

    // What does not exist is named.
    const noKey = await runInProcess(['keys', 'revoke', '--org', created.org_id, '--key', 'key_nope'], env);
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toMatch(/^intake: .*key_nope/m);
    const noOrg = await runInProcess(['keys', 'list', '--org', 'org_nope'], env);
    expect(noOrg.code).toBe(1);
    expect(noOrg.stderr).toMatch(/^intake: .*org_nope/m);
  });
});
