/**
 * Preloaded into a daemon by lazy-modules.test.ts (NODE_OPTIONS=--import=this file, with
 * INTAKE_TEST_LOADED_MODULES naming a file): appends `PID URL` to that file for every ES module the
 * process loads, so that the test can tell which of the daemon's modules are loaded once it is ready
 * and which only on first use. Its children (the reader process) inherit it and write their own PID.
 * In the process's main thread it registers itself as the module hooks; in the hooks thread it is them.
 */
import fs from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const file = process.env.INTAKE_TEST_LOADED_MODULES;

if (file && isMainThread) register(import.meta.url);

/** The module hooks' `load`: records the URL, then loads it as usual. */
export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (file) fs.appendFileSync(file, `${process.pid} ${url}\n`);
  return loaded;
}
