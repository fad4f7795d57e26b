import { describe, expect, it } from 'vitest';
import { invoiceExtractor } from '../support/api-harness.js';
import { runInProcess, runInProcessOk } from '../support/cli.js';
import { createPostgresDatabase } from '../support/databases.js';
import {
  api,
  hasKeyShape,
  makeMigratedDataDir,
  makeTempDir,
  runCliOk,
  singleJsonLine,
  startDaemon,
  useProcessCleanup,
  type CliResult,
  type Env,
  PROCESS_TEST_TIMEOUT_MS,
} from '../support/processes.js';
import { eventually } from '../support/wait.js';

useProcessCleanup();

interface CreatedKey {
  id: string;
  org_id: string;
  name: string;
  environment: string;
  scopes: string[];
  key_prefix: string;
  key: string;
  [other: string]: unknown;
}

const keysCreate = (org: string, scopes = 'extractors:read') => [
  'keys',
  'create',
  '--org',
  org,
  '--scopes',
  scopes,
  '--environment',
  'live',
  '--json',
];

async function createOrg(env: Env): Promise<string> {
  const { stdout } = await runInProcessOk(['orgs', 'create', '--name', 'Keys Inc', '--plan', 'starter', '--json'], env);
  return singleJsonLine<{ org_id: string }>(stdout).org_id;
}

function expectReadOnlyKey(result: CliResult, org: string): CreatedKey {
  expect(result.stderr).toBe('');
  const created = singleJsonLine<CreatedKey>(result.stdout);
  expect(created).toMatchObject({
    org_id: org,
    environment: 'live',
    scopes: ['extractors:read'],
    revoked_at: null,
    expires_at: null,
  });
  expect(created.id).toMatch(/^key_/);
  expect(hasKeyShape(created.key, 'live'), created.key).toBe(true);
  expect(created.key.startsWith(created.key_prefix)).toBe(true);
  expect(created).not.toHaveProperty('key_hash');
  return created;
}

/** The key authenticates, may read extractors, and may not write them. */
async function expectOnlyReadScope(httpUrl: string, key: string): Promise<void> {
  const read = await api(httpUrl, 'GET', '/v1/extractors', { key });
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  expect(read.headers.get('x-ratelimit-limit')).toBe('60');

  const write = await api(httpUrl, 'POST', '/v1/extractors', { key, body: invoiceExtractor() });
  expect(write.status, JSON.stringify(write.body)).toBe(403);
  expect(write.body.error.code).toBe('insufficient_permissions');
  expect(write.body.error.message).toContain('extractors:write');
}

function expectFailure(result: CliResult, pattern: RegExp): void {
  expect(result.code, result.stderr).not.toBe(0);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(pattern);
}

const UNKNOWN_SCOPE = /^intake: unknown scope "documents:fly"; valid scopes: .*extractors:read/;
const UNKNOWN_ORG = /^intake: Organization org_doesnotexist was not found/;

describe('intake keys create on PGlite (DATA_DIR)', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('creates a key holding only the given scope, directly and through the running daemon', async () => {
    // Not a first start (orgs-create.test.ts has the CLI make a new directory): a migrated copy.
    const dataDir = makeMigratedDataDir('intake-keys-');
    const env = { DATA_DIR: dataDir };
    const org = await createOrg(env);

    // No daemon: the CLI opens the data directory itself.
    const direct = expectReadOnlyKey(await runCliOk(keysCreate(org), env), org);

    const daemon = await startDaemon(env);
    // From here on in this process (test/support/cli.ts), through the daemon's admin socket.
    const routed = expectReadOnlyKey(await runInProcessOk(keysCreate(org), env), org);
    // The daemon logs the request as it answers; its pipe to this process may deliver the line later.
    await eventually('the daemon to log the admin request', () => daemon.stdout().includes('"path":"/admin/keys"'));
    expect(routed.id).not.toBe(direct.id);
    expect(routed.key).not.toBe(direct.key);

    await expectOnlyReadScope(daemon.httpUrl, direct.key);
    await expectOnlyReadScope(daemon.httpUrl, routed.key);

    // Errors come back through the daemon's admin socket.
    const [badScope, badOrg] = await Promise.all([
      runInProcess(keysCreate(org, 'extractors:read,documents:fly'), env),
      runInProcess(keysCreate('org_doesnotexist'), env),
    ]);
    expectFailure(badScope, UNKNOWN_SCOPE);
    expectFailure(badOrg, UNKNOWN_ORG);
  });
});

describe('intake keys create on PostgreSQL (DATABASE_URL)', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('creates a working read-only key and rejects an unknown scope or organization', async () => {
    const env = { DATA_DIR: makeTempDir('intake-keys-pg-'), DATABASE_URL: await createPostgresDatabase() };
    const org = await createOrg(env);
    const [created, badScope, badOrg] = await Promise.all([
      runInProcessOk(keysCreate(org), env),
      runInProcess(keysCreate(org, 'extractors:read,documents:fly'), env),
      runInProcess(keysCreate('org_doesnotexist'), env),
    ]);
    const key = expectReadOnlyKey(created, org);
    expectFailure(badScope, UNKNOWN_SCOPE);
    expectFailure(badOrg, UNKNOWN_ORG);

    const daemon = await startDaemon(env);
    await expectOnlyReadScope(daemon.httpUrl, key.key);
  });

  it('rejects a missing or unknown --environment before touching the database', async () => {
    const env = { DATA_DIR: makeTempDir('intake-keys-bad-') };
    const [none, staging] = await Promise.all([
      runInProcess(['keys', 'create', '--org', 'org_x', '--scopes', 'extractors:read', '--json'], env),
      runInProcess(
        ['keys', 'create', '--org', 'org_x', '--scopes', 'extractors:read', '--environment', 'staging', '--json'],
        env,
      ),
    ]);
    expectFailure(none, /required option '--environment <env>' not specified/);
    expectFailure(staging, /'staging' is invalid.*Allowed choices are test, live/);
  });
});
