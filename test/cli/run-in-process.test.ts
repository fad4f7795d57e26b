/**
 * `run(argv, io)` of daemon/src/cli/main.ts, the CLI without a process of its own: it writes only to
 * the io it is given, reads the settings from io.env, returns the exit code instead of exiting, and
 * keeps concurrent invocations apart.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli.js';
import { REPO_ROOT, singleJsonLine, useProcessCleanup } from '../support/processes.js';

useProcessCleanup();

const { version } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'daemon', 'package.json'), 'utf8')) as {
  version: string;
};

describe('intake run in the test process', () => {
  it('returns 0 for --version and --help, printing them on its stdout', async () => {
    const [shown, help] = await Promise.all([runInProcess(['--version'], {}), runInProcess(['--help'], {})]);
    expect(shown).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: intake \[options\] \[command\]/);
    expect(help.stdout).toMatch(/^ {2}orgs\b/m);
  });

  it('returns 1 for a usage error, with the message and the usage on its stderr only', async () => {
    const [plan, unknown, scope] = await Promise.all([
      runInProcess(['orgs', 'create', '--name', 'A', '--plan', 'gold'], {}),
      runInProcess(['nope'], {}),
      runInProcess(['keys', 'create', '--org', 'org_x', '--scopes', 'x:y', '--environment', 'live'], {}),
    ]);
    expect(plan).toMatchObject({ code: 1, stdout: '' });
    expect(plan.stderr).toMatch(/^error: option '--plan <plan>' argument 'gold' is invalid/);
    expect(plan.stderr).toContain('Usage: intake orgs create');
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toMatch(/^error: unknown command 'nope'/);
    expect(scope).toMatchObject({ code: 1, stdout: '' });
    expect(scope.stderr).toMatch(/^intake: unknown scope "x:y"; valid scopes: /);
  });

  it('reads its settings from the io it is given, and reports a command’s exit code', async () => {
    // DATABASE_URL only in io.env (never in this process's environment): status must try PostgreSQL.
    expect(process.env.DATABASE_URL).toBeUndefined();
    const url = 'postgres://intake@127.0.0.1:1/intake';
    const down = await runInProcess(['status', '--json'], { DATABASE_URL: url });
    expect(down.code).toBe(1);
    // The kind status names is the URL's scheme.
    const kind = new URL(url).protocol.slice(0, -1);
    expect(singleJsonLine(down.stdout)).toMatchObject({ version, database: { kind, reachable: false } });
  });
});
