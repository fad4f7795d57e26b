/**
 * Benchmark of the SMTP edge: messages per second answered 250 (each with a 100 KiB PDF attachment)
 * over 1, 8 and 32 parallel connections, for Intake on PGlite and on PostgreSQL, against Postfix's
 * smtp-sink (discards everything: the ceiling of this client on this machine) and Haraka with a
 * queue plugin that fsyncs each message to disk (when it installs), all in the same run. The target
 * (issue): at least as many messages per second as Haraka while keeping Intake's promise that 250
 * means the raw message is fsynced and its row committed. It prints ratios; it asserts nothing.
 * Haraka runs twice per connection count, pipelined and one command at a time (pipelined, its
 * replies wait ~40 ms for delayed ACKs: Nagle's algorithm stays on on its sockets); Intake is
 * compared with the faster of the two.
 *
 *   npm run bench:smtp                      # 10 s measured per target and connection count
 *   BENCH_SECONDS=5 npm run bench:smtp
 * Also:
 *   BENCH_CONNECTIONS              1,8,32
 *   BENCH_TARGETS                  smtp-sink,haraka,intake-pglite,intake-postgres
 *   BENCH_MAIL_WORKER_CONCURRENCY  the daemons' MAIL_WORKER_CONCURRENCY (default: theirs, 2)
 *   BENCH_PIPELINING               1: MAIL, RCPT and DATA in one write where offered, as Postfix
 *                                  sends them; 0: one command at a time
 *   BENCH_DRAIN_SECONDS            120: the longest wait after an Intake run for the mail workers
 *                                  to process the backlog (so that it does not load the next run)
 *   BENCH_HARAKA_DIR               where Haraka is installed (default $TMPDIR/haraka-bench);
 *                                  BENCH_HARAKA=0 leaves Haraka out
 *   BENCH_CPU_PROF                 a directory: each Intake daemon writes a V8 CPU profile of each
 *                                  measured window to DIR/<target>/window-<n>.cpuprofile (n counts
 *                                  the connection counts in order); see profile-summary.ts
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureHaraka, HARAKA_DIR, harakaVersion, startHaraka } from './haraka.js';
import { buildMessage } from './message.js';
import {
  findSmtpSink,
  makeScratch,
  removeScratch,
  startIntake,
  startSmtpSink,
  track,
  treeCpuMs,
  type Target,
} from './targets.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, not ${raw}`);
  return value;
}

const SECONDS = envNumber('BENCH_SECONDS', 10);
// JIT, pools, the database's caches; short enough not to dominate a quick run.
const WARMUP_SECONDS = Math.max(1, Math.round(SECONDS / 5));
const DRAIN_SECONDS = envNumber('BENCH_DRAIN_SECONDS', 120);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS || '1,8,32').split(',').map((s) => {
  const n = Number(s.trim());
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`BENCH_CONNECTIONS must list whole numbers >= 1, not ${process.env.BENCH_CONNECTIONS}`);
  return n;
});
const ALL_TARGETS = ['smtp-sink', 'haraka', 'intake-pglite', 'intake-postgres'] as const;
type TargetId = (typeof ALL_TARGETS)[number];
const TARGETS = (process.env.BENCH_TARGETS || ALL_TARGETS.join(',')).split(',').map((s) => s.trim()) as TargetId[];
for (const t of TARGETS)
  if (!ALL_TARGETS.includes(t))
    throw new Error(`BENCH_TARGETS: unknown target ${t} (known: ${ALL_TARGETS.join(', ')})`);
// RFC 2920 PIPELINING (MAIL, RCPT and DATA in one write) where offered, as Postfix sends; 0: one by one.
const PIPELINING = process.env.BENCH_PIPELINING !== '0';
const MAIL_WORKERS = process.env.BENCH_MAIL_WORKER_CONCURRENCY
  ? envNumber('BENCH_MAIL_WORKER_CONCURRENCY', 2)
  : undefined;

interface LoadResult {
  connections: number;
  pipelining: boolean | null;
  accepted: number;
  rejected: Record<string, number>;
  errors: number;
  totalAccepted: number;
  totalRejected: number;
  totalErrors: number;
  p50: number | null;
  p99: number | null;
  envelopeP50: number | null;
  storedP50: number | null;
  cpuMs: number | null;
  lastError: string | null;
  timedOut?: boolean;
}

interface Measured {
  target: TargetId;
  name: string;
  connections: number;
  rate: number;
  load: LoadResult;
  serverCpuMs: number | null;
  /** The server's CPU time from the end of the window until settle() returned (Intake: the backlog). */
  afterCpuMs: number | null;
}

