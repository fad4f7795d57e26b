/**
 * Starts one of the daemon's own worker threads from its script's name beside the caller. Built,
 * the script is `<name>.js`. From the TypeScript sources (tests, tsx scripts) it is `<name>.ts`,
 * which a thread loads once tsx's loader is registered in it (Node 20 threads inherit no loader; as
 * the PDF and mail threads of the packages do).
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

const require = createRequire(import.meta.url);

/** `callerUrl` is the caller's `import.meta.url`; `name` its thread script's name without extension. */
export function startOwnThread(callerUrl: string, name: string, options: WorkerOptions): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, callerUrl), options);
  const script = JSON.stringify(new URL(`./${name}.ts`, callerUrl).href);
  // tsx's ESM API (resolve() names its CommonJS twin).
  const api = JSON.stringify(pathToFileURL(require.resolve('tsx/esm/api')).href).replace(/\.cjs"$/, '.mjs"');
  const boot = `import(${api}).then((tsx) => { tsx.register(); return import(${script}); })`;
  return new Worker(boot, { ...options, eval: true });
}
