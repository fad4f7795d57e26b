/**
 * Benchmark of webhook delivery (issue 5): deliveries per second through the real sender
 * (WebhookWorkers + WebhookSender + the HTTPS transport + the SQL store) from the outbox to a local
 * HTTPS receiver, against a plain fetch (undici) POST loop to the same receiver in the same run, while
 * retries of a failing endpoint (503) fall due during the measured window. Target: at least 0.5 of
 * the loop with as many requests in flight as the sender may have at one endpoint (also printed: the
 * one-at-a-time loop). It prints; it never asserts timings; it fails only if a delivery goes missing
 * or is sent twice.
 *
 *   npm run bench:webhooks                          # PostgreSQL (embedded), 2,000 deliveries
 *   BENCH_DB=pglite BENCH_DELIVERIES=500 npm run bench:webhooks
 * Also: BENCH_FAILING (400 deliveries to the failing endpoint), BENCH_CONCURRENCY (16) and
 * BENCH_PER_ENDPOINT (4): WEBHOOK_CONCURRENCY and WEBHOOK_ENDPOINT_CONCURRENCY; BENCH_PROFILE=1 adds
 * the mean time of each store and transport call and, on PostgreSQL, the database's statements
 * (pg_stat_statements). Besides rates it prints the CPU each side used per delivery (this process,
 * the receiver's and, on PostgreSQL, the database server's processes, from /proc), how full the
 * sender kept the healthy endpoint's slots, and the loop measured again after the sender.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { createIntake, systemClock } from '@intake/core';
import { WebhookSender, WebhookService } from '@intake/core/webhooks';
import { createSqlStorage, type SqlStorage } from '@intake/storage-sql';
import { createHttpsTransport } from '@intake/webhook-https';
import { WebhookWorkers } from '../../../daemon/src/workers/webhook-workers.js';
import { startPostgres } from '../../support/postgres-server.js';

function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1, not ${raw}`);
  return value;
}

const DELIVERIES = envInt('BENCH_DELIVERIES', 2000);
const FAILING = envInt('BENCH_FAILING', 400);
const CONCURRENCY = envInt('BENCH_CONCURRENCY', 16);
const PER_ENDPOINT = envInt('BENCH_PER_ENDPOINT', 4);
const DB = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
const HERE = path.dirname(fileURLToPath(import.meta.url));

/** A job.completed `data` of a realistic size (about 1 KB once enveloped). */
const sampleData = (n: number) => ({
  id: `job_${String(n).padStart(20, '0')}`,
  org_id: 'org_00000000000000000000',
  extractor_id: 'ext_00000000000000000000',
  status: 'completed',
  extracted_data: {
    invoice_number: `INV-${n}`,
    invoice_date: '2026-03-14',
    vendor_name: 'Northwind Traders Ltd',
    total_amount: 1200,
    line_items: [{ description: 'Consulting services', amount: 1000 }],
  },
  confidence: { invoice_number: 0.97, invoice_date: 0.95, vendor_name: 0.93, total_amount: 0.99, line_items: 0.88 },
  processing_time_ms: 1834,
  cost_credits: 1,
  metadata: { customer_ref: 'PO-2026-0042', source: 'email' },
  created_at: '2026-03-14T10:00:00.000Z',
  completed_at: '2026-03-14T10:00:01.834Z',
  needs_review: false,
  validation_errors: [],
});

function makeCert(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-sha256',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

/** Runs a node script for its one JSON line; with `keepRunning`, resolves on that line and leaves it running. */
function node(
  script: string,
  args: string[],
  env: Record<string, string>,
  keepRunning = false,
): Promise<{ result: any; stop: () => void; pid: number }> {
  const child = spawn(process.execPath, [path.join(HERE, script), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      out += c;
      if (out.includes('\n') && keepRunning)
        resolve({ result: JSON.parse(out.split('\n')[0]!), stop: () => child.kill(), pid: child.pid! });
    });
    child.once('exit', (code) =>
      code === 0 && !keepRunning
        ? resolve({ result: JSON.parse(out.split('\n')[0]!), stop: () => {}, pid: child.pid! })
        : reject(new Error(`${script} exited ${code}: ${out}`)),
    );
  });
}

