/**
 * Preloaded into the daemon by `npm run bench:memory` (NODE_OPTIONS=--import=this file, with
 * BENCH_MEMORY_TRACE naming a file prefix): every 100 ms it appends one JSON line to
 * PREFIX.PID with the process's resident memory and where it lies as far as the process can tell:
 * process.memoryUsage() (the JavaScript heap, `external` memory and ArrayBuffers), V8's new space
 * (the young generation), the WebAssembly memories it created (PGlite's: they never shrink), and
 * the longest the event loop was held up in the 100 ms (perf_hooks' event-loop delay).
 * The reader process and the first start's database process inherit it and write their own files.
 * A diagnostic of the benchmark only: nothing in the daemon loads it.
 */
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import { isMainThread } from 'node:worker_threads';

const prefix = process.env.BENCH_MEMORY_TRACE;
// Worker threads load the preload too: only the process's main thread traces (one file a process).
if (prefix && isMainThread) {
  // Every WebAssembly memory, created in JavaScript or exported by an instance (Emscripten does either).
  const memories = new Set();
  const keep = (exports) => {
    for (const value of Object.values(exports ?? {}))
      if (value instanceof WebAssembly.Memory) memories.add(new WeakRef(value));
  };
  const NativeMemory = WebAssembly.Memory;
  WebAssembly.Memory = new Proxy(NativeMemory, {
    construct(target, args, newTarget) {
      const memory = Reflect.construct(target, args, newTarget);
      memories.add(new WeakRef(memory));
      return memory;
    },
  });
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async (...args) => {
    const result = await instantiate(...args);
    keep((result.instance ?? result).exports);
    return result;
  };
  const streaming = WebAssembly.instantiateStreaming;
  if (streaming)
    WebAssembly.instantiateStreaming = async (...args) => {
      const result = await streaming(...args);
      keep(result.instance.exports);
      return result;
    };
  const file = `${prefix}.${process.pid}`;
  const mb = (bytes) => Math.round(bytes / 2 ** 18) / 4;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const sample = () => {
    const usage = process.memoryUsage();
    const wasm = [...memories].map((ref) => ref.deref()?.buffer.byteLength ?? 0).filter((n) => n > 0);
    const newSpace = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    const line = {
      t: Date.now(),
      rss: mb(usage.rss),
      heapTotal: mb(usage.heapTotal),
      heapUsed: mb(usage.heapUsed),
      external: mb(usage.external),
      arrayBuffers: mb(usage.arrayBuffers),
      newSpace: mb(newSpace?.space_size ?? 0),
      wasm: mb(wasm.reduce((a, b) => a + b, 0)),
      lagMs: Math.round(delay.max / 1e6),
    };
    delay.reset();
    try {
      fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
    } catch {
      // the benchmark removed its directory: nothing more to trace
    }
  };
  setInterval(sample, 100).unref();
}
