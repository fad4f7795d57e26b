import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { quickFiles } from './support/tiers.js';
import { shared } from './vitest.config.js';

/**
 * The quick tier (`npm run test:quick`): the files that run in the test process alone, chosen by
 * the rules of test/support/tiers.ts. Its project is named `quick`, which tells the global setup to
 * start no PostgreSQL server and to skip the build the spawned processes would run.
 */
export default defineConfig({
  resolve: shared.resolve,
  test: {
    ...shared.test,
    // Its files compute rather than wait: one worker per core.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'quick',
          isolate: false,
          include: quickFiles(fileURLToPath(new URL('..', import.meta.url))),
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
    ],
  },
});
