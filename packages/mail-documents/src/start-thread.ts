/**
 * Starts a task thread. Built, its script is `<name>.js` beside this file. Run from the TypeScript
 * sources (tests, tsx scripts), it is `<name>.ts`, which a thread can load only once tsx's loader
 * is registered in it (Node 20 threads inherit no loader; as the PDF threads of
 * @intake/ocr-tesseract do). The libraries are imported before the loader is registered, so that
 * tsx does not transform them, and reused from the cache.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const PRELOADED = { 'combine-thread': ['pdf-lib', 'sharp'], 'parse-thread': ['mailparser'] };

export type TaskScript = keyof typeof PRELOADED;

export function startTaskThread(script: TaskScript, resourceLimits: ResourceLimits): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL(`./${script}.js`, import.meta.url), { resourceLimits });
  const url = (specifier: string): string => JSON.stringify(pathToFileURL(require.resolve(specifier)).href);
  const source = JSON.stringify(new URL(`./${script}.ts`, import.meta.url).href);
  // tsx's ESM API (resolve() names its CommonJS twin).
  const api = url('tsx/esm/api').replace(/\.cjs"$/, '.mjs"');
  const boot = [
    `Promise.all([${PRELOADED[script].map((name) => `import(${url(name)})`).join(', ')}])`,
    `.then(() => import(${api}))`,
    `.then((tsx) => { tsx.register(); return import(${source}); })`,
  ].join('');
  return new Worker(boot, { eval: true, resourceLimits });
}
