import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runInProcessOk } from '../support/cli.js';
import { createPostgresDatabase } from '../support/databases.js';
import {
  api,
  makeMigratedDataDir,
  makeTempDir,
  sha256Hex,
  singleJsonLine,
  startDaemon,
  useProcessCleanup,
  PROCESS_TEST_TIMEOUT_MS,
} from '../support/processes.js';

useProcessCleanup();

/** Every row of every table in schema public, as text, per table. */
async function dumpDatabase(databaseUrl: string): Promise<Map<string, string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
    );
    const dump = new Map<string, string>();
    for (const { table_name } of tables.rows) {
      const rows = await client.query(`select * from "${table_name.replaceAll('"', '""')}"`);
      dump.set(table_name, JSON.stringify(rows.rows));
    }
    return dump;
  } finally {
    await client.end();
  }
}

/** The random part of a key: what must not be stored under any prefix or encoding we can think of. */
const secretPart = (key: string) => key.replace(/^sk_(live|test)_/, '');

function expectNoPlaintext(text: string, keys: string[], where: string): void {
  for (const key of keys) {
    expect(text.includes(secretPart(key)), `${where} contains the key ${key}`).toBe(false);
    expect(text.includes(Buffer.from(key).toString('base64')), `${where} contains the key ${key} in base64`).toBe(
      false,
    );
  }
}

describe('API keys are stored only as hashes', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('no table of the PostgreSQL database contains a plaintext key; api_keys.key_hash holds its sha256', async () => {
    const databaseUrl = await createPostgresDatabase();
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: makeTempDir('intake-plain-') };
    const org = singleJsonLine<{ org_id: string; live_key: string; test_key: string }>(
      (
        await runInProcessOk(
          ['orgs', 'create', '--name', 'Hashes', '--plan', 'starter', '--credits', '5', '--json'],
          env,
        )
      ).stdout,
    );
    const extra = singleJsonLine<{ id: string; key: string }>(
      (
        await runInProcessOk(
          ['keys', 'create', '--org', org.org_id, '--scopes', 'extractors:read', '--environment', 'test', '--json'],
          env,
        )
      ).stdout,
    );
    const keys = [org.live_key, org.test_key, extra.key];

    // Use the keys through a daemon too, so last_used_at and the rate-limit windows are written.
    const daemon = await startDaemon(env);
    for (const key of keys) expect((await api(daemon.httpUrl, 'GET', '/v1/extractors', { key })).status).toBe(200);
    // A wrong key must not be recorded anywhere either.
    const wrong = `${org.live_key.slice(0, -4)}AAAA`;
    expect((await api(daemon.httpUrl, 'GET', '/v1/extractors', { key: wrong })).status).toBe(401);

    const dump = await dumpDatabase(databaseUrl);
    expect([...dump.keys()]).toEqual(
      expect.arrayContaining(['api_keys', 'organizations', 'rate_limit_windows', 'intake_migrations']),
    );
    // The dump is not vacuous: the organization and the rate-limit window are in it.
    expect(dump.get('organizations')).toContain(org.org_id);
    expect(dump.get('rate_limit_windows')).toContain(`org:${org.org_id}`);
    for (const [table, text] of dump) expectNoPlaintext(text, [...keys, wrong], `table ${table}`);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const rows = await client.query<{ key_hash: string; key_prefix: string; org_id: string }>(
        'select key_hash, key_prefix, org_id from api_keys where org_id = $1',
        [org.org_id],
      );
      expect(rows.rows.map((r) => r.key_hash).sort()).toEqual(keys.map(sha256Hex).sort());
      for (const row of rows.rows) {
        expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
        expect(row.key_prefix).toHaveLength(12);
      }
    } finally {
      await client.end();
    }

    // Nor do the daemon's logs carry the keys it authenticated (it logs every request at info).
    expect(daemon.stdout()).toContain('"path":"/v1/extractors"');
    expectNoPlaintext(daemon.stdout() + daemon.stderr(), [...keys, wrong], 'the daemon output');
  });

  it('no file of a PGlite data directory contains a plaintext key', async () => {
    const dataDir = makeMigratedDataDir('intake-plain-pglite-');
    const org = singleJsonLine<{ live_key: string; test_key: string }>(
      (await runInProcessOk(['orgs', 'create', '--name', 'Hashes', '--json'], { DATA_DIR: dataDir })).stdout,
    );
    const needles = [org.live_key, org.test_key].map((k) => Buffer.from(secretPart(k)));
    const hashes = [org.live_key, org.test_key].map((k) => Buffer.from(sha256Hex(k)));
    let hashesFound = 0;
    let files = 0;
    for (const entry of fs.readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const content = fs.readFileSync(path.join(entry.parentPath, entry.name));
      files++;
      for (const needle of needles) expect(content.includes(needle), `${entry.parentPath}/${entry.name}`).toBe(false);
      hashesFound += hashes.filter((h) => content.includes(h)).length;
    }
    expect(files).toBeGreaterThan(10);
    // The hashes were written to disk, so the scan would have seen the keys had they been stored.
    expect(hashesFound).toBeGreaterThanOrEqual(2);
  });
});
