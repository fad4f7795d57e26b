/**
 * The baseline: a plain fetch (undici, Node's own) POST loop, `concurrency` requests in flight, to
 * one URL. Run with NODE_EXTRA_CA_CERTS pointing at the receiver's self-signed cert.
 *   BENCH_BODY='{...}' node fetch-loop.mjs URL TOTAL CONCURRENCY  -> prints {"requests", "seconds", "cpuMs"}
 */
const [url, totalArg, concurrencyArg] = process.argv.slice(2);
const total = Number(totalArg);
const concurrency = Number(concurrencyArg);
const body = process.env.BENCH_BODY ?? '{}';

async function run(n) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next++;
        const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`receiver answered ${res.status}`);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

await run(Math.min(200, total)); // warm-up: connections and JIT
const cpu = process.cpuUsage();
const seconds = await run(total);
const used = process.cpuUsage(cpu);
process.stdout.write(`${JSON.stringify({ requests: total, seconds, cpuMs: (used.user + used.system) / 1000 })}\n`);
