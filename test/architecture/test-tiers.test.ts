import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/processes.js';
import { quickFiles, SLOW_REASONS, slowReason, testFiles } from '../support/tiers.js';

/** The rules of test/support/tiers.ts, which choose the files of `npm run test:quick`. */
describe('test tiers', () => {
  it('leaves a file out of the quick tier for a browser, a spawned process, the PostgreSQL server or the corpus', () => {
    // Samples spelled in pieces where whole they would put this file itself out of the quick tier.
    const name = (piece: string) => `'${piece}'`;
    const cases: [string, string, string | null][] = [
      ['test/x/a.test.ts', "import { api } from '../support/http.js';", null],
      ['test/x/a.browser.test.ts', '', SLOW_REASONS.browser],
      ['test/x/a.test.ts', "import {\n  api,\n  startDaemon,\n} from '../support/processes.js';", SLOW_REASONS.spawns],
      ['test/x/a.test.ts', "import { runCliOk } from '../support/processes.js';", SLOW_REASONS.spawns],
      ['test/x/a.test.ts', "import { spawn } from 'node:child_process';", SLOW_REASONS.spawns],
      // A daemon started in the test's own process is in-process.
      [
        'test/x/a.test.ts',
        "import { startDaemon } from '@intake/daemon';\nimport { REPO_ROOT } from '../support/processes.js';",
        null,
      ],
      ['test/x/a.test.ts', `const db = await openTestDatabase(${name('post' + 'gres')});`, SLOW_REASONS.postgres],
      ['test/x/a.test.ts', "describe.each(DB_KINDS)('on %s', (kind) => {});", null],
      ['test/x/a.test.ts', `import { DEV_CORPUS } from ${name('./corpus-' + 'location.js')};`, SLOW_REASONS.corpus],
    ];
    for (const [file, source, reason] of cases) expect(slowReason(file, source), source).toBe(reason);
  });

  it('puts most in-process files in the quick tier and none of the files that spawn the CLI', () => {
    const all = testFiles(REPO_ROOT);
    const quick = quickFiles(REPO_ROOT);
    expect(all).toContain('test/architecture/test-tiers.test.ts');
    expect(quick).toContain('test/architecture/test-tiers.test.ts');
    expect(quick).not.toContain('test/daemon/first-start.test.ts');
    expect(quick).not.toContain('test/dashboard/review.browser.test.ts');
    expect(all.some((file) => file.startsWith('test/bench/'))).toBe(false);
    for (const file of quick) {
      expect(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'), file).not.toMatch(/\bspawnIntake\(|\brunCli(Ok)?\(/);
    }
    expect(quick.length).toBeGreaterThan(all.length / 2);
  });
});
