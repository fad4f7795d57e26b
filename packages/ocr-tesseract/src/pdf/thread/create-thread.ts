/**
 * Starts a PDF thread. Built, its script is pdf-thread.js beside this file. Run from the TypeScript
 * sources (tests, tsx scripts), it is pdf-thread.ts, which a thread can load only once tsx's loader
 * is registered in it (Node 20 threads inherit no loader; as @intake/ocr-onnx does). tsx would also
 * transform every JavaScript module the thread loads, which made starting one take seconds of CPU
 * for pdfjs alone, so pdfjs is imported before the loader is registered, and reused from the cache.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';

const require = createRequire(import.meta.url);

/**
 * pdfjs' two modules (its worker module is loaded by the first document), and @intake/core/reading
 * (what the thread uses of core) as the thread resolves it without the source condition: its build, current in tests (the global setup
 * builds first). Only this package's own modules are left to tsx.
 */
const PRELOADED = ['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs'];
const CORE_BUILD = ['dist/reading.js'];

export function createPdfThread(resourceLimits: ResourceLimits): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./pdf-thread.js', import.meta.url), { resourceLimits });
  const script = new URL('./pdf-thread.ts', import.meta.url).href;
  const url = (specifier: string): string => JSON.stringify(pathToFileURL(require.resolve(specifier)).href);
  const core = path.dirname(require.resolve('@intake/core/package.json'));
  const preloads = [
    ...PRELOADED.map(url),
    ...CORE_BUILD.map((file) => JSON.stringify(pathToFileURL(path.join(core, file)).href)),
  ];
  // tsx's ESM API (resolve() names its CommonJS twin).
  const api = url('tsx/esm/api').replace(/\.cjs"$/, '.mjs"');
  const boot = [
    `Promise.all([${preloads.map((href) => `import(${href})`).join(', ')}])`,
    `.then(() => import(${api}))`,
    `.then((tsx) => { tsx.register(); return import(${JSON.stringify(script)}); })`,
  ].join('');
  return new Worker(boot, { eval: true, resourceLimits });
}
