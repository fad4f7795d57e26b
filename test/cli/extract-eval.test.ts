import { copyFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess, runInProcessOk } from '../support/cli.js';
import { makeTempDir, runCli, runCliOk, runLab, runLabOk, useProcessCleanup } from '../support/processes.js';
import { DEV_CORPUS, HAS_CORPUS, NO_CORPUS_MESSAGE } from '../extraction/corpus-location.js';

useProcessCleanup();

const corpusFile = (name: string) => path.join(DEV_CORPUS, name);
const jsonLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

// The first runs the shipped bin; the others run the command in this process (test/support/cli.ts).
describe.skipIf(!HAS_CORPUS)('intake extract', () => {
  it('prints one JSON line per file, classifying each document first', async () => {
    const { stdout } = await runCliOk(['extract', corpusFile('dev-08.pdf'), corpusFile('dev-53.pdf'), '--json'], {});
    const [invoice, order] = jsonLines(stdout);
    expect(Object.keys(invoice!)).toEqual([
      'file',
      'document_type',
      'extracted_data',
      'confidence',
      'validation_errors',
    ]);
    expect(invoice).toMatchObject({
      document_type: 'invoice',
      extracted_data: { invoice_number: 'INV/2023/03/0008', total_amount: 279.84 },
    });
    expect(order).toMatchObject({
      document_type: 'purchase_order',
      extracted_data: { po_number: '190122', order_date: '2019-07-27', total_amount: 6547.55 },
    });
    expect((invoice!.confidence as Record<string, number>).invoice_number).toBe(1);
  });

  it('uses the field set of --type instead of classifying', async () => {
    const { stdout } = await runInProcessOk(['extract', '--type', 'receipt', corpusFile('dev-08.pdf'), '--json'], {});
    const [line] = jsonLines(stdout);
    expect(line).toMatchObject({ document_type: 'receipt', extracted_data: { total_amount: 279.84 } });
    expect(Object.keys(line!.extracted_data as object)).not.toContain('invoice_number');
  });

  it('reports a file it cannot read and goes on with the others, exiting 1', async () => {
    const result = await runInProcess(['extract', '/nonexistent/x.pdf', corpusFile('dev-53.pdf'), '--json'], {});
    expect(result.code).toBe(1);
    const [missing, order] = jsonLines(result.stdout);
    expect(missing).toMatchObject({ file: '/nonexistent/x.pdf', error: { code: 'not_found' } });
    expect(order).toMatchObject({ document_type: 'purchase_order' });
  });

  it('refuses an unknown --type', async () => {
    const result = await runInProcess(['extract', '--type', 'letter', corpusFile('dev-08.pdf')], {});
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('letter');
  });
});

