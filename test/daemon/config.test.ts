import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli.js';
import { createPostgresDatabase } from '../support/databases.js';
import {
  freePort,
  httpStatus,
  loggedHttpUrl,
  makeTempDir,
  runCli,
  startDaemon,
  useProcessCleanup,
  type CliResult,
  PROCESS_TEST_TIMEOUT_MS,
} from '../support/processes.js';

useProcessCleanup();

function expectConfigRejected(result: CliResult, setting: RegExp): void {
  expect(result.code, `stdout: ${result.stdout}\nstderr: ${result.stderr}`).not.toBe(0);
  expect(result.signal).toBeNull();
  expect(result.stderr).toMatch(setting);
  // Nothing started: no keys, no "started" line.
  expect(result.stdout).not.toMatch(/sk_(live|test)_|httpUrl/);
}

describe('daemon configuration', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('refuses to start on an invalid setting, naming it', async () => {
    const dataDir = makeTempDir('intake-cfg-bad-');
    const badFile = path.join(makeTempDir('intake-cfg-file-'), 'bad.env');
    fs.writeFileSync(badFile, `DATA_DIR=${dataDir}\nHTTP_PORT=99999\n`);
    // One through the shipped bin (its exit code and stderr); the rest in this process
    // (test/support/cli.ts): `start` validates the settings before it loads the daemon.
    const start = (env: Record<string, string>) => runInProcess(['start'], { DATA_DIR: dataDir, ...env });

    const [port, level, url, fromFile, missingFile] = await Promise.all([
      runCli(['start'], { DATA_DIR: dataDir, HTTP_PORT: 'abc' }, { timeoutMs: 60_000 }),
      start({ HTTP_PORT: '0', LOG_LEVEL: 'loud' }),
      start({ HTTP_PORT: '0', DATABASE_URL: 'mysql://localhost/intake' }),
      start({ INTAKE_CONFIG: badFile }),
      start({ HTTP_PORT: '0', INTAKE_CONFIG: path.join(dataDir, 'nope.env') }),
    ]);
    expectConfigRejected(port, /^intake: Invalid configuration: .*HTTP_PORT/);
    expectConfigRejected(level, /^intake: Invalid configuration: .*LOG_LEVEL/);
    expectConfigRejected(
      url,
      /^intake: Invalid configuration: .*DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
    expectConfigRejected(fromFile, /^intake: Invalid configuration: .*HTTP_PORT/);
    expectConfigRejected(missingFile, /INTAKE_CONFIG names .*nope\.env, which does not exist/);
  });

  it('reads the file named by INTAKE_CONFIG, and environment variables override it', async () => {
    const databaseUrl = await createPostgresDatabase();
    const [filePort, envPort] = [await freePort(), await freePort()];
    const configFile = path.join(makeTempDir('intake-cfg-'), 'intake.env');
    fs.writeFileSync(
      configFile,
      [
        '# dotenv syntax',
        `HTTP_PORT=${filePort}`,
        'HTTP_HOST=127.0.0.1',
        `DATABASE_URL="${databaseUrl}"`,
        `DATA_DIR=${makeTempDir('intake-cfg-data-')}`,
        'LOG_LEVEL=warn',
        "DEFAULT_ORG_NAME='Org From File'",
        '',
      ].join('\n'),
    );

    // Only INTAKE_CONFIG in the environment: every setting comes from the file.
    const fromFile = await startDaemon(
      { INTAKE_CONFIG: configFile },
      { bareEnv: true, httpUrl: `http://127.0.0.1:${filePort}` },
    );
    expect(fromFile.stdout()).not.toContain('"level":30'); // LOG_LEVEL=warn from the file: no info lines
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const orgs = await client.query<{ name: string }>('select name from organizations');
      expect(orgs.rows).toEqual([{ name: 'Org From File' }]);
    } finally {
      await client.end();
    }
    expect(await fromFile.stop('SIGTERM')).toEqual({ code: 0, signal: null });

    // The same file, with HTTP_PORT and LOG_LEVEL in the environment: those win.
    const overridden = await startDaemon(
      { INTAKE_CONFIG: configFile, HTTP_PORT: String(envPort), LOG_LEVEL: 'info' },
      { bareEnv: true, httpUrl: `http://127.0.0.1:${envPort}` },
    );
    expect(loggedHttpUrl(overridden.stdout())).toBe(`http://127.0.0.1:${envPort}`);
    expect(await httpStatus(`http://127.0.0.1:${filePort}/readyz`)).toBe(0);
  });

  it('reads config/intake.env in the working directory when INTAKE_CONFIG is not set', async () => {
    const cwd = makeTempDir('intake-cfg-cwd-');
    const port = await freePort();
    fs.mkdirSync(path.join(cwd, 'config'));
    fs.writeFileSync(
      path.join(cwd, 'config', 'intake.env'),
      `HTTP_PORT=${port}\nHTTP_HOST=127.0.0.1\nDATABASE_URL=${await createPostgresDatabase()}\nDATA_DIR=./data\nLOG_LEVEL=info\n`,
    );
    const daemon = await startDaemon({}, { bareEnv: true, cwd });
    expect(daemon.httpUrl).toBe(`http://127.0.0.1:${port}`);
  });
});
