import type { Knex } from 'knex';
import type { SqlStorage } from '@intake/storage-sql';
import { benchOrg, percentile, startStack } from './stack.js';

export interface ThroughputResult {
  name: string;
  jobs: number;
  jobsPerSecond: number;
  p50: number;
  p99: number;
}

export interface ThroughputOptions {
  jobs: number;
  warmup: number;
  /** Requests (or INSERTs) in flight at once while submitting. */
  submitters: number;
  /** Worker loops claiming jobs (WORKER_CONCURRENCY). */
  workers: number;
}

/** Counts items that reached a final state; waiters resolve once the count reaches their target. */
class Counter {
  count = 0;
  failures: string[] = [];
  private broken: Error | undefined;
  private waiters: Array<{ target: number; resolve: () => void; reject: (e: Error) => void }> = [];
  add(failure?: string): void {
    this.count++;
    if (failure) this.failures.push(failure);
    this.waiters = this.waiters.filter((w) => (this.count >= w.target ? (w.resolve(), false) : true));
  }
  /** A worker loop died: nobody will finish the rest, so waiting would only time out. */
  abort(error: Error): void {
    this.broken ??= error;
    for (const w of this.waiters.splice(0)) w.reject(error);
  }
  reach(target: number, timeoutMs: number): Promise<void> {
    if (this.broken) return Promise.reject(this.broken);
    if (this.count >= target) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`only ${this.count} of ${target} items finished within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        target,
        resolve: () => (clearTimeout(timer), resolve()),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
    });
  }
}

interface Driver {
  /** Submits item `i`; resolves with its id. */
  submit(i: number): Promise<string>;
  finished: Counter;
  /** Epoch ms at which each item was completed, as the database recorded it. */
  completedAt(ids: string[]): Promise<Map<string, number>>;
}

/**
 * Submits a burst of `jobs` items with `submitters` in flight, then waits until all are done. A burst
 * is faster than the workers drain it, so latency includes the wait in the queue: it is comparable
 * between targets, not a single job's processing time. A warm-up burst first (JIT, pools, caches).
 */
async function drive(name: string, driver: Driver, o: ThroughputOptions): Promise<ThroughputResult> {
  const burst = async (from: number, count: number) => {
    const sent = new Map<string, number>();
    let next = from;
    const submitter = async () => {
      while (next < from + count) {
        const i = next++;
        const at = Date.now();
        sent.set(await driver.submit(i), at);
      }
    };
    await Promise.all(Array.from({ length: Math.min(o.submitters, count) }, submitter));
    await driver.finished.reach(from + count, 600_000);
    return sent;
  };
  await burst(0, o.warmup);
  const sent = await burst(o.warmup, o.jobs);
  if (driver.finished.failures.length)
    throw new Error(`${name}: ${driver.finished.failures.length} jobs failed, e.g. ${driver.finished.failures[0]}`);
  const done = await driver.completedAt([...sent.keys()]);
  const latencies = [...sent].map(([id, at]) => {
    const end = done.get(id);
    if (end === undefined) throw new Error(`${name}: ${id} has no completion time`);
    return end - at;
  });
  const first = Math.min(...sent.values());
  const last = Math.max(...done.values());
  return {
    name,
    jobs: o.jobs,
    jobsPerSecond: (o.jobs * 1000) / (last - first),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** Test-mode jobs through POST /v1/documents, run by JobWorkers, until every one is completed. */
export async function intakeThroughput(
  name: string,
  storage: SqlStorage,
  pdfs: string[],
  o: ThroughputOptions,
): Promise<ThroughputResult> {
  const stack = await startStack(storage, { workers: o.workers });
  try {
    const { orgId, testKey, extractorId } = await benchOrg(stack.intake, `Bench ${name}`);
    const finished = new Counter();
    stack.onFinished((outcome) =>
      finished.add(outcome.kind === 'failed' ? `${outcome.jobId}: ${outcome.code}` : undefined),
    );
    const headers = { authorization: `Bearer ${testKey}`, 'content-type': 'application/json' };
    return await drive(
      name,
      {
        finished,
        async submit(i) {
          const body = JSON.stringify({
            extractor_id: extractorId,
            document: pdfs[i % pdfs.length],
            mime_type: 'application/pdf',
            metadata: { bench_seq: i },
          });
          const res = await fetch(`${stack.origin}/v1/documents`, { method: 'POST', headers, body });
          const json = (await res.json()) as { id?: string };
          if (res.status !== 202 || !json.id)
            throw new Error(`${name}: POST /v1/documents answered ${res.status}: ${JSON.stringify(json)}`);
          return json.id;
        },
        async completedAt(ids) {
          const rows: Array<{ id: string; completed_at: unknown }> = await storage
            .knex('jobs')
            .where({ org_id: orgId })
            .whereIn('id', ids)
            .select('id', 'completed_at');
          return new Map(rows.map((r) => [r.id, new Date(r.completed_at as string).getTime()]));
        },
      },
      o,
    );
  } finally {
    await stack.close();
  }
}

/**
 * The database's floor: the same burst as bare SQL on a minimal table. One INSERT per item; workers
 * claim with SELECT ... FOR UPDATE SKIP LOCKED and UPDATE in one transaction, woken by inserts.
 */
export async function floorThroughput(name: string, knex: Knex, o: ThroughputOptions): Promise<ThroughputResult> {
  await knex.raw(
    `create table bench_floor (id bigserial primary key, status text not null default 'queued', created_at timestamptz(3) not null, completed_at timestamptz(3))`,
  );
  // The equivalent of jobs_runnable: without it every claim would scan the finished rows.
  await knex.raw(`create index bench_floor_queued on bench_floor (id) where status = 'queued'`);
  const finished = new Counter();
  let running = true;
  const wakers: Array<() => void> = [];
  const wake = () => {
    for (const w of wakers.splice(0)) w();
  };
  const loop = async () => {
    while (running) {
      const claimed = await knex.transaction(async (trx) => {
        const { rows } = await trx.raw(
          `select id from bench_floor where status = 'queued' order by id limit 1 for update skip locked`,
        );
        if (!rows[0]) return false;
        await trx.raw(`update bench_floor set status = 'done', completed_at = ? where id = ?`, [
          new Date().toISOString(),
          rows[0].id,
        ]);
        return true;
      });
      if (claimed) finished.add();
      else await new Promise<void>((resolve) => (wakers.push(resolve), setTimeout(resolve, 1000)));
    }
  };
  const loops = Array.from({ length: o.workers }, () => loop().catch((error: Error) => finished.abort(error)));
  try {
    return await drive(
      name,
      {
        finished,
        async submit() {
          const { rows } = await knex.raw(`insert into bench_floor (created_at) values (?) returning id`, [
            new Date().toISOString(),
          ]);
          wake();
          return String(rows[0].id);
        },
        async completedAt(ids) {
          const rows: Array<{ id: unknown; completed_at: unknown }> = await knex('bench_floor')
            .whereIn('id', ids)
            .select('id', 'completed_at');
          return new Map(rows.map((r) => [String(r.id), new Date(r.completed_at as string).getTime()]));
        },
      },
      o,
    );
  } finally {
    running = false;
    wake();
    await Promise.all(loops);
    await knex.raw('drop table bench_floor');
  }
}
