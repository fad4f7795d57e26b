/**
 * Real `intake` processes for CLI and daemon tests: spawn the CLI (`daemon/bin/intake.mjs`) with a
 * controlled environment, collect its output, wait for a daemon to be ready, and make sure no child
 * outlives its test. Call `useProcessCleanup()` once at the top of a test file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, inject } from 'vitest';
import { callApi } from './http.js';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The shipped CLI, which the tests spawn: it runs the built JavaScript in daemon/dist, which each
 * vitest project's global setup brings up to date with the sources first (test/support/build.ts).
 */
export const INTAKE_BIN = path.join(REPO_ROOT, 'daemon', 'bin', 'intake.mjs');
/** The Node flag that makes every `@intake/*` import resolve to the package's src/ (see each package.json's exports): for the examples' processes. */
export const SOURCE_CONDITION = '--conditions=@intake/source';
/** The extraction lab's CLI (`intake-lab`), which runs from the TypeScript sources (it is never built). */
export const LAB_BIN = path.join(REPO_ROOT, 'packages', 'extraction-lab', 'bin', 'intake-lab.mjs');

/** Every setting the daemon reads, plus INTAKE_CONFIG: never inherited from the test's own environment. */
const CONFIG_VARS = [
  'HTTP_PORT',
  'HTTP_HOST',
  'SMTP_PORT',
  'SMTP_HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'PUBLIC_BASE_URL',
  'EMAIL_DOMAIN',
  'LOG_LEVEL',
  'WORKER_CONCURRENCY',
  'MAX_ATTACHMENT_SIZE_MB',
  'PROCESSING_TIMEOUT_MS',
  'MAX_REQUEST_BODY_MB',
  'DEFAULT_ORG_NAME',
  'DASHBOARD',
  'DASHBOARD_SESSION_IDLE_MINUTES',
  'DASHBOARD_SESSION_MAX_HOURS',
  'INTAKE_CONFIG',
  'JOB_LEASE_MS',
  'WORKER_POLL_MS',
  'MAIL_LEASE_MS',
  'MAIL_WORKER_CONCURRENCY',
  'SMTP_MAX_MESSAGE_MB',
  'SMTP_MAX_RECIPIENTS',
  'SMTP_MAX_CONNECTIONS',
  'SMTP_MAX_MIME_PARTS',
  'SMTP_MAX_LINE_BYTES',
  'SMTP_TLS_CERT',
  'SMTP_TLS_KEY',
  'SMTP_DRAIN_MS',
  'WEBHOOKS_ALLOW_LOCALHOST',
  'METRICS_TOKEN',
  'METRICS_ORG_LABELS',
];

export type Env = Record<string, string | undefined>;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface IntakeProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Everything written so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has exited (never rejects). */
  readonly exited: Promise<Exit>;
  hasExited(): boolean;
  /** Sends the signal (if still running) and waits for the exit; SIGKILL after `graceMs`. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<Exit>;
}

export interface CliResult extends Exit {
  stdout: string;
  stderr: string;
}

/** How many `intake start` and other `intake` commands this worker has spawned. */
type SpawnCounts = { intakeSpawns?: { daemons: number; commands: number } };

const running = new Set<IntakeProcess>();
const tempDirs = new Set<string>();

/** Builds the child's environment: the parent's minus every Intake setting, plus `env`. */
export function childEnv(env: Env): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CONFIG_VARS) delete base[name];
  // Vitest's own variables would not change the CLI, but keep the child close to a user's shell.
  delete base.VITEST;
  delete base.VITEST_WORKER_ID;
  delete base.VITEST_POOL_ID;
  delete base.NODE_OPTIONS;
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete base[name];
    else base[name] = value;
  }
  return base;
}

/**
 * Spawns the built `intake` CLI (`node daemon/bin/intake.mjs ...args`), or with `lab` the extraction
 * lab's (`node --conditions=@intake/source packages/extraction-lab/bin/intake-lab.mjs ...args`).
 * The working directory defaults to a fresh empty temp directory, so a `config/intake.env` in the
 * repository never leaks into a test.
 */
