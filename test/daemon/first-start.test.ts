import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '@intake/storage-sql';
import { createPostgresDatabase } from '../support/databases.js';
import {
  api,
  awaitRoomInMinute,
  hasKeyShape,
  makeTempDir,
  startDaemon,
  useProcessCleanup,
  type DaemonProcess,
  PROCESS_TEST_TIMEOUT_MS,
} from '../support/processes.js';
import { eventually } from '../support/wait.js';

useProcessCleanup();

const BANNER = 'Intake created a default organization on this first start';

interface Banner {
  org_id: string;
  live_key: string;
  test_key: string;
}

/** The one-time banner's organization and keys, or null when there is none. Fails on two banners. */
function parseBanner(stdout: string): Banner | null {
  const count = stdout.split(BANNER).length - 1;
  expect(count, stdout).toBeLessThanOrEqual(1);
  if (count === 0) return null;
  const org = /^ {2}organization: (org_\S+)$/m.exec(stdout)?.[1];
  const live = /^ {2}live key: +(sk_live_\S+)$/m.exec(stdout)?.[1];
  const test = /^ {2}test key: +(sk_test_\S+)$/m.exec(stdout)?.[1];
  expect({ org, live, test }, stdout).toEqual({
    org: expect.any(String),
    live: expect.any(String),
    test: expect.any(String),
  });
  // Each key is printed exactly once.
  expect(stdout.split(live!).length - 1).toBe(1);
  expect(stdout.split(test!).length - 1).toBe(1);
  return { org_id: org!, live_key: live!, test_key: test! };
}

/**
 * A first start says what it is doing (it takes seconds: a new database, migrations): each step is
 * logged in order with the time since start.
 */
function expectStartupSteps(stdout: string): void {
  const all = stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg: string; startup_ms?: number });
  expect(all[0]?.msg).toMatch(/^starting intake \d+\.\d+\.\d+: loading the daemon$/);
  const steps = all.filter((m) => m.startup_ms !== undefined);
  const order = [
    /^opening the database \(PGlite in .+\) and applying migrations$/,
    /^database ready, migrations applied$/,
    /^document reader ready \(OCR worker threads/,
    /^listening for HTTP on 127\.0\.0\.1:0 and SMTP on 127\.0\.0\.1:0$/,
    /^intake daemon started$/,
  ];
  expect(steps.map((s) => s.msg)).toEqual(order.map((re) => expect.stringMatching(re)));
  console.log(`daemon to ready: ${steps.at(-1)!.startup_ms} ms after startDaemon() (first start, new PGlite database)`);
}

/** MB of a `VmHWM:` / `VmRSS:` line of /proc/PID/status (Linux). */
function statusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)\s*kB/.exec(line ?? '')?.[1]) / 1024;
}

/**
 * The daemon creates a new database in a process of its own (daemon/src/runtime/create-database.ts),
 * so its own high-water mark never holds what PostgreSQL's initdb inside PGlite took: about 800 MB
 * when it did, 260 to 310 MB measured now on a first start as on a restart
 * (test/bench/memory/start.ts). 500 MB is far from both.
 */
const FIRST_START_HWM_MB = 500;

async function expectKeysWork(httpUrl: string, banner: Banner, context = ''): Promise<void> {
  for (const key of [banner.live_key, banner.test_key]) {
    const res = await api(httpUrl, 'GET', '/v1/extractors', { key });
    expect(res.status, `${context}${JSON.stringify(res.body)}`).toBe(200);
    // The default organization is on plan business.
    expect(res.headers.get('x-ratelimit-limit')).toBe('500');
  }
}

/** Waits until `n` sessions on the database wait for a lock (heavyweight or advisory). */
async function waitForWaitingBackends(databaseUrl: string, n: number, timeoutMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    let waiting = 0;
    const count = async () => {
      const { rows } = await client.query<{ n: string }>(
        "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      waiting = Number(rows[0]!.n);
      return waiting >= n;
    };
    await eventually(() => `only ${waiting} of ${n} daemons reached the migration`, count, {
      timeoutMs,
      intervalMs: 25,
    });
  } finally {
    await client.end();
  }
}

