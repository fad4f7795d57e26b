import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir, runCliOk, runLabOk, useProcessCleanup } from '../support/processes.js';
import { DEV_CORPUS, HAS_CORPUS } from './corpus-location.js';

useProcessCleanup();

interface Scored {
  file: string;
  scores: { field: string; actual: unknown; confidence?: number }[];
}

/**
 * `intake-lab eval --shipped` scores with the committed ranker weights and calibration, as a
 * stranger's documents are read by `intake extract` and the daemon: the values and confidences it
 * scores are those the product gives, not those of rankers trained per fold.
 */
describe.skipIf(!HAS_CORPUS)('intake-lab eval --shipped', () => {
  it('scores the values and confidences that `intake extract` gives', { timeout: 600_000 }, async () => {
    const dir = makeTempDir('intake-eval-shipped-');
    const names = ['dev-50.pdf', 'dev-53.pdf'];
    for (const name of names) {
      copyFileSync(path.join(DEV_CORPUS, name), path.join(dir, name));
      const stem = name.replace(/\.\w+$/, '');
      copyFileSync(path.join(DEV_CORPUS, `${stem}.expected.json`), path.join(dir, `${stem}.expected.json`));
    }
    const cacheDir = makeTempDir('intake-eval-shipped-cache-');
    const text = await runLabOk(['eval', dir, '--shipped', '--cache-dir', cacheDir], {}, { timeoutMs: 240_000 });
    expect(text.stdout).toContain('Scored with the shipped ranker');
    expect(text.stdout).not.toContain('Held-out figures');
    expect(text.stdout).toContain('Documents: 2');

    const json = await runLabOk(['eval', dir, '--shipped', '--json', '--cached-only', '--cache-dir', cacheDir], {});
    const { documents } = JSON.parse(json.stdout) as { documents: Scored[] };
    const { stdout } = await runCliOk(['extract', ...names.map((n) => path.join(dir, n)), '--json'], {});
    const extracted = stdout
      .split('\n')
      .filter(Boolean)
      .map(
        (l) =>
          JSON.parse(l) as {
            file: string;
            extracted_data: Record<string, unknown>;
            confidence: Record<string, number>;
          },
      );
    expect(documents).toHaveLength(2);
    for (const scored of documents) {
      const product = extracted.find((e) => path.basename(e.file) === path.basename(scored.file))!;
      const fields = scored.scores.filter((s) => s.confidence !== undefined && typeof s.actual !== 'object');
      expect(fields.length).toBeGreaterThan(1);
      for (const s of fields) {
        expect(s.actual, `${scored.file} ${s.field}`).toEqual(product.extracted_data[s.field]);
        expect(s.confidence, `${scored.file} ${s.field}`).toBe(product.confidence[s.field]);
      }
    }
  });
});