export function spawnIntake(
  args: string[],
  env: Env,
  options: { cwd?: string; lab?: boolean; bin?: string } = {},
): IntakeProcess {
  const cwd = options.cwd ?? makeTempDir('intake-cwd-');
  const bin = options.lab ? [SOURCE_CONDITION, LAB_BIN] : [options.bin ?? INTAKE_BIN];
  const child = spawn(process.execPath, [...bin, ...args], {
    cwd,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`could not spawn ${bin.join(' ')}`);
  // Counted for `npm run bench:suite` (test/bench/suite/cpu-probe.ts), which reports them per file.
  const counts = ((globalThis as SpawnCounts).intakeSpawns ??= { daemons: 0, commands: 0 });
  if (args[0] === 'start') counts.daemons++;
  else counts.commands++;
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  let exit: Exit | undefined;
  const exited = new Promise<Exit>((resolve) => {
    // 'close' rather than 'exit': all output has been read by then.
    child.once('close', (code, signal) => {
      exit = { code, signal };
      running.delete(proc);
      resolve(exit);
    });
    child.once('error', () => {
      exit ??= { code: null, signal: null };
      running.delete(proc);
      resolve(exit);
    });
  });
  const proc: IntakeProcess = {
    child,
    pid: child.pid,
    stdout: () => out,
    stderr: () => err,
    exited,
    hasExited: () => exit !== undefined,
    async stop(signal = 'SIGTERM', graceMs = 10_000) {
      if (exit) return exit;
      child.kill(signal);
      const timer = setTimeout(() => {
        if (!exit) child.kill('SIGKILL');
      }, graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  running.add(proc);
  return proc;
}

/**
 * Runs one CLI command to completion (SIGKILL after `timeoutMs`). The default is generous: a command
 * on a new PGlite directory takes ~5 s on an idle machine, several times that on a loaded one.
 */
export async function runCli(
  args: string[],
  env: Env,
  options: { cwd?: string; timeoutMs?: number; lab?: boolean; bin?: string } = {},
): Promise<CliResult> {
  const proc = spawnIntake(args, { LOG_LEVEL: 'warn', ...env }, options);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), options.timeoutMs ?? 90_000);
  const exit = await proc.exited;
  clearTimeout(timer);
  return { ...exit, stdout: proc.stdout(), stderr: proc.stderr() };
}

/** `runCli` for a command expected to succeed: throws with its output otherwise. */
export async function runCliOk(
  args: string[],
  env: Env,
  options: { cwd?: string; timeoutMs?: number; lab?: boolean; bin?: string } = {},
): Promise<CliResult> {
  const result = await runCli(args, env, options);
  if (result.code !== 0) {
    throw new Error(
      `${options.lab ? 'intake-lab' : 'intake'} ${args.join(' ')} exited ${result.code ?? result.signal}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`,
    );
  }
  return result;
}

/** `runCli` of the extraction lab's CLI. */
export const runLab = (args: string[], env: Env, options: { cwd?: string; timeoutMs?: number } = {}) =>
  runCli(args, env, { ...options, lab: true });

/** `runCliOk` of the extraction lab's CLI. */
export const runLabOk = (args: string[], env: Env, options: { cwd?: string; timeoutMs?: number } = {}) =>
  runCliOk(args, env, { ...options, lab: true });

/** Parses the single JSON line a `--json` command prints; fails if there is anything else. */
export function singleJsonLine<T = Record<string, unknown>>(stdout: string): T {
  const lines = stdout.split('\n').filter((l) => l.length > 0);
  if (lines.length !== 1) throw new Error(`expected exactly one line on stdout, got ${lines.length}:\n${stdout}`);
  return JSON.parse(lines[0]!) as T;
}

export interface DaemonProcess extends IntakeProcess {
  /** Where the HTTP API answers, e.g. http://127.0.0.1:41234. */
  readonly httpUrl: string;
  /** Where the SMTP edge answers (from the daemon's "started" log line; null if not logged). */
  readonly smtp: { host: string; port: number } | null;
}

export interface StartDaemonOptions {
  cwd?: string;
  /** Another `intake` executable than the repository's (an installed package's bin/intake.mjs). */
  bin?: string;
  /**
   * Where the API will answer when the test chose the port itself (e.g. through a config file).
   * Without it, the URL is read from the `"httpUrl"` line the daemon logs at info level.
   */
  httpUrl?: string;
  /**
   * Do not add HTTP_PORT=0, HTTP_HOST=127.0.0.1 and LOG_LEVEL=info to `env`. SMTP_PORT=0 and
   * SMTP_HOST=127.0.0.1 are added either way unless `env` names them (parallel tests must not
   * fight over port 2525).
   */
  bareEnv?: boolean;
  timeoutMs?: number;
}

/**
 * Starts `intake start` and resolves once GET /readyz answers 200. By default it listens on a free
 * loopback port (HTTP_PORT=0) and logs at info level so its URL can be read from stdout. Rejects,
 * with the daemon's output, if it exits first or is not ready in time (the process is then killed).
 */
export async function startDaemon(env: Env, options: StartDaemonOptions = {}): Promise<DaemonProcess> {
  const smtpDefaults: Env = { SMTP_PORT: '0', SMTP_HOST: '127.0.0.1' };
  const fullEnv: Env = options.bareEnv
    ? { ...smtpDefaults, ...env }
    : { HTTP_PORT: '0', HTTP_HOST: '127.0.0.1', LOG_LEVEL: 'info', ...smtpDefaults, ...env };
  const proc = spawnIntake(['start'], fullEnv, { cwd: options.cwd, bin: options.bin });
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  const fail = async (why: string): Promise<never> => {
    await proc.stop('SIGKILL');
    throw new Error(`intake start ${why}\n--- stdout\n${proc.stdout()}\n--- stderr\n${proc.stderr()}`);
  };
  let httpUrl = options.httpUrl;
  while (httpUrl === undefined) {
    httpUrl = loggedHttpUrl(proc.stdout());
    if (httpUrl) break;
    if (proc.hasExited()) return fail(`exited before listening (${describeExit(await proc.exited)})`);
    if (Date.now() > deadline) return fail('did not log its httpUrl in time');
    await sleep(50);
  }
  for (;;) {
    if (proc.hasExited()) return fail(`exited before it was ready (${describeExit(await proc.exited)})`);
    if ((await httpStatus(`${httpUrl}/readyz`)) === 200) break;
    if (Date.now() > deadline) return fail(`was not ready at ${httpUrl}/readyz in time`);
    await sleep(50);
  }
  return Object.assign(proc, { httpUrl, smtp: loggedSmtp(proc.stdout()) });
}

/** The SMTP address of the daemon's "started" log line. */
export function loggedSmtp(stdout: string): { host: string; port: number } | null {
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { smtp?: unknown };
      if (typeof entry.smtp === 'string') {
        const at = entry.smtp.lastIndexOf(':');
        return { host: entry.smtp.slice(0, at), port: Number(entry.smtp.slice(at + 1)) };
      }
    } catch {
      // not JSON
    }
  }
  return null;
}