/** CPU milliseconds (user + system) a process has used so far, from /proc; 0 where that is not readable. */
function processCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks (USER_HZ = 100)
  } catch {
    return 0;
  }
}

const count = async (knex: SqlStorage['knex'], q: () => any): Promise<number> =>
  Number((await q().count({ n: '*' }))[0].n);

async function main(): Promise<void> {
  const cleanups: Array<() => unknown> = [];
  try {
    console.log(
      `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; database ${DB}`,
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'intake-bench-webhooks-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const { cert, key } = makeCert(dir);
    const receiver = await node('receiver.mjs', [cert, key], {}, true);
    cleanups.push(receiver.stop);
    const healthyUrl = `https://127.0.0.1:${receiver.result.healthy}/hook`;
    const failingUrl = `https://127.0.0.1:${receiver.result.failing}/hook`;
    const body = JSON.stringify({
      id: 'evt_00000000000000000000',
      event: 'job.completed',
      created_at: new Date().toISOString(),
      data: sampleData(0),
    });

    // 1. The baselines: a plain fetch POST loop, one request at a time and PER_ENDPOINT in flight.
    const fetchLoop = async (inFlight: number) =>
      (
        await node('fetch-loop.mjs', [healthyUrl, String(DELIVERIES), String(inFlight)], {
          NODE_EXTRA_CA_CERTS: cert,
          BENCH_BODY: body,
        })
      ).result as { requests: number; seconds: number; cpuMs: number };
    const receiverCpu0 = processCpuMs(receiver.pid);
    const sequential = await fetchLoop(1);
    const receiverCpu1 = processCpuMs(receiver.pid);
    const loop = await fetchLoop(PER_ENDPOINT);
    const receiverLoopCpuMs = processCpuMs(receiver.pid) - receiverCpu1;
    const receiverSequentialCpuMs = receiverCpu1 - receiverCpu0;
    const loopRate = loop.requests / loop.seconds;
    const sequentialRate = sequential.requests / sequential.seconds;

    // 2. The sender over a real database.
    let storage: SqlStorage;
    if (DB === 'postgres') {
      // With BENCH_PROFILE=1, pg_stat_statements times the database's statements too.
      const postgres = await startPostgres(
        process.env.BENCH_PROFILE === '1'
          ? { flags: { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track_planning': 'on' } }
          : {},
      );
      cleanups.push(() => postgres.stop());
      storage = await createSqlStorage({ kind: 'postgres', databaseUrl: postgres.url });
    } else storage = await createSqlStorage({ kind: 'pglite' });
    cleanups.push(() => storage.close());
    const intake = createIntake({ stores: storage });
    const transport = createHttpsTransport({ allowedHosts: ['127.0.0.1'], caFile: cert, maxSockets: PER_ENDPOINT });
    cleanups.push(() => transport.close());
    const service = new WebhookService({
      store: storage.webhooks,
      settings: storage.settings,
      transport,
      clock: systemClock,
      ids: intake.ids,
      timeoutMs: 5000,
    });
    const profile = new Map<string, { calls: number; ms: number }>();
    const timed = <T extends object>(target: T, label: string): T =>
      process.env.BENCH_PROFILE !== '1'
        ? target
        : new Proxy(target, {
            get(obj, prop, receiver) {
              const value = Reflect.get(obj, prop, receiver);
              if (typeof value !== 'function') return value;
              return async (...args: unknown[]) => {
                const t = performance.now();
                try {
                  return await value.apply(obj, args);
                } finally {
                  const entry = profile.get(`${label}.${String(prop)}`) ?? { calls: 0, ms: 0 };
                  entry.calls++;
                  entry.ms += performance.now() - t;
                  profile.set(`${label}.${String(prop)}`, entry);
                }
              };
            },
          });
    // Successes as the sender records them, counted here: polling the database for them would cost
    // the database (on the same CPUs) more than the sender's own statements.
    let recordedOk = 0;
    let onRecorded = () => {};
    const counting = new Proxy(storage.webhooks, {
      get(obj, prop, receiver) {
        if (prop !== 'recordAttempts') return Reflect.get(obj, prop, receiver);
        return async (...args: Parameters<typeof obj.recordAttempts>) => {
          const recorded = await obj.recordAttempts(...args);
          args[1].forEach((o, i) => (recordedOk += recorded[i] && o.attempt.success ? 1 : 0));
          onRecorded();
          return recorded;
        };
      },
    });
    // Requests in flight to the healthy endpoint, integrated over time: how full the sender keeps
    // the PER_ENDPOINT slots the loop keeps full by construction.
    const healthySlots = { inFlight: 0, area: 0, since: performance.now() };
    const slotsMark = (by: number) => {
      const now = performance.now();
      healthySlots.area += healthySlots.inFlight * (now - healthySlots.since);
      healthySlots.since = now;
      healthySlots.inFlight += by;
    };
    const watched: typeof transport = {
      ...transport,
      send: async (request) => {
        const healthyRequest = request.url === healthyUrl;
        if (healthyRequest) slotsMark(1);
        try {
          return await transport.send(request);
        } finally {
          if (healthyRequest) slotsMark(-1);
        }
      },
    };
    const sender = new WebhookSender({
      store: timed(counting, 'store'),
      transport: timed(watched, 'transport'),
      clock: systemClock,
      ids: intake.ids,
      options: { timeoutMs: 5000, leaseMs: 30_000 },
    });
    const workers = () =>
      new WebhookWorkers(sender, pino({ level: 'silent' }), {
        concurrency: CONCURRENCY,
        perEndpoint: PER_ENDPOINT,
        pollMs: 500,
      });
    const [good, bad] = [
      await intake.organizations.create({ name: 'Healthy', plan: 'business' }),
      await intake.organizations.create({ name: 'Failing', plan: 'business' }),
    ];
    const healthy = (await service.create(good.org_id, { url: healthyUrl, events: ['job.completed'] })).endpoint;
    const failing = (await service.create(bad.org_id, { url: failingUrl, events: ['job.completed'] })).endpoint;
    const emit = async (orgId: string, from: number, n: number) => {
      for (let i = from; i < from + n; i += 100) {
        await Promise.all(
          Array.from({ length: Math.min(100, from + n - i) }, (_, j) =>
            intake.stores.outbox.add({
              id: intake.ids('evt'),
              org_id: orgId,
              environment: 'live',
              event: 'job.completed',
              data: sampleData(i + j),
              created_at: new Date().toISOString(),
            }),
          ),
        );
      }
    };
    const knex = storage.knex;
    const succeeded = () =>
      count(knex, () => knex('webhook_deliveries').where({ endpoint_id: healthy.id, status: 'succeeded' }));
    // Only the healthy endpoint answers 2xx. The database confirms the count afterwards.
    const drain = async (target: number) => {
      while (recordedOk < target) await new Promise<void>((resolve) => (onRecorded = resolve));
    };
    const confirm = async (target: number) => {
      const inDatabase = await succeeded();
      if (inDatabase !== target)
        throw new Error(`${inDatabase} deliveries succeeded in the database, ${target} recorded`);
    };

    // Warm-up (untimed): connections, JIT, and attempt 1 of every failing delivery (503; next at +5 s).
    await emit(good.org_id, 0, 200);
    await emit(bad.org_id, 0, FAILING);
    const warm = workers();
    warm.start();
    await drain(200);
    await confirm(200);
    while (
      (await count(knex, () => knex('webhook_deliveries').where({ endpoint_id: failing.id, attempt_count: 0 }))) > 0
    )
      await new Promise((r) => setTimeout(r, 50));
    await warm.stop();

    // Their retries fall due throughout the window the loop needed for the same work.
    const spreadMs = Math.max(1000, (DELIVERIES / loopRate) * 1000);
    await knex('webhook_deliveries')
      .where({ endpoint_id: failing.id, status: 'pending' })
      .update({ next_attempt_at: knex.raw(`now() + random() * interval '${Math.round(spreadMs)} milliseconds'`) });
    await emit(good.org_id, 200, DELIVERIES);
    const run = workers();
    // The database's server processes (PostgreSQL only: PGlite runs inside this process).
    const backends = async () =>
      DB === 'postgres'
        ? ((await knex.raw('select pid from pg_stat_activity')).rows as Array<{ pid: number }>).map((r) => r.pid)
        : [];
    const databaseCpu = (pids: number[]) => pids.reduce((sum, pid) => sum + processCpuMs(pid), 0);
    const statements = DB === 'postgres' && process.env.BENCH_PROFILE === '1';
    if (statements)
      await knex
        .raw('create extension if not exists pg_stat_statements')
        .then(() => knex.raw('select pg_stat_statements_reset()'));
    const pids0 = await backends();
    const databaseCpu0 = new Map(pids0.map((pid) => [pid, processCpuMs(pid)]));
    const receiverCpu2 = processCpuMs(receiver.pid);
    const started = new Date();
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    slotsMark(0);
    const area0 = healthySlots.area;
    run.start();
    await drain(200 + DELIVERIES);
    const seconds = (performance.now() - t0) / 1000;
    slotsMark(0);
    const meanInFlight = (healthySlots.area - area0) / (seconds * 1000);
    const cpu = process.cpuUsage(cpu0);
    const senderCpuMs = (cpu.user + cpu.system) / 1000;
    const receiverSenderCpuMs = processCpuMs(receiver.pid) - receiverCpu2;
    await confirm(200 + DELIVERIES);
    const pids1 = await backends();
    const databaseCpuMs = databaseCpu(pids1) - pids1.reduce((sum, pid) => sum + (databaseCpu0.get(pid) ?? 0), 0);
    const finished = new Date();
    await run.stop();
    const retries = Number(
      (
        await knex('webhook_attempts as a')
          .join('webhook_deliveries as d', 'd.id', 'a.delivery_id')
          .where('d.endpoint_id', failing.id)
          .andWhere('a.attempt', '>', 1)
          .andWhereBetween('a.started_at', [started.toISOString(), finished.toISOString()])
          .count({ n: '*' })
      )[0]!.n,
    );
    const senderRate = DELIVERIES / seconds;
    const ratio = senderRate / loopRate;
    // Exactly once: the receiver saw the loop's requests plus one per delivery, no more.
    const counts = await new Promise<{ ok: number; failed: number }>((resolve, reject) => {
      https
        .get(healthyUrl.replace('/hook', '/__count'), { ca: fs.readFileSync(cert) }, (res) => {
          let text = '';
          res
            .setEncoding('utf8')
            .on('data', (c: string) => (text += c))
            .on('end', () => resolve(JSON.parse(text)));
        })
        .on('error', reject);
    });
    const expected = 2 * (Math.min(200, DELIVERIES) + DELIVERIES) + 200 + DELIVERIES;
    if (counts.ok !== expected) throw new Error(`the healthy receiver saw ${counts.ok} requests, expected ${expected}`);
    // The loop again, now: the machine's load drifts, and the sender ran between the two.
    const loopAfter = await fetchLoop(PER_ENDPOINT);
    const loopAfterRate = loopAfter.requests / loopAfter.seconds;

    console.log(
      `\nWebhook deliveries to one local HTTPS receiver, ${DELIVERIES} each (after warm-up), ${PER_ENDPOINT} in flight per endpoint, ${CONCURRENCY} per daemon`,
    );
    // CPU per delivery of the healthy endpoint; the sender's and the database's include the failing
    // endpoint's retries, the receiver's (for the loops) their warm-up.
    const each = (ms: number) => (ms / DELIVERIES).toFixed(2);
    console.table([
      {
        path: 'fetch (undici) POST loop, 1 in flight',
        'per second': Math.round(sequentialRate),
        seconds: sequential.seconds.toFixed(2),
        'client CPU ms each': each(sequential.cpuMs),
        'receiver CPU ms each': each(receiverSequentialCpuMs),
        'database CPU ms each': '-',
        [`vs loop (${PER_ENDPOINT} in flight)`]: (sequentialRate / loopRate).toFixed(2),
      },
      {
        path: `fetch (undici) POST loop, ${PER_ENDPOINT} in flight`,
        'per second': Math.round(loopRate),
        seconds: loop.seconds.toFixed(2),
        'client CPU ms each': each(loop.cpuMs),
        'receiver CPU ms each': each(receiverLoopCpuMs),
        'database CPU ms each': '-',
        [`vs loop (${PER_ENDPOINT} in flight)`]: '1.00',
      },
      {
        path: `WebhookWorkers + WebhookSender + HTTPS + ${DB === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
        'per second': Math.round(senderRate),
        seconds: seconds.toFixed(2),
        'client CPU ms each': each(senderCpuMs),
        'receiver CPU ms each': each(receiverSenderCpuMs),
        'database CPU ms each': DB === 'postgres' ? each(databaseCpuMs) : '(in client)',
        [`vs loop (${PER_ENDPOINT} in flight)`]: ratio.toFixed(2),
      },
      {
        path: `fetch (undici) POST loop, ${PER_ENDPOINT} in flight, again after`,
        'per second': Math.round(loopAfterRate),
        seconds: loopAfter.seconds.toFixed(2),
        'client CPU ms each': each(loopAfter.cpuMs),
        'receiver CPU ms each': '-',
        'database CPU ms each': '-',
        [`vs loop (${PER_ENDPOINT} in flight)`]: (loopAfterRate / loopRate).toFixed(2),
      },
    ]);
    console.log(
      `meanwhile: ${retries} retries (attempt 2, answered 503) of ${FAILING} failing deliveries to another endpoint; requests in flight to the healthy one: ${meanInFlight.toFixed(2)} on average (at most ${PER_ENDPOINT})`,
    );
    const verdict = (r: number) => `${r.toFixed(2)} (target >= 0.5: ${r >= 0.5 ? 'met' : 'NOT met'})`;
    console.log(
      `ratio vs the loop with as many in flight (${PER_ENDPOINT}): ${verdict(ratio)}; vs the one-at-a-time loop: ${verdict(senderRate / sequentialRate)}`,
    );
    console.log(
      `ratio vs the mean of that loop before and after the sender (load drifts on a shared machine): ${verdict(senderRate / ((loopRate + loopAfterRate) / 2))}`,
    );
    if (profile.size)
      console.table(
        [...profile].map(([call, p]) => ({ call, calls: p.calls, 'mean ms': (p.ms / p.calls).toFixed(2) })),
      );
    if (statements) {
      const top = await knex.raw(
        `select calls, round((total_plan_time + total_exec_time)::numeric, 1) as total_ms, round(((total_plan_time + total_exec_time) / calls)::numeric, 3) as mean_ms, rows,
                regexp_replace(left(query, 90), '\\s+', ' ', 'g') as query
         from pg_stat_statements where query not like '%pg_stat%' order by total_plan_time + total_exec_time desc limit 10`,
      );
      console.log('database time in the measured window (pg_stat_statements: planning + execution, wall clock):');
      console.table(top.rows);
    }
  } finally {
    for (const cleanup of cleanups.reverse())
      await Promise.resolve(cleanup()).catch((error: unknown) => console.error('cleanup failed:', error));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
