/**
 * Haraka (npm `Haraka`), installed at run time into a directory outside the repository (not a
 * dependency of the project) and configured here as a durable inbound server: one process (nodes=0,
 * as Intake is one process), rcpt_to.in_host_list for example.test, and a queue plugin written
 * below that answers 250 only once the message is in a file that was fsynced, renamed into place
 * and whose directory was fsynced: the same steps as Intake's FileBlobStore, without a database.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/processes.js';
import {
  DOMAIN,
  makeScratch,
  PREFIX,
  removeScratch,
  stopChild,
  track,
  waitForGreeting,
  type Target,
} from './targets.js';

/** Where Haraka is installed (kept between runs: the install takes a while). */
export const HARAKA_DIR = process.env.BENCH_HARAKA_DIR || path.join(os.tmpdir(), 'haraka-bench');

/**
 * The queue plugin: message_stream to `<spool>/.tmp-<uuid>`, fsync, close, rename to `<uuid>`,
 * fsync the directory, then OK (250). Any failure answers DENYSOFT (451), as Intake does.
 */
const QUEUE_PLUGIN = `// Written by test/bench/smtp/haraka.ts
const fs = require('node:fs')
const path = require('node:path')

exports.register = function () {
    this.spool = process.env.BENCH_HARAKA_SPOOL
    this.register_hook('queue', 'save')
}

exports.save = function (next, connection) {
    const txn = connection.transaction
    if (!txn) return next()
    const tmp = path.join(this.spool, '.tmp-' + txn.uuid)
    const target = path.join(this.spool, txn.uuid)
    let answered = false
    const fail = (err) => {
        if (answered) return
        answered = true
        connection.logerror(this, 'could not store the message: ' + err.message)
        next(DENYSOFT, 'Temporary failure storing the message')
    }
    fs.open(tmp, 'w', 0o600, (err, fd) => {
        if (err) return fail(err)
        const ws = fs.createWriteStream(null, { fd, autoClose: false })
        ws.once('error', fail)
        ws.once('finish', () => {
            fs.fsync(fd, (err) => {
                fs.close(fd, () => {
                    if (err) return fail(err)
                    fs.rename(tmp, target, (err) => {
                        if (err) return fail(err)
                        fs.open(this.spool, 'r', (err, dirFd) => {
                            if (err) return fail(err)
                            fs.fsync(dirFd, (err) => {
                                fs.close(dirFd, () => {
                                    if (err) return fail(err)
                                    answered = true
                                    next(OK)
                                })
                            })
                        })
                    })
                })
            })
        })
        txn.message_stream.pipe(ws, { dot_stuffed: false })
    })
}
`;

const harakaBin = () => path.join(HARAKA_DIR, 'node_modules', 'Haraka', 'bin', 'haraka');

/** The environment of a nested npm: without the npm_* variables of the `npm run` around this bench. */
function npmEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
}

