import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './support/sequencer.js';
import { inProcessFiles, isolatedFiles } from './support/tiers.js';

/**
 * Tests run the packages from their TypeScript sources, never from a possibly stale dist/: each
 * workspace package's `exports` names its source file under the `@intake/source` condition, and
 * every such entry becomes an exact alias here (Vite's own condition matching did not reach the
 * imports made inside another linked package, nor the global setup).
 */
function sourceAliases(): { find: RegExp; replacement: string }[] {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dirs = ['daemon', ...fs.readdirSync(path.join(root, 'packages')).map((d) => path.join('packages', d))];
  const aliases: { find: RegExp; replacement: string }[] = [];
  for (const dir of dirs) {
    const file = path.join(root, dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; exports?: Record<string, unknown> };
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const source =
        typeof target === 'object' && target !== null
          ? (target as Record<string, string>)['@intake/source']
          : undefined;
      if (!source) continue;
      const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
      aliases.push({
        find: new RegExp(`^${specifier.replace(/[/.]/g, '\\$&')}$`),
        replacement: path.join(root, dir, source),
      });
    }
  }
  return aliases;
}

const BROWSER_TESTS = 'test/dashboard/**/*.browser.test.ts';

/** What both runs share: the aliases, timeouts, workers, file order and reporters. */
export const shared = {
  resolve: { alias: sourceAliases() },
  test: {
    root: new URL('..', import.meta.url).pathname,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Three workers on a two-core machine: much of the run waits on sockets, child processes and
    // daemons, so a third worker fills the cores (test/README.md, "Order"). Each worker's PGlite
    // instances take ~350 MB; the whole run peaked at 1.8 GB resident.
    maxWorkers: 3,
    // Longest files first, so that the workers finish together, and each `isolate: false` project's
    // files as one run, so that its workers go on from file to file (test/support/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
};

/**
 * The full run (`npm test`): every test file. Four projects, each with the global setups its files
 * need (a project's setups run only when one of its files is queued): the databases for everything
 * (test/support/global-setup.ts, made once for all), and for the dashboard's browser tests one
 * shared daemon and Chromium (test/dashboard/global-setup.ts). The in-process files (the quick
 * tier's and those left to the full run, test/support/tiers.ts) run as in the quick tier,
 * `isolate: false`: each worker imports the packages once for all of them instead of once per file
 * (test/README.md). So do the files of `main`, which spawn processes, name the PostgreSQL server or
 * read the corpus; those that load OCR models or whose subject is the reader (`isolatedFiles`) run
 * each in a worker of its own (`isolated`). The quick tier is test/vitest.quick.config.ts; no
 * project here is named `quick`, which would tell the global setup to start no PostgreSQL server.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const inProcess = inProcessFiles(root);
const isolated = isolatedFiles(root);

export default defineConfig({
  resolve: shared.resolve,
  test: {
    ...shared.test,
    projects: [
      {
        extends: true,
        test: {
          name: 'in-process',
          isolate: false,
          include: inProcess,
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'main',
          isolate: false,
          include: ['test/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'test/bench/**', BROWSER_TESTS, ...inProcess, ...isolated],
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: isolated,
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: [BROWSER_TESTS],
          // The first is the same setup as main's (run once for all); the dashboard's copies its data directory.
          globalSetup: ['test/support/global-setup.ts', 'test/dashboard/global-setup.ts'],
        },
      },
    ],
  },
});
