/**
 * Starts the combiner's thread. Built, its script is combine-thread.js beside this file. Run from
 * the TypeScript sources (tests, tsx scripts), it is combine-thread.ts, which a thread can load
 * only once tsx's loader is registered in it (Node 20 threads inherit no loader; as the PDF threads
 * of @intake/ocr-tesseract do). pdf-lib and sharp are imported before the loader is registered, so
 * that tsx does not transform them, and reused from the cache.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const PRELOADED = ['pdf-lib', 'sharp'];

export function startCombineThread(resourceLimits: ResourceLimits): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./combine-thread.js', import.meta.url), { resourceLimits });
  const url = (specifier: string): string => JSON.stringify(pathToFileURL(require.resolve(specifier)).href);
  const script = JSON.stringify(new URL('./combine-thread.ts', import.meta.url).href);
  // tsx's ESM API (resolve() names its CommonJS twin).
  const api = url('tsx/esm/api').replace(/\.cjs"$/, '.mjs"');
  const boot = [
    `Promise.all([${PRELOADED.map((name) => `import(${url(name)})`).join(', ')}])`,
    `.then(() => import(${api}))`,
    `.then((tsx) => { tsx.register(); return import(${script}); })`,
  ].join('');
  return new Worker(boot, { eval: true, resourceLimits });
}
