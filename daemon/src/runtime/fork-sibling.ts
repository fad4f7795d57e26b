import { fork, type ChildProcess, type ForkOptions } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Forks one of the daemon's modules as a process of its own: built, its `.js` file (`built`); run
 * from the TypeScript sources (tests), its `.ts` file (`source`), loaded through tsx with the
 * sources' export condition. Callers name both as `new URL('./x.js', import.meta.url)` literals, so
 * that the unused-file check sees the module.
 */
export function forkSibling(
  { built, source }: { built: URL; source: URL },
  args: string[],
  options: ForkOptions,
): ChildProcess {
  if (!import.meta.url.endsWith('.ts')) return fork(built, args, options);
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return fork(source, args, { ...options, execArgv: [`--import=${tsx}`, '--conditions=@intake/source'] });
}