function npmInstall(log: (line: string) => void): { ok: boolean; output: string } {
  const run = spawnSync(
    'npm',
    ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', HARAKA_DIR, 'Haraka'],
    {
      cwd: HARAKA_DIR,
      env: npmEnv(),
      encoding: 'utf8',
      timeout: 600_000,
    },
  );
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}${run.error ? String(run.error) : ''}`;
  if (run.status !== 0)
    log(`npm install Haraka failed (${run.status ?? run.signal ?? run.error}): ${lastLines(output, 4)}`);
  return { ok: run.status === 0 && fs.existsSync(harakaBin()), output };
}

const lastLines = (text: string, n: number) =>
  text
    .split('\n')
    .filter((l) => l.trim() && !/Unknown user config/.test(l))
    .slice(-n)
    .join(' | ');

/**
 * Installs Haraka into HARAKA_DIR unless it is there already. If the registry's metadata names
 * versions it cannot serve (ETARGET: seen here for libmime's pinned libqp and encoding-japanese),
 * it tries once more with libmime pinned to 5.3.7, whose own pins resolve. Returns null or why not.
 */
export function ensureHaraka(log: (line: string) => void): string | null {
  if (fs.existsSync(harakaBin())) return null;
  fs.mkdirSync(HARAKA_DIR, { recursive: true });
  const manifest = path.join(HARAKA_DIR, 'package.json');
  fs.writeFileSync(manifest, JSON.stringify({ name: 'haraka-bench', private: true }, null, 2));
  log(`installing Haraka into ${HARAKA_DIR} (npm install --no-save Haraka)...`);
  let attempt = npmInstall(log);
  if (!attempt.ok && /ETARGET|notarget/.test(attempt.output)) {
    log('retrying with "overrides": {"libmime": "5.3.7"} (a version whose pinned dependencies this registry has)');
    fs.writeFileSync(
      manifest,
      JSON.stringify({ name: 'haraka-bench', private: true, overrides: { libmime: '5.3.7' } }, null, 2),
    );
    attempt = npmInstall(log);
  }
  if (!attempt.ok) return `npm install Haraka failed: ${lastLines(attempt.output, 3)}`;
  return null;
}

export function harakaVersion(): string {
  try {
    return JSON.parse(fs.readFileSync(path.join(HARAKA_DIR, 'node_modules', 'Haraka', 'package.json'), 'utf8'))
      .version as string;
  } catch {
    return '?';
  }
}

/** A fresh Haraka instance in a temporary directory (`haraka -i`, our config and plugin, spool, log), removed by stop(). */
export async function startHaraka(): Promise<Target> {
  const base = makeScratch('intake-bench-haraka-');
  const dir = path.join(base, 'haraka');
  const spool = path.join(base, 'spool');
  fs.mkdirSync(spool);
  const port = await freePort();
  // `haraka -i` writes the skeleton (connection.ini and the rest Haraka needs); then ours on top.
  const init = spawnSync(process.execPath, [harakaBin(), '-i', dir], { encoding: 'utf8', timeout: 60_000 });
  if (init.status !== 0) {
    removeScratch(base);
    throw new Error(`haraka -i failed (${init.status ?? init.signal}): ${init.stdout}${init.stderr}`);
  }
  const config = (name: string, text: string) => fs.writeFileSync(path.join(dir, 'config', name), text);
  // nodes=0: no cluster, one process like the Intake daemon. Haraka's default log level (info), to a file.
  config('smtp.ini', `listen=127.0.0.1:${port}\nnodes=0\n`);
  config('me', 'haraka.bench.test\n');
  config('host_list', `${DOMAIN}\n`);
  config('plugins', 'rcpt_to.in_host_list\nqueue_fsync\n');
  config('log.ini', '[main]\nlevel=info\ntimestamps=false\nformat=default\n');
  fs.writeFileSync(path.join(dir, 'plugins', 'queue_fsync.js'), QUEUE_PLUGIN);
  const logFile = path.join(base, 'haraka.log');
  const logFd = fs.openSync(logFile, 'a');
  const child = track(
    spawn(process.execPath, [harakaBin(), '-c', dir], {
      cwd: dir,
      env: { ...process.env, BENCH_HARAKA_SPOOL: spool },
      stdio: ['ignore', logFd, logFd],
    }),
  );
  fs.closeSync(logFd);
  const stop = async () => {
    await stopChild(child, 10_000);
    removeScratch(base);
  };
  try {
    await waitForGreeting(port, child, 60_000);
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    await stop();
    throw new Error(`Haraka did not start: ${(error as Error).message}\n${log.split('\n').slice(-20).join('\n')}`);
  }
  let stored = 0;
  return {
    name: 'Haraka (fsync queue)',
    host: '127.0.0.1',
    port,
    rcpt: `${PREFIX}@${DOMAIN}`,
    pids: () => [child.pid!],
    async settle(acceptedSoFar) {
      stored = fs.readdirSync(spool).filter((f) => !f.startsWith('.')).length;
      return stored === acceptedSoFar
        ? `all ${stored} messages answered 250 are in the spool`
        : `${stored} files in the spool, but the client had ${acceptedSoFar} answers 250`;
    },
    stop,
  };
}
