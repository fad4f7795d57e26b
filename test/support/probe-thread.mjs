/**
 * The probes of responsiveness.ts, in a thread of their own (a test's main thread encodes
 * megabytes of uploads meanwhile: a probe waiting on that would measure the test, not the daemon).
 * Every `intervalMs` each probe starts a sample unless `maxOutstanding` of its kind are still
 * waiting: GET /healthz, and a new SMTP connection up to its 220 greeting. Every `metricsEveryMs`
 * it reads the daemon's own event-loop delay from GET /metrics (prom-client resets its histogram at
 * each scrape, so each reading is the largest delay since the one before). Told to stop, it waits
 * for the samples in flight and posts them all.
 */
import fs from 'node:fs';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const {
  healthUrl,
  metricsUrl,
  smtpHost,
  smtpPort,
  bannerAddress,
  intervalMs,
  maxOutstanding,
  bannerMaxOutstanding,
  metricsEveryMs,
  pid,
} = workerData;
const started = performance.now();
const LAG_MAX = /^intake_nodejs_eventloop_lag_max_seconds (\S+)$/m;

/**
 * The daemon's main thread so far (Linux schedstat): nanoseconds on a CPU, and nanoseconds waiting
 * for one while runnable; NaN when unknown.
 */
function schedstat() {
  if (!pid) return [NaN, NaN];
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ').slice(0, 2).map(Number);
  } catch {
    return [NaN, NaN];
  }
}
const queuedNs = () => schedstat()[1];

async function health() {
  const res = await fetch(healthUrl, { signal: AbortSignal.timeout(60_000) });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`/healthz answered ${res.status}`);
}

function banner() {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: smtpPort, host: smtpHost, localAddress: bannerAddress });
    socket.setTimeout(60_000, () => socket.destroy(new Error('no greeting within 60 s')));
    let text = '';
    socket.on('data', (data) => {
      text += data.toString('latin1');
      if (!text.includes('\r\n')) return;
      socket.end('QUIT\r\n');
      socket.destroy();
      if (text.startsWith('220 ')) resolve();
      else reject(new Error(`unexpected greeting: ${text.trim()}`));
    });
    socket.once('error', reject);
  });
}

const kinds = {
  health: { probe: health, samples: [], outstanding: 0, max: maxOutstanding },
  banner: { probe: banner, samples: [], outstanding: 0, max: bannerMaxOutstanding },
};
const errors = [];
const loopMax = [];
const inFlight = new Set();

function track(promise) {
  inFlight.add(promise);
  void promise.finally(() => inFlight.delete(promise));
}

function sample(kind) {
  if (kind.outstanding >= kind.max) return;
  kind.outstanding++;
  const at = performance.now();
  const [cpuBefore, queuedBefore] = schedstat();
  track(
    kind
      .probe()
      .then(
        () => {
          const ms = performance.now() - at;
          const [cpu, queued] = schedstat();
          kind.samples.push({
            at: at - started,
            ms,
            queuedMs: (queued - queuedBefore) / 1e6,
            cpuMs: (cpu - cpuBefore) / 1e6,
          });
        },
        (error) => errors.push(String(error)),
      )
      .finally(() => kind.outstanding--),
  );
}

let queuedAtScrape = queuedNs();
async function scrapeLoopMax() {
  try {
    const res = await fetch(metricsUrl, { signal: AbortSignal.timeout(60_000) });
    const match = LAG_MAX.exec(await res.text());
    const queued = queuedNs();
    if (match) loopMax.push({ ms: Number(match[1]) * 1000, queuedMs: (queued - queuedAtScrape) / 1e6 });
    queuedAtScrape = queued;
  } catch (error) {
    errors.push(`/metrics: ${String(error)}`);
  }
}

// The first scrape only resets the daemon's histogram (what it holds predates the probes).
const first = scrapeLoopMax().then(() => loopMax.splice(0));
track(first);
const probing = setInterval(() => {
  sample(kinds.health);
  sample(kinds.banner);
}, intervalMs);
const scraping = setInterval(() => track(scrapeLoopMax()), metricsEveryMs);

parentPort.once('message', async () => {
  clearInterval(probing);
  clearInterval(scraping);
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  await scrapeLoopMax();
  parentPort.postMessage({
    health: kinds.health.samples,
    banner: kinds.banner.samples,
    loopMax,
    errors,
  });
});
