/**
 * A first start whose database cannot be created stops with one line naming the directory and why,
 * and leaves nothing half-made: the database is created in a process of its own, in a staging
 * directory renamed into place once migrated (daemon/src/runtime/create-database.ts). That a first
 * start creates, migrates and serves is first-start.test.ts's business.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli.js';
import { makeTempDir, PROCESS_TEST_TIMEOUT_MS, spawnIntake, useProcessCleanup } from '../support/processes.js';
import { eventually } from '../support/wait.js';

useProcessCleanup();

const START_ENV = { HTTP_HOST: '127.0.0.1', HTTP_PORT: '0', SMTP_HOST: '127.0.0.1', SMTP_PORT: '0' };

/** The processes `pid` has forked (Linux). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
    .map(Number);
}

describe('a first start that cannot create its database', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('names the directory when DATA_DIR/pglite is a file or a directory of other files, touches neither, and can be tried again', async () => {
    const fileDir = makeTempDir('intake-create-file-');
    fs.writeFileSync(path.join(fileDir, 'pglite'), 'not a database');
    const foreignDir = makeTempDir('intake-create-foreign-');
    fs.mkdirSync(path.join(foreignDir, 'pglite'));
    fs.writeFileSync(path.join(foreignDir, 'pglite', 'notes.txt'), 'mine');

    for (const [dataDir, reason] of [
      [fileDir, /^ENOTDIR: not a directory, scandir '.+'$/],
      [
        foreignDir,
        /^the directory is not empty and holds no PGlite database \(no PG_VERSION\): move it away or point DATA_DIR elsewhere$/,
      ],
    ] as const) {
      const prefix = `intake: Could not create the database in ${path.join(dataDir, 'pglite')}: `;
      // Twice: the failed start let go of the data directory (the second would say it is in use).
      for (let attempt = 0; attempt < 2; attempt++) {
        const result = await runInProcess(['start'], { ...START_ENV, DATA_DIR: dataDir });
        expect(result.code, result.stderr).toBe(1);
        const lines = result.stderr.split('\n').filter(Boolean);
        expect(lines, result.stderr).toHaveLength(1);
        expect(lines[0]!.startsWith(prefix), result.stderr).toBe(true);
        expect(lines[0]!.slice(prefix.length)).toMatch(reason);
        expect(result.stdout).not.toMatch(/sk_(live|test)_/);
      }
    }
    expect(fs.readFileSync(path.join(fileDir, 'pglite'), 'utf8')).toBe('not a database');
    expect(fs.readdirSync(path.join(foreignDir, 'pglite'))).toEqual(['notes.txt']);
  });

  it.runIf(process.platform === 'linux')(
    'says so when the process creating it dies, and leaves no database behind',
    async () => {
      const dataDir = makeTempDir('intake-create-killed-');
      const daemon = spawnIntake(['start'], { ...START_ENV, DATA_DIR: dataDir, LOG_LEVEL: 'info' });
      let creator: number | undefined;
      await eventually('the daemon to fork the process that creates its database', () => {
        if (daemon.hasExited()) throw new Error(`the daemon exited:\n${daemon.stderr()}`);
        creator = childrenOf(daemon.pid)[0];
        return creator !== undefined;
      });
      process.kill(creator!, 'SIGKILL');
      const exit = await daemon.exited;
      expect(exit, daemon.stderr()).toEqual({ code: 1, signal: null });
      expect(daemon.stderr()).toBe(
        `intake: Could not create the database in ${path.join(dataDir, 'pglite')}: the process creating it ended (SIGKILL)\n`,
      );
      // Neither a database a restart would open half-made, nor its staging directory.
      expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('pglite'))).toEqual([]);
    },
  );
});