describe('first start', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('on an empty PGlite data directory logs each step in order and prints a default organization and two keys once; after a restart none, and the keys keep working', async () => {
    const env = { DATA_DIR: makeTempDir('intake-first-') };
    // What a creation stopped half-way leaves (runtime/create-database.ts): cleared, never opened.
    const staging = path.join(env.DATA_DIR, 'pglite.new');
    fs.mkdirSync(staging);
    fs.writeFileSync(path.join(staging, 'PG_VERSION'), 'half-made\n');

    const daemon = await startDaemon(env);
    expectStartupSteps(daemon.stdout());
    if (process.platform === 'linux') {
      const hwm = statusMb(daemon.pid, 'VmHWM');
      console.log(
        `first start: daemon VmHWM ${Math.round(hwm)} MB, VmRSS ${Math.round(statusMb(daemon.pid, 'VmRSS'))} MB`,
      );
      expect(hwm).toBeLessThan(FIRST_START_HWM_MB);
    }
    expect(fs.existsSync(staging)).toBe(false);
    expect(fs.readFileSync(path.join(env.DATA_DIR, 'pglite', 'PG_VERSION'), 'utf8')).toMatch(/^\d+\n$/);
    // Keep the calls below and the restart in one rate-limit window (when the machine is not too slow).
    await awaitRoomInMinute(25);
    const banner = parseBanner(daemon.stdout());
    expect(banner).not.toBeNull();
    expect(hasKeyShape(banner!.live_key, 'live')).toBe(true);
    expect(hasKeyShape(banner!.test_key, 'test')).toBe(true);
    await expectKeysWork(daemon.httpUrl, banner!);
    // The keys go to stdout only, not into the logs on stderr.
    expect(daemon.stderr()).not.toContain(banner!.live_key);

    const stopped = await daemon.stop('SIGTERM');
    expect(stopped).toEqual({ code: 0, signal: null });

    const again = await startDaemon(env);
    expect(again.stdout()).not.toContain(BANNER);
    expect(again.stdout()).not.toMatch(/sk_(live|test)_/);
    // Within the same minute as the calls above: a restart must not leave the organization rate-limited.
    await expectKeysWork(
      again.httpUrl,
      banner!,
      'the restarted daemon refuses keys the previous one served a moment ago: ',
    );
  });

  it('two daemons starting together on one empty PostgreSQL database: both come up, one organization, migrations once', async () => {
    const databaseUrl = await createPostgresDatabase({ migrated: false });
    // Process start-up times vary by a second, so hold both at the door to make them migrate at the
    // same moment: an uncommitted `create table intake_migrations` makes whichever daemon reaches its
    // own create wait, and the other wait for it (on the advisory lock, or without one on the same
    // create). Once both wait, roll back and let them race.
    const [a, b] = await startTwoDaemonsAtOnce(databaseUrl, 'create table intake_migrations (id integer primary key)');
    await expectOneDefaultOrganization(databaseUrl, a, b);
    await withClient(databaseUrl, async (client) => {
      const migrations = await client.query<{ id: number; name: string }>(
        'select id, name from intake_migrations order by id',
      );
      expect(migrations.rows).toEqual(MIGRATIONS.map((m) => ({ id: m.id, name: m.name })));
    });
  });

  it('two daemons reaching the first-start check together on a migrated, empty database create one organization', async () => {
    const databaseUrl = await createPostgresDatabase();
    // Both daemons wait at `count(organizations)` (one behind the bootstrap lock), then race.
    const [a, b] = await startTwoDaemonsAtOnce(databaseUrl, 'lock table organizations in access exclusive mode');
    await expectOneDefaultOrganization(databaseUrl, a, b);
  });
});

/**
 * Starts two daemons on one database while a transaction running `gateSql` holds them back; once both
 * wait for a lock, rolls it back so they proceed at the same moment.
 */
async function startTwoDaemonsAtOnce(databaseUrl: string, gateSql: string): Promise<[DaemonProcess, DaemonProcess]> {
  const gate = new pg.Client({ connectionString: databaseUrl });
  await gate.connect();
  await gate.query('begin');
  await gate.query(gateSql);
  const starting = Promise.all([
    startDaemon({ DATABASE_URL: databaseUrl, DATA_DIR: makeTempDir('intake-first-a-') }),
    startDaemon({ DATABASE_URL: databaseUrl, DATA_DIR: makeTempDir('intake-first-b-') }),
  ]);
  starting.catch(() => {}); // awaited below; keeps an early failure from being "unhandled"
  try {
    await waitForWaitingBackends(databaseUrl, 2, 90_000);
  } finally {
    await gate.query('rollback');
    await gate.end();
  }
  const [a, b] = await starting;
  expect(a.httpUrl).not.toBe(b.httpUrl);
  return [a, b];
}

/** Exactly one of the daemons printed the banner; its keys work on both; the database has one org with two keys. */
async function expectOneDefaultOrganization(databaseUrl: string, a: DaemonProcess, b: DaemonProcess): Promise<void> {
  const banners = [parseBanner(a.stdout()), parseBanner(b.stdout())].filter((x): x is Banner => x !== null);
  expect(banners).toHaveLength(1);
  await expectKeysWork(a.httpUrl, banners[0]!);
  await expectKeysWork(b.httpUrl, banners[0]!);
  await withClient(databaseUrl, async (client) => {
    const orgs = await client.query<{ id: string; name: string }>('select id, name from organizations');
    expect(orgs.rows).toEqual([{ id: banners[0]!.org_id, name: 'Default organization' }]);
    const keys = await client.query<{ n: string }>('select count(*) as n from api_keys');
    expect(Number(keys.rows[0]!.n)).toBe(2);
  });
}

async function withClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
