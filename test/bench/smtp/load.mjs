/**
 * The load generator, in a process of its own: `connections` persistent SMTP connections, each one
 * transaction at a time (MAIL, RCPT, DATA pipelined when the server offers PIPELINING, then the
 * message), for `warmupSeconds` and then `seconds` measured. Raw sockets and a message prepared once
 * (read from `messageFile`, already dot-stuffed) keep the client's cost per message small; a unique
 * `X-Bench-Seq:` header goes in front of each copy.
 *
 *   BENCH_LOAD='{"host","port","connections","warmupSeconds","seconds","messageFile","from","rcpt","tag","pipelining"}' node load.mjs
 * (`pipelining: false`: one command at a time even where PIPELINING is offered.)
 *
 * Prints {"event":"start"} when the measured window opens, {"event":"end"} when it closes (the parent
 * samples the server's CPU time then), and last one JSON line with the counts. Only final replies
 * that arrive inside the window are counted.
 */
import fs from 'node:fs';
import net from 'node:net';

const cfg = JSON.parse(process.env.BENCH_LOAD ?? '{}');
const body = fs.readFileSync(cfg.messageFile);
const REPLY_TIMEOUT_MS = 60_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const emit = (obj) => process.stdout.write(`${JSON.stringify(obj)}\n`);

/** One SMTP connection: write lines, await complete (possibly multi-line) replies in order. */
class Connection {
  constructor(socket) {
    this.socket = socket;
    this.buffer = '';
    this.lines = [];
    this.waiting = [];
    this.ready = [];
    this.failure = null;
    this.pipelining = false;
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.onData(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('connection closed by the server')));
  }

  onData(chunk) {
    this.buffer += chunk.toString('latin1');
    let eol;
    while ((eol = this.buffer.indexOf('\r\n')) !== -1) {
      const line = this.buffer.slice(0, eol);
      this.buffer = this.buffer.slice(eol + 2);
      this.lines.push(line);
      if (line.length === 3 || line[3] === ' ') {
        const reply = { code: Number(line.slice(0, 3)), lines: this.lines };
        this.lines = [];
        const waiter = this.waiting.shift();
        if (waiter) waiter.resolve(reply);
        else this.ready.push(reply);
      }
    }
  }

  fail(error) {
    if (this.failure) return;
    this.failure = error;
    for (const waiter of this.waiting.splice(0)) waiter.reject(error);
    this.socket.destroy();
  }

  reply() {
    const queued = this.ready.shift();
    if (queued) return Promise.resolve(queued);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error(`no reply within ${REPLY_TIMEOUT_MS} ms`)), REPLY_TIMEOUT_MS);
      this.waiting.push({
        resolve: (r) => (clearTimeout(timer), resolve(r)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
    });
  }

  write(data) {
    if (this.failure) throw this.failure;
    this.socket.write(data);
  }

  close() {
    this.socket.destroy();
  }
}

async function open() {
  const socket = net.connect(cfg.port, cfg.host);
  const c = new Connection(socket);
  const greeting = await c.reply();
  if (greeting.code !== 220) throw new Error(`greeting ${greeting.lines.join(' | ')}`);
  c.write('EHLO bench.client.test\r\n');
  const ehlo = await c.reply();
  if (ehlo.code !== 250) throw new Error(`EHLO answered ${ehlo.lines.join(' | ')}`);
  c.pipelining = cfg.pipelining !== false && ehlo.lines.some((l) => /^250[ -]PIPELINING\b/i.test(l));
  return c;
}

/**
 * One transaction; resolves with the code that decided it (the final reply, or the first refusal)
 * and, for a message sent, when DATA's 354 came and when the message was written out.
 */