describe.skipIf(!HAS_CORPUS)('intake-lab eval', () => {
  it(
    'scores directories of labelled documents and prints the tables, per directory too',
    // Seven lab runs, each compiling the lab and the packages it loads from their sources (tsx).
    { timeout: 600_000 },
    async () => {
      // Two directories: the invoice and the order in one, the receipt photo in the other.
      const [pdfs, photos] = [makeTempDir('intake-eval-pdfs-'), makeTempDir('intake-eval-photos-')];
      for (const [name, dir] of [
        ['dev-08.pdf', pdfs],
        ['dev-53.pdf', pdfs],
        ['dev-03.jpg', photos],
      ] as const) {
        copyFileSync(corpusFile(name), path.join(dir, name));
        const stem = name.replace(/\.\w+$/, '');
        copyFileSync(corpusFile(`${stem}.expected.json`), path.join(dir, `${stem}.expected.json`));
      }
      const cacheDir = makeTempDir('intake-eval-cache-');
      const text = await runLabOk(['eval', pdfs, photos, '--cache-dir', cacheDir], {}, { timeoutMs: 240_000 });
      expect(readdirSync(path.join(cacheDir, 'reads'))).toHaveLength(3);
      expect(text.stdout).toContain('Held-out figures: 5 folds by vendor and source');
      expect(text.stdout).toContain('Documents: 3');
      expect(text.stdout).toMatch(/Required fields per type and kind[\s\S]*receipt \/ photos and images/);
      expect(text.stdout).toMatch(/Vendor, supplier or merchant name \(with or without its legal form\)/);
      expect(text.stdout).toMatch(
        /Touchless documents \(every required field right\)\n\s+overall\s+\d+\.\d% \(\d\/3\)/,
      );
      // Per kind and field: in the read text, right, right of those in the text.
      expect(text.stdout).toMatch(
        /Where values are lost[\s\S]*photos and images \/ receipt\.merchant_name\s+\d+\.\d% \(\d\/1\)\s+\d+\.\d% \(\d\/1\)/,
      );
      expect(text.stdout).toContain('its confidences calibrated on inner folds');
      expect(text.stdout).toMatch(/invoice\.invoice_number\s+100\.0% \(1\/1\)/);
      expect(text.stdout).toMatch(/Classification\s+100\.0% \(3\/3\)/);
      expect(text.stdout).toMatch(/E-invoices \(1 with CII\/UBL XML\)/);
      expect(text.stdout).toMatch(/without the XML/);
      expect(text.stdout).toMatch(/Seconds per page\s+\d+\.\d\d/);
      expect(text.stdout).toContain('Calibration');
      // The same run broken down by directory: each with its own documents and kinds.
      const perDirectory = text.stdout.slice(text.stdout.indexOf('Per directory'));
      expect(perDirectory).toContain(`${pdfs} (2 documents)`);
      expect(perDirectory).toContain(`${photos} (1 documents)`);
      expect(perDirectory).toMatch(/classification\s+100\.0% \(2\/2\)[\s\S]*classification\s+100\.0% \(1\/1\)/);
      expect(perDirectory).toMatch(/required fields\s+\d+\.\d% \(\d+\/\d+\): photos and images \d+\.\d% \(\d\/3\)\n/);
      expect(perDirectory).toMatch(/calibration gap\s+\d+\.\d points/);

      // The second run reads every document from the cache the first one filled.
      const json = await runLabOk(
        ['eval', pdfs, photos, '--json', '--cache-dir', cacheDir],
        {},
        { timeoutMs: 240_000 },
      );
      const { summary, directories, documents } = JSON.parse(json.stdout) as {
        summary: { documents: number; classification: { right: number } };
        directories: { dir: string; summary: { documents: number } }[];
        documents: { kind: string }[];
      };
      expect(summary.documents).toBe(3);
      expect(summary.classification.right).toBe(3);
      expect(documents.map((d) => d.kind).sort()).toEqual(['image', 'pdf_text', 'pdf_text']);
      expect(directories.map((d) => [d.dir, d.summary.documents])).toEqual([
        [pdfs, 2],
        [photos, 1],
      ]);

      // One directory: no breakdown.
      const one = await runLabOk(['eval', pdfs, '--cached-only', '--cache-dir', cacheDir], {}, { timeoutMs: 240_000 });
      expect(one.stdout).toContain('Documents: 2');
      expect(one.stdout).not.toContain('Per directory');

      // A locked split: the photo set aside from the folds, scored only as a whole when asked.
      const list = path.join(makeTempDir('intake-eval-locked-'), 'locked.txt');
      writeFileSync(list, `# set aside\n${path.basename(photos)}/dev-03.jpg\n`);
      const aside = await runLabOk(
        ['eval', pdfs, photos, '--locked', list, '--cached-only', '--cache-dir', cacheDir],
        {},
      );
      expect(aside.stdout).toContain('Documents: 2');
      expect(aside.stdout).toContain('Locked split: 1 documents set aside');
      const scored = await runLabOk(
        ['eval', pdfs, photos, '--locked', list, '--score-locked', '--json', '--cached-only', '--cache-dir', cacheDir],
        {},
      );
      const run = JSON.parse(scored.stdout) as {
        summary: { documents: number };
        locked: { documents: number; summary: { documents: number; touchless: { total: number } } };
        documents: { file: string }[];
      };
      expect(run.summary.documents).toBe(2);
      expect(run.locked).toMatchObject({ documents: 1, summary: { documents: 1, touchless: { total: 1 } } });
      expect(run.documents.map((d) => path.basename(d.file)).sort()).toEqual(['dev-08.pdf', 'dev-53.pdf']);
      const lockedText = await runLabOk(
        ['eval', pdfs, photos, '--locked', list, '--score-locked', '--cached-only', '--cache-dir', cacheDir],
        {},
      );
      const lockedPart = lockedText.stdout.slice(lockedText.stdout.indexOf('Locked split: 1 documents, scored'));
      expect(lockedPart).toMatch(/Touchless documents/);
      expect(lockedPart).not.toContain('dev-03');
    },
  );

  it('refuses --score-locked without a list, and a list that is not there', { timeout: 120_000 }, async () => {
    const dir = makeTempDir('intake-eval-nolist-');
    const without = await runLab(['eval', dir, '--score-locked'], {});
    expect(without.code).toBe(1);
    expect(without.stderr).toContain('--score-locked needs --locked FILE');
    const missing = await runLab(['eval', dir, '--locked', path.join(dir, 'absent.txt')], {});
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('absent.txt');
  });

  it('says so when a directory holds no labelled documents', async () => {
    const result = await runLab(['eval', makeTempDir('intake-eval-empty-')], {});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('no documents with a sibling *.expected.json');
  });
});

describe('intake eval in a clone of the repository', () => {
  it("hands its arguments to the extraction lab's eval", async () => {
    // The lab's own refusal of a folder without labelled documents: the lab ran, with the arguments.
    const result = await runCli(['eval', makeTempDir('intake-eval-handed-'), '--json'], {}, { timeoutMs: 180_000 });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('no documents with a sibling *.expected.json');
  });
});

if (!HAS_CORPUS) it.skip(NO_CORPUS_MESSAGE, () => undefined);
