/**
 * Whether a daemon keeps answering while it works: /healthz and the SMTP greeting sampled on
 * loopback from a thread of their own (probe-thread.mjs), and the daemon's own event-loop delay
 * read from its /metrics. For the bomb test and the outsider trial (test/bench/bomb/run.ts).
 */
import { Worker } from 'node:worker_threads';

/** One probe's answer: when it was sent (ms after the probes started) and how long it took. */
export interface ProbeSample {
  at: number;
  ms: number;
  /**
   * Of `ms`, how long the daemon's main thread waited for a CPU while it could run (Linux
   * schedstat): time lost to other processes on a loaded machine, not to the daemon's own work.
   */
  queuedMs: number;
  /** How long the daemon's main thread ran on a CPU meanwhile (its event loop's work, everyone's). */
  cpuMs: number;
}

export interface ProbeResults {
  health: ProbeSample[];
  banner: ProbeSample[];
  /**
   * The daemon's largest event-loop delay in each interval between two /metrics scrapes (`ms`), and
   * how long its main thread waited for a CPU in that interval (`queuedMs`).
   */
  loopMax: { ms: number; queuedMs: number }[];
  /** Probes that failed (no answer, an unexpected status or greeting). */
  errors: string[];
}

export interface ProbeOptions {
  httpUrl: string;
  smtpHost: string;
  smtpPort: number;
  /** The daemon's pid, for its main thread's CPU wait (optional). */
  pid?: number | undefined;
  /** A new sample of each kind this often (default 20 ms)... */
  intervalMs?: number;
  /** ...unless this many of its kind are still waiting (default 8: a stall is measured, not flooded). */
  maxOutstanding?: number;
  /**
   * The same for the SMTP greeting alone (default `maxOutstanding`). Each greeting takes at least
   * smtp-server's 100 ms, so up to 8 waiting means about 50 new SMTP connections a second.
   */
  bannerMaxOutstanding?: number;
  /** How often the event-loop delay is read from /metrics (default 1000 ms). */
  metricsEveryMs?: number;
  /** The loopback address banner probes connect from (default 127.0.0.3, apart from other SMTP clients). */
  bannerAddress?: string;
}

/** Starts the probes; the returned function stops them and gives their samples. */
export function startProbes(options: ProbeOptions): () => Promise<ProbeResults> {
  const worker = new Worker(new URL('./probe-thread.mjs', import.meta.url), {
    workerData: {
      healthUrl: `${options.httpUrl}/healthz`,
      metricsUrl: `${options.httpUrl}/metrics`,
      smtpHost: options.smtpHost,
      smtpPort: options.smtpPort,
      pid: options.pid,
      intervalMs: options.intervalMs ?? 20,
      maxOutstanding: options.maxOutstanding ?? 8,
      bannerMaxOutstanding: options.bannerMaxOutstanding ?? options.maxOutstanding ?? 8,
      metricsEveryMs: options.metricsEveryMs ?? 1000,
      bannerAddress: options.bannerAddress ?? '127.0.0.3',
    },
  });
  const result = new Promise<ProbeResults>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return async () => {
    worker.postMessage('stop');
    try {
      return await result;
    } finally {
      await worker.terminate();
    }
  };
}

/**
 * What the daemon itself can have made a sample wait: its time less the time the daemon's main
 * thread waited for a CPU meanwhile (other processes' doing on a loaded machine), and at most the
 * time that thread ran (an event loop delays an answer only by running something else). On an
 * idle machine a stalled event loop runs the whole wait, so this is the sample's time.
 */
export const ownWaitMs = (sample: { ms: number; queuedMs: number; cpuMs?: number }): number => {
  const unqueued = sample.ms - (Number.isFinite(sample.queuedMs) ? sample.queuedMs : 0);
  return sample.cpuMs !== undefined && Number.isFinite(sample.cpuMs) ? Math.min(unqueued, sample.cpuMs) : unqueued;
};

/** The `p`th percentile (0..100) of `values`, nearest rank; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** One line: count, p50, p99, max and how many over `boundMs`. */
export function summarize(name: string, values: readonly number[], boundMs: number): string {
  const over = values.filter((v) => v > boundMs).length;
  const ms = (v: number) => `${Math.round(v)} ms`;
  return `${name}: ${values.length} samples, p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}, max ${ms(Math.max(...values))}, ${over} over ${boundMs} ms`;
}