async function transaction(c, seq) {
  const mail = `MAIL FROM:<${cfg.from}>\r\n`;
  const rcpt = `RCPT TO:<${cfg.rcpt}>\r\n`;
  let replies;
  if (c.pipelining) {
    c.write(mail + rcpt + 'DATA\r\n');
    replies = [await c.reply(), await c.reply(), await c.reply()];
  } else {
    replies = [];
    for (const line of [mail, rcpt, 'DATA\r\n']) {
      c.write(line);
      const r = await c.reply();
      replies.push(r);
      if (r.code >= 400) break;
    }
  }
  const data = replies[2];
  if (data?.code === 354) {
    if (replies[0].code !== 250 || replies[1].code !== 250) {
      // Not expected from a server that refused MAIL or RCPT, but end the DATA cleanly if it happens.
      c.write('.\r\n');
      await c.reply();
      return { code: replies.find((r) => r.code !== 250).code };
    }
    const ready = performance.now();
    c.write(`X-Bench-Seq: ${cfg.tag}-${seq}\r\n`);
    // The callback runs once the last byte is handed to the kernel.
    const written = new Promise((resolve) => c.socket.write(body, () => resolve(performance.now())));
    const code = (await c.reply()).code;
    return { code, ready, written: await written };
  }
  const refusal = replies.find((r) => r.code >= 400) ?? data;
  c.write('RSET\r\n');
  await c.reply();
  return { code: refusal.code };
}

const connections = Number(cfg.connections);
const state = {
  accepted: 0,
  rejected: {},
  errors: 0,
  totalAccepted: 0,
  totalRejected: 0,
  totalErrors: 0,
  /** MAIL to the end of the final reply, per message answered 250 in the window. */
  latencies: [],
  /** MAIL to DATA's 354 (MAIL, RCPT and DATA answered). */
  envelope: [],
  /** The message written out (to the kernel) to its 250: reading the rest, storing, answering. */
  stored: [],
  lastError: null,
};
let measureStart = Infinity;
let measureEnd = Infinity;
const inWindow = (t) => t >= measureStart && t <= measureEnd;

function countError(error) {
  state.totalErrors++;
  if (inWindow(performance.now())) state.errors++;
  state.lastError = String(error?.message ?? error);
}

async function loop(index, first) {
  let c = first;
  let n = 0;
  while (performance.now() < measureEnd) {
    try {
      c ??= await open();
      const t0 = performance.now();
      const { code, ready, written } = await transaction(c, `${index}-${n++}`);
      const t = performance.now();
      if (code === 250) state.totalAccepted++;
      else state.totalRejected++;
      if (inWindow(t)) {
        if (code === 250) {
          state.accepted++;
          state.latencies.push(t - t0);
          state.envelope.push(ready - t0);
          state.stored.push(t - written);
        } else state.rejected[code] = (state.rejected[code] ?? 0) + 1;
      }
      if (code === 421) {
        c.close();
        c = null;
      }
    } catch (error) {
      countError(error);
      c?.close();
      c = null;
      await sleep(100);
    }
  }
  if (c && !c.failure) {
    try {
      c.write('QUIT\r\n');
      await Promise.race([c.reply(), sleep(2000)]);
    } catch {
      // closing anyway
    }
  }
  c?.close();
}

function result(extra = {}) {
  const pct = (values, p) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null;
  };
  return {
    connections,
    pipelining,
    seconds: cfg.seconds,
    accepted: state.accepted,
    rejected: state.rejected,
    errors: state.errors,
    totalAccepted: state.totalAccepted,
    totalRejected: state.totalRejected,
    totalErrors: state.totalErrors,
    p50: pct(state.latencies, 50),
    p99: pct(state.latencies, 99),
    envelopeP50: pct(state.envelope, 50),
    storedP50: pct(state.stored, 50),
    cpuMs,
    lastError: state.lastError,
    ...extra,
  };
}

let cpuMs = null;
let pipelining = null;
// Whatever happens to the server, this process ends and reports.
setTimeout(
  () => {
    emit(result({ timedOut: true }));
    process.exit(2);
  },
  (cfg.warmupSeconds + cfg.seconds + 120) * 1000,
).unref();

const opened = await Promise.all(
  Array.from({ length: connections }, () =>
    open().catch((error) => {
      countError(error);
      return null;
    }),
  ),
);
pipelining = opened.some((c) => c?.pipelining);
const started = performance.now();
measureStart = started + cfg.warmupSeconds * 1000;
measureEnd = measureStart + cfg.seconds * 1000;
let cpu0;
setTimeout(() => {
  cpu0 = process.cpuUsage();
  emit({ event: 'start' });
}, measureStart - performance.now());
const ended = new Promise((resolve) =>
  setTimeout(() => {
    const used = process.cpuUsage(cpu0);
    cpuMs = (used.user + used.system) / 1000;
    emit({ event: 'end' });
    resolve();
  }, measureEnd - performance.now()),
);
await Promise.all(opened.map((c, i) => loop(i, c)));
await ended;
emit(result());