/** The `httpUrl` of the daemon's "started" log line, if it has been written. */
export function loggedHttpUrl(stdout: string): string | undefined {
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { httpUrl?: unknown };
      if (typeof entry.httpUrl === 'string') return entry.httpUrl;
    } catch {
      // a partial line: wait for the rest
    }
  }
  return undefined;
}

/** The HTTP status of a GET, or 0 when nothing answers. */
export async function httpStatus(url: string): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

export type { ApiResponse } from './http.js';

/** One request to a daemon's API with an optional bearer key and JSON body. */
export const api = (baseUrl: string, method: string, urlPath: string, options: { key?: string; body?: unknown } = {}) =>
  callApi(baseUrl, method, urlPath, options);

/** A fresh directory under the OS temp dir, removed by `useProcessCleanup`'s afterAll. */
export function makeTempDir(prefix = 'intake-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/**
 * A fresh DATA_DIR that already holds a migrated, empty PGlite database (a copy of the global
 * setup's, `dataDirTemplate`): for tests whose subject is not the first start on an empty
 * directory, which first-start (the daemon) and orgs-create (the CLI) cover with `makeTempDir`.
 * The daemon and CLI open it as they would any earlier data directory (migrations up to date).
 */
export function makeMigratedDataDir(prefix = 'intake-data-'): string {
  const dir = makeTempDir(prefix);
  fs.cpSync(inject('dataDirTemplate'), dir, { recursive: true });
  return dir;
}

export { freePort } from './postgres-server.js';

/** SIGKILLs every child still running and waits for each to be gone. */
export async function killAll(): Promise<void> {
  await Promise.all([...running].map((p) => p.stop('SIGKILL')));
}

/**
 * Removes the temp dirs this worker made, without blocking the event loop (a packed install's
 * node_modules takes minutes on a loaded machine) and retrying a folder a just-ended child was
 * still writing into (ENOTEMPTY, EBUSY).
 */
export async function removeTempDirs(): Promise<void> {
  const dirs = [...tempDirs];
  tempDirs.clear();
  await Promise.all(dirs.map((dir) => removeDir(dir)));
}

/** `rm -rf` that retries a folder another process is still writing into. */
export async function removeDir(dir: string): Promise<void> {
  await fs.promises.rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}

/** Registers the hooks: kill children after every test (passed or failed), remove temp dirs at the end. */
export function useProcessCleanup(): void {
  afterEach(killAll);
  useFileCleanup();
}

/**
 * Kills the children and removes the temp dirs once, at the end of the file: for files whose tests
 * share one daemon (useProcessCleanup would kill it after the first test).
 */
export function useFileCleanup(): void {
  afterAll(async () => {
    await killAll();
    await removeTempDirs();
  }, CLEANUP_TIMEOUT_MS);
}

/** For the hooks that end children and remove temp dirs: a loaded machine's disk can take minutes. */
export const CLEANUP_TIMEOUT_MS = 600_000;

// Should the worker itself go away (timeout, crash), take the children along.
process.once('exit', () => {
  for (const p of running) p.child.kill('SIGKILL');
});

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** Per-test timeout for tests that run several processes one after another (each a few seconds when idle). */
export const PROCESS_TEST_TIMEOUT_MS = 180_000;

/**
 * Waits, if need be, until at least `seconds` remain in the current wall-clock minute: the API's
 * rate limits count in fixed one-minute windows.
 */
export async function awaitRoomInMinute(seconds: number): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (60_000 - intoMinute < seconds * 1000) await sleep(60_000 - intoMinute + 250);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function describeExit(exit: Exit): string {
  return exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`;
}

/** Matches `sk_<env>_` followed by base64url text of at least 32 random bytes. */
export function hasKeyShape(key: string, environment: 'live' | 'test'): boolean {
  const match = new RegExp(`^sk_${environment}_([A-Za-z0-9_-]+)$`).exec(key);
  return match !== null && Buffer.from(match[1]!, 'base64url').length >= 32;
}
