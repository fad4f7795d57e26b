import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { REPO_ROOT } from '../support/processes.js';
import LongestFirstSequencer, { assumedMs, QUICK_FILE_MS, SLOW_FILE_MS } from '../support/sequencer.js';
import {
  FULL_ONLY_REASONS,
  fullOnlyReason,
  inProcessFiles,
  ISOLATED_OCR_SUBJECT,
  isolatedFiles,
  isolatedReason,
  quickFiles,
  SLOW_REASONS,
  slowReason,
  testFiles,
  TIER_MARKERS,
  tierMarkers,
} from '../support/tiers.js';

/** The rules of test/support/tiers.ts, which choose the files of `npm run test:quick`. */
describe('test tiers', () => {
  it('leaves a file out of the quick tier for a browser, a spawned process, the PostgreSQL server or the corpus', () => {
    // Samples spelled in pieces where whole they would put this file itself out of the quick tier.
    const name = (piece: string) => `'${piece}'`;
    const marker = (value: string) => `// test-${'tier'}: ${value}`;
    const cases: [string, string, string | null][] = [
      ['test/x/a.test.ts', "import { api } from '../support/http.js';", null],
      ['test/x/a.browser.test.ts', '', SLOW_REASONS.browser],
      ['test/x/a.test.ts', "import {\n  api,\n  startDaemon,\n} from '../support/processes.js';", SLOW_REASONS.spawns],
      ['test/x/a.test.ts', "import { runCliOk } from '../support/processes.js';", SLOW_REASONS.spawns],
      ['test/x/a.test.ts', "import { spawn } from 'node:child_process';", SLOW_REASONS.spawns],
      // Spelt apart, so that this file does not read as one that launches Chromium.
      ['test/x/a.test.ts', `const printer = await ${'openHtmlPrinter'}(path);`, SLOW_REASONS.spawns],
      // A daemon started in the test's own process is in-process.
      [
        'test/x/a.test.ts',
        "import { startDaemon } from '@intake/daemon';\nimport { REPO_ROOT } from '../support/processes.js';",
        null,
      ],
      ['test/x/a.test.ts', `const db = await openTestDatabase(${name('post' + 'gres')});`, SLOW_REASONS.postgres],
      ['test/x/a.test.ts', "describe.each(DB_KINDS)('on %s', (kind) => {});", null],
      ['test/x/a.test.ts', `import { DEV_CORPUS } from ${name('./corpus-' + 'location.js')};`, SLOW_REASONS.corpus],
      // OCR models: a drawn scan, PaddleOCR, tesseract.js itself, or the marker; a text-layer PDF stays quick.
      ['test/x/a.test.ts', `const png = await ${'scan' + 'Image'}(INVOICE_SCAN);`, SLOW_REASONS.ocr],
      ['test/x/a.test.ts', `const pdf = await ${'scanned' + 'Pdf'}(png);`, SLOW_REASONS.ocr],
      ['test/x/a.test.ts', `const engine = ${'createPaddle' + 'Ocr'}({ workers: 1 });`, SLOW_REASONS.ocr],
      ['test/x/a.test.ts', `import { createWorker } from ${name('tesseract' + '.js')};`, SLOW_REASONS.ocr],
      // test/ocr/two-engines.ts's reader (PaddleOCR and tesseract) and its photo and scan.
      ['test/x/a.test.ts', `const reader = ${'twoEngine' + 'Reader'}(1500);`, SLOW_REASONS.ocr],
      ['test/x/a.test.ts', `const { photo, scan } = await ${'photoAnd' + 'Scan'}();`, SLOW_REASONS.ocr],
      // A synthetic document of the extraction lab drawn as a scan or a photo; its text PDFs stay quick.
      [
        'test/x/a.test.ts',
        `const doc = await ${'generate' + 'Document'}(SEED, 0, ${name('sc' + 'an')});`,
        SLOW_REASONS.ocr,
      ],
      [
        'test/x/a.test.ts',
        `const doc = await ${'generate' + 'Document'}(SEED, 1, ${name('pho' + 'to')});`,
        SLOW_REASONS.ocr,
      ],
      ['test/x/a.test.ts', `const doc = await ${'generate' + 'Document'}(SEED, 2);`, null],
      ['test/x/a.test.ts', `${marker('ocr')}\nconst api = await startApi('pglite');`, SLOW_REASONS.ocr],
      ['test/x/a.test.ts', "const api = await startApi('pglite');\nawait submit(await makeInvoicePdf());", null],
      ['test/x/a.test.ts', `${marker('no-ocr')}\nconst tiff = await ${'multiPage' + 'Tiff'}([png]);`, null],
      // The marker settles the OCR rule only: a file that also spawns stays out.
      [
        'test/x/a.test.ts',
        `${marker('no-ocr')}\nimport { spawn } from ${name('node:child' + '_process')};`,
        SLOW_REASONS.spawns,
      ],
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

  it('leaves the fuzz files to npm test, where they run in-process', () => {
    expect(fullOnlyReason('test/x/smtp-fuzz.test.ts')).toBe(FULL_ONLY_REASONS.fuzz);
    expect(fullOnlyReason('test/x/fuzzy-names.test.ts')).toBeNull();
    const quick = quickFiles(REPO_ROOT);
    const inProcess = inProcessFiles(REPO_ROOT);
    for (const file of ['test/email-ingestion/smtp-fuzz.test.ts', 'test/api/http-fuzz.test.ts']) {
      expect(quick, file).not.toContain(file);
      expect(inProcess, file).toContain(file);
    }
    expect(quick.every((file) => inProcess.includes(file))).toBe(true);
  });

  it('keeps the files that OCR images out of the quick tier and the text-layer ones in', () => {
    const quick = quickFiles(REPO_ROOT);
    for (const file of [
      'test/ocr/ocr.test.ts',
      'test/ocr/paddle.test.ts',
      'test/review/pages.test.ts',
      'test/ocr/idle-release.test.ts',
      'test/ocr/engine-switch.test.ts',
      'test/extraction/synthetic-documents.test.ts',
    ])
      expect(quick, file).not.toContain(file);
    for (const file of ['test/ocr/text-layer.test.ts', 'test/api/documents.happy.test.ts'])
      expect(quick, file).toContain(file);
  });

  it('runs each file that loads OCR models or whose subject is the reader in a process of its own, no other', () => {
    const spawns = "import { spawn } from 'node:child_" + "process';";
    expect(isolatedReason('test/x/a.test.ts', `const png = await ${'scan' + 'Image'}(INVOICE_SCAN);`)).toBe(
      SLOW_REASONS.ocr,
    );
    expect(isolatedReason('test/ocr/a.test.ts', spawns)).toBe(ISOLATED_OCR_SUBJECT);
    // Spawning elsewhere, or in-process under test/ocr: a worker's file after file.
    expect(isolatedReason('test/x/a.test.ts', spawns)).toBeNull();
    expect(isolatedReason('test/ocr/a.test.ts', "import { api } from '../support/http.js';")).toBeNull();
    const isolated = isolatedFiles(REPO_ROOT);
    const inProcess = inProcessFiles(REPO_ROOT);
    expect(isolated).toContain('test/ocr/reader-process.test.ts');
    expect(isolated).toContain('test/review/pages.test.ts');
    expect(isolated).not.toContain('test/daemon/first-start.test.ts');
    expect(isolated.filter((file) => inProcess.includes(file))).toEqual([]);
  });

  it('knows every test-tier marker a file carries', () => {
    for (const file of testFiles(REPO_ROOT)) {
      const markers = tierMarkers(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'));
      for (const value of markers)
        expect(TIER_MARKERS as readonly string[], `${file}: test-tier: ${value}`).toContain(value);
      expect(markers.length, file).toBeLessThanOrEqual(1);
    }
  });
});

/** The order of test/support/sequencer.ts: longest first, by the last run's durations or else by tier. */
describe('file order', () => {
  const spec = (file: string) =>
    ({
      moduleId: path.join(REPO_ROOT, file),
      project: { name: 'main', config: { sequence: { groupOrder: 0 } } },
    }) as unknown as TestSpecification;
  const sequencer = (durations: Record<string, number>) =>
    new LongestFirstSequencer({
      config: { root: REPO_ROOT },
      cache: {
        getFileTestResults: (key: string) =>
          key in durations ? { duration: durations[key], failed: false } : undefined,
      },
    } as unknown as Vitest);

  it('runs a file the quick tier leaves out before an in-process one when no earlier run measured them', async () => {
    const quick = 'test/architecture/test-tiers.test.ts';
    const spawning = 'test/daemon/data-dir-lock.test.ts';
    const source = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
    expect(assumedMs(spawning, source(spawning))).toBe(SLOW_FILE_MS);
    expect(assumedMs(quick, source(quick))).toBe(QUICK_FILE_MS);
    const sorted = await sequencer({}).sort([spec(quick), spec(spawning)]);
    expect(sorted.map((s) => path.relative(REPO_ROOT, s.moduleId))).toEqual([spawning, quick]);
  });

  it('orders by the cached durations of an earlier run where it has them', async () => {
    const files = [
      'test/daemon/data-dir-lock.test.ts',
      'test/architecture/test-tiers.test.ts',
      'test/docs/links.test.ts',
    ];
    const sorted = await sequencer({
      'main:test/architecture/test-tiers.test.ts': SLOW_FILE_MS * 3,
      'main:test/docs/links.test.ts': 10,
    }).sort(files.map(spec));
    expect(sorted.map((s) => path.relative(REPO_ROOT, s.moduleId))).toEqual([
      'test/architecture/test-tiers.test.ts',
      'test/daemon/data-dir-lock.test.ts',
      'test/docs/links.test.ts',
    ]);
  });

  it("keeps each shared (isolate: false) project's files together, after the files that each run in a process of their own", async () => {
    // A worker of a shared project goes on only to a next file of the same project (test/support/sequencer.ts).
    const inProject = (file: string, name: string, isolate: boolean) =>
      ({
        moduleId: path.join(REPO_ROOT, file),
        project: { name, config: { isolate, sequence: { groupOrder: 0 } } },
      }) as unknown as TestSpecification;
    const files: [string, string, boolean, number][] = [
      ['test/docs/links.test.ts', 'in-process', false, 60_000],
      ['test/daemon/data-dir-lock.test.ts', 'main', false, 1_000],
      ['test/ocr/unreadable.test.ts', 'isolated', true, 2_000],
      ['test/architecture/test-tiers.test.ts', 'in-process', false, 5_000],
      ['test/cli/extract-eval.test.ts', 'main', false, 90_000],
      ['test/ocr/paddle.test.ts', 'isolated', true, 50_000],
    ];
    const sorted = await sequencer(Object.fromEntries(files.map(([file, name, , ms]) => [`${name}:${file}`, ms]))).sort(
      files.map(([file, name, isolate]) => inProject(file, name, isolate)),
    );
    // The isolated files longest first; then main (91 s in all) before in-process (65 s), each longest first.
    expect(sorted.map((s) => path.relative(REPO_ROOT, s.moduleId))).toEqual([
      'test/ocr/paddle.test.ts',
      'test/ocr/unreadable.test.ts',
      'test/cli/extract-eval.test.ts',
      'test/daemon/data-dir-lock.test.ts',
      'test/docs/links.test.ts',
      'test/architecture/test-tiers.test.ts',
    ]);
  });
});