/** Runs load.mjs against `target`; samples the server's CPU time when the measured window opens and closes. */
function runLoad(
  target: Target,
  connections: number,
  messageFile: string,
  pipelining: boolean,
): Promise<{ load: LoadResult; serverCpuMs: number | null }> {
  const child = track(
    spawn(process.execPath, [path.join(HERE, 'load.mjs')], {
      env: {
        ...process.env,
        BENCH_LOAD: JSON.stringify({
          host: target.host,
          port: target.port,
          connections,
          warmupSeconds: WARMUP_SECONDS,
          seconds: SECONDS,
          messageFile,
          from: 'billing@supplier.test',
          rcpt: target.rcpt,
          tag: `${connections}c-${randomBytes(3).toString('hex')}`,
          pipelining,
        }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let cpuAtStart: number | null = null;
    let serverCpuMs: number | null = null;
    let load: LoadResult | null = null;
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      let eol: number;
      while ((eol = out.indexOf('\n')) !== -1) {
        const line = JSON.parse(out.slice(0, eol)) as { event?: string } & LoadResult;
        out = out.slice(eol + 1);
        if (line.event === 'start') {
          cpuAtStart = treeCpuMs(target.pids());
          target.toggleProfiler?.();
        } else if (line.event === 'end') {
          serverCpuMs = cpuAtStart === null ? null : treeCpuMs(target.pids()) - cpuAtStart;
          target.toggleProfiler?.();
        } else load = line;
      }
    });
    // 'close', not 'exit': by then all of its output has been read.
    child.once('close', (code) =>
      load ? resolve({ load, serverCpuMs }) : reject(new Error(`load.mjs exited ${code} without a result`)),
    );
  });
}

/** Write, fsync, rename and fsync the directory, one message after another: what one durable write costs on this disk. */
function fsyncFloor(bytes: Buffer, dir: string, n = 100): { p50: number; p99: number } {
  const scratch = fs.mkdtempSync(path.join(dir, 'intake-bench-smtp-fsync-'));
  try {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const tmp = path.join(scratch, `.tmp-${i}`);
      const fd = fs.openSync(tmp, 'w', 0o600);
      fs.writeSync(fd, bytes);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      fs.renameSync(tmp, path.join(scratch, String(i)));
      const dirFd = fs.openSync(scratch, 'r');
      fs.fsyncSync(dirFd);
      fs.closeSync(dirFd);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { p50: times[Math.floor(n / 2)]!, p99: times[Math.min(n - 1, Math.floor(n * 0.99))]! };
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

const fmt = (n: number | null | undefined, digits = 1) =>
  n === null || n === undefined || !Number.isFinite(n) ? '-' : n.toFixed(digits);
const codes = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([code, n]) => `${code}x${n}`)
    .join(' ') || '0';

async function main(): Promise<void> {
  const scratch = makeScratch('intake-bench-smtp-msg-');
  const results: Measured[] = [];
  const skipped: string[] = [];
  let current: Target | null = null;
  const stopCurrent = async () => {
    const t = current;
    current = null;
    await t?.stop().catch((error: unknown) => console.error('stopping a target failed:', error));
  };
  // Ctrl-C: stop what is running (the daemon gracefully, its database, Haraka), then leave.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping...`);
      void stopCurrent().finally(() => {
        removeScratch(scratch);
        process.exit(130);
      });
    });
  }
  try {
    const message = await buildMessage();
    const messageFile = path.join(scratch, 'message.eml');
    fs.writeFileSync(messageFile, message.data);
    const floor = fsyncFloor(message.data, os.tmpdir());
    console.log(
      `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `message: ${message.mimeBytes.toLocaleString('en')} bytes of MIME (a ${message.attachmentBytes.toLocaleString('en')}-byte PDF attachment, base64), plus a unique X-Bench-Seq header each; ` +
        `${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured per target and connection count`,
    );
    console.log(
      `client: ${PIPELINING ? 'MAIL, RCPT and DATA pipelined where PIPELINING is offered (Haraka also one by one)' : 'one command at a time (BENCH_PIPELINING=0)'}; one transaction at a time per connection, connections kept open`,
    );
    console.log(
      `this disk (${os.tmpdir()}): write + fsync + rename + fsync(dir) of one such message: p50 ${fmt(floor.p50, 2)} ms, p99 ${fmt(floor.p99, 2)} ms (one at a time: ~${Math.round(1000 / floor.p50)}/s)`,
    );

    for (const id of TARGETS) {
      let start: () => Promise<Target>;
      if (id === 'smtp-sink') {
        const binary = findSmtpSink();
        if (!binary) {
          skipped.push('smtp-sink: not installed (apt-get install postfix): no ceiling reference in this run');
          continue;
        }
        start = () => startSmtpSink(binary);
      } else if (id === 'haraka') {
        if (process.env.BENCH_HARAKA === '0') {
          skipped.push('Haraka: skipped (BENCH_HARAKA=0)');
          continue;
        }
        const why = ensureHaraka((line) => console.log(line));
        if (why) {
          skipped.push(`Haraka: ${why}`);
          continue;
        }
        start = () => startHaraka();
      } else {
        const cpuProfileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF, id) : undefined;
        start = () =>
          startIntake({
            db: id === 'intake-postgres' ? 'postgres' : 'pglite',
            mailWorkers: MAIL_WORKERS,
            drainSeconds: DRAIN_SECONDS,
            cpuProfileDir,
          });
      }
      process.stdout.write(`\nstarting ${id}... `);
      try {
        current = await start();
      } catch (error) {
        console.log('failed');
        skipped.push(`${id}: did not start: ${(error as Error).message.split('\n').slice(0, 6).join(' | ')}`);
        continue;
      }
      console.log(
        `${current.name} on ${current.host}:${current.port}${id === 'haraka' ? ` (Haraka ${harakaVersion()} from ${HARAKA_DIR})` : ''}`,
      );
      let acceptedSoFar = 0;
      // Haraka both ways: its socket keeps Nagle's algorithm on, so the replies to a pipelined
      // MAIL/RCPT/DATA wait for the client's delayed ACK (~40 ms on Linux). The faster of the two
      // is the reference Intake is compared with.
      const modes = id === 'haraka' && PIPELINING ? [true, false] : [PIPELINING];
      try {
        for (const connections of CONNECTIONS) {
          for (const pipelining of modes) {
            const label = modes.length > 1 ? (pipelining ? ', pipelined' : ', one by one') : '';
            process.stdout.write(`  ${connections} connection(s)${label}: `);
            const { load, serverCpuMs } = await runLoad(current, connections, messageFile, pipelining);
            acceptedSoFar += load.totalAccepted;
            const rate = load.accepted / SECONDS;
            process.stdout.write(`${Math.round(rate)} msgs/s`);
            const cpuBeforeSettle = current.settle ? treeCpuMs(current.pids()) : null;
            const note = current.settle ? await current.settle(acceptedSoFar) : '';
            const afterCpuMs = cpuBeforeSettle === null ? null : treeCpuMs(current.pids()) - cpuBeforeSettle;
            console.log(note ? `; ${note}` : '');
            if (load.totalErrors || load.totalRejected)
              console.log(
                `    ${load.totalRejected} non-250 and ${load.totalErrors} connection errors in all (last: ${load.lastError ?? '-'})`,
              );
            if (load.timedOut) console.log('    the load generator gave up waiting (server stalled?)');
            results.push({
              target: id,
              name: `${current.name}${label}`,
              connections,
              rate,
              load,
              serverCpuMs,
              afterCpuMs,
            });
          }
        }
      } finally {
        await stopCurrent();
      }
    }

    report(results, skipped);
  } finally {
    await stopCurrent();
    removeScratch(scratch);
  }
}

function report(results: Measured[], skipped: string[]): void {
  // The best of a target's runs at that connection count (Haraka runs twice: pipelined and not).
  const rateOf = (target: TargetId, connections: number) => {
    const rates = results.filter((r) => r.target === target && r.connections === connections).map((r) => r.rate);
    return rates.length ? Math.max(...rates) : undefined;
  };
  const ratio = (a: number | undefined, b: number | undefined) =>
    a === undefined || b === undefined || b === 0 ? '-' : (a / b).toFixed(2);
  console.log(
    `\nSMTP messages per second answered 250 (100 KiB PDF each), ${SECONDS} s each, Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.table(
    results.map((r) => ({
      target: r.name,
      conns: r.connections,
      'msgs/s': Math.round(r.rate),
      'p50/p99 ms': `${fmt(r.load.p50)}/${fmt(r.load.p99)}`,
      // Of a transaction: MAIL to DATA's 354 (MAIL, RCPT, DATA pipelined), and message sent to its 250.
      'p50 to 354': fmt(r.load.envelopeP50),
      'p50 sent to 250': fmt(r.load.storedP50),
      'non-250': codes(r.load.rejected),
      errors: r.load.errors,
      // CPU per accepted message over the measured window; "server cores" is CPU time / wall time.
      'client CPU ms/msg': r.load.accepted ? fmt((r.load.cpuMs ?? NaN) / r.load.accepted, 2) : '-',
      'server CPU ms/msg': r.load.accepted && r.serverCpuMs !== null ? fmt(r.serverCpuMs / r.load.accepted, 2) : '-',
      'server cores': r.serverCpuMs === null ? '-' : fmt(r.serverCpuMs / 1000 / SECONDS, 2),
      // Work left for after the window (Intake's mail workers process the backlog), per message of the run.
      'after-run CPU ms/msg':
        r.load.totalAccepted && r.afterCpuMs !== null ? fmt(r.afterCpuMs / r.load.totalAccepted, 2) : '-',
      'vs smtp-sink': ratio(r.rate, rateOf('smtp-sink', r.connections)),
      'vs Haraka': ratio(r.rate, rateOf('haraka', r.connections)),
    })),
  );
  const intakes = [...new Set(results.filter((r) => r.target.startsWith('intake')).map((r) => r.target))];
  for (const id of intakes) {
    const name = results.find((r) => r.target === id)!.name;
    const per = (ref: TargetId) => CONNECTIONS.map((c) => `${c}: ${ratio(rateOf(id, c), rateOf(ref, c))}`).join(', ');
    if (results.some((r) => r.target === 'haraka')) {
      const met = CONNECTIONS.every((c) => (rateOf(id, c) ?? 0) >= (rateOf('haraka', c) ?? Infinity));
      console.log(
        `${name} / Haraka (the faster of its runs) by connections: ${per('haraka')} (target >= 1.00 at each: ${met ? 'met' : 'NOT met'})`,
      );
    }
    if (results.some((r) => r.target === 'smtp-sink'))
      console.log(`${name} / smtp-sink by connections: ${per('smtp-sink')}`);
  }
  console.log(
    `Intake's mail workers run in the daemon as by default (MAIL_WORKER_CONCURRENCY ${MAIL_WORKERS ?? '2, the default'}); they give way to SMTP transactions in flight ` +
      '(each takes a message at least every 500 ms), so most of the backlog is processed after the window: "server CPU" covers the window (PostgreSQL\'s processes included), ' +
      '"after-run CPU" the drain after it (per message of the run, warm-up included; it also holds the idle daemon\'s own polling while it waits).',
  );
  for (const line of skipped) console.log(`not measured: ${line}`);
}

// An await that can never settle (nothing left to wake it) would end the process quietly, with 0.
let finished = false;
process.once('exit', () => {
  if (finished || process.exitCode) return;
  console.error('the bench stopped before it finished');
  process.exitCode = 1;
});

main().then(
  () => (finished = true),
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
