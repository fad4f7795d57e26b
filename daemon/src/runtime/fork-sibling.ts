import { fork, type ChildProcess, type ForkOptions } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Forks the daemon's module `name` (no extension) that sits beside the module at `base` (its
 * `import.meta.url`). Built, that is `name.js`; run from the TypeScript sources (tests), it is
 * `name.ts`, loaded through tsx with the sources' export condition.
 */
export function forkSibling(base: string, name: string, args: string[], options: ForkOptions): ChildProcess {
  if (!base.endsWith('.ts')) return fork(new URL(`./${name}.js`, base), args, options);
  const tsx = pathToFileURL(createRequire(base).resolve('tsx')).href;
  return fork(new URL(`./${name}.ts`, base), args, {
    ...options,
    execArgv: [`--import=${tsx}`, '--conditions=@intake/source'],
  });
}
