import fs from 'node:fs';
import path from 'node:path';
import type { ReadDocument } from '@intake/core';
import { createTesseractReader } from '@intake/ocr-tesseract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedCorpusReads } from '../support/corpus-reads.js';
import { isLocked } from '../support/locked-split.js';
import { corpusDir } from './documents.js';

const dir = corpusDir();
const TYPES: Record<string, string> = { '.pdf': 'application/pdf', '.png': 'image/png', '.jpg': 'image/jpeg' };

interface Outcome {
  file: string;
  kind: 'pdf_text' | 'image';
  totalAmount: number | undefined;
  pageCount: number;
  inspectedType: string | null;
  document?: ReadDocument;
  error?: unknown;
}

/** "18310.63" as invoices print it: 18310.63, 18,310.63, 18.310,63, 18310,63. */
function amountSpellings(amount: number): string[] {
  const [whole, cents] = amount.toFixed(2).split('.') as [string, string];
  const grouped = (sep: string): string => whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return [`${whole}.${cents}`, `${whole},${cents}`, `${grouped(',')}.${cents}`, `${grouped('.')},${cents}`];
}

const text = (document: ReadDocument | undefined): string =>
  (document?.pages ?? []).flatMap((p) => p.words.map((w) => w.text)).join(' ');

const title = dir ? `dev corpus (${dir})` : 'dev corpus: skipped, as ../shared/corpus/dev is not beside the repository';
if (dir === null) console.warn(`test/ocr/corpus.test.ts ${title}`);
describe.skipIf(dir === null)(title, () => {
  const reader = createTesseractReader();
  const outcomes: Outcome[] = [];
  afterAll(() => reader.close());

  beforeAll(async () => {
    const files = fs
      .readdirSync(dir!)
      .filter((f) => TYPES[path.extname(f)] && !isLocked(path.join(dir!, f)))
      .sort();
    // The words come from the run's one read of each document (test/support/corpus-reads.ts), as
    // the reader gives them for a file of unknown type: the files scoring extraction and
    // classification on this corpus read the same documents, and OCR is most of their cost.
    const reads = sharedCorpusReads(reader);
    for (const file of files) {
      const bytes = fs.readFileSync(path.join(dir!, file));
      const expected = JSON.parse(fs.readFileSync(path.join(dir!, file.replace(/\.\w+$/, '.expected.json')), 'utf8'));
      const inspection = await reader.inspect(bytes);
      const read = await reads.read(new Uint8Array(bytes));
      outcomes.push({
        file,
        kind: expected.kind,
        totalAmount: expected.fields.total_amount,
        pageCount: inspection.pageCount,
        inspectedType: inspection.mimeType,
        ...(read.document ? { document: read.document } : { error: read.error }),
      });
    }
  }, 900_000);

  it('reads every file without an error, with words on it and the page count inspect gave', () => {
    expect(outcomes.length).toBeGreaterThanOrEqual(45); // 60 in ../shared/corpus/dev, 15 of them locked
    const failures = outcomes.filter((o) => o.error).map((o) => `${o.file}: ${String(o.error)}`);
    expect(failures).toEqual([]);
    for (const o of outcomes) {
      expect(o.inspectedType, o.file).toBe(TYPES[path.extname(o.file)]);
      expect(o.document!.pages.length, o.file).toBe(o.pageCount);
      expect(text(o.document).split(' ').length, o.file).toBeGreaterThan(20);
    }
  });

  it('takes text-layer PDFs from their text layer and scans through OCR', () => {
    for (const o of outcomes) {
      const sources = new Set(o.document!.pages.map((p) => p.source));
      expect([...sources], o.file).toEqual([o.kind === 'pdf_text' ? 'text_layer' : 'ocr']);
    }
  });

  it('finds the labelled total amount in the words of nearly every document', () => {
    const withTotal = outcomes.filter((o) => o.totalAmount !== undefined);
    const missed = withTotal.filter((o) => !amountSpellings(o.totalAmount!).some((s) => text(o.document).includes(s)));
    const missedPdfs = missed.filter((o) => o.kind === 'pdf_text').map((o) => o.file);
    const scans = withTotal.filter((o) => o.kind === 'image');
    const missedScans = missed.filter((o) => o.kind === 'image').map((o) => o.file);
    console.log(
      `total amount found: PDFs ${withTotal.length - scans.length - missedPdfs.length}/${withTotal.length - scans.length}, scans ${scans.length - missedScans.length}/${scans.length} (missed: ${missed.map((o) => o.file).join(', ') || 'none'})`,
    );
    expect(missedPdfs).toEqual([]);
    // Phone photos of crumpled receipts: OCR misreads a digit now and then.
    expect(missedScans.length).toBeLessThanOrEqual(Math.floor(scans.length * 0.25));
  });

  it('returns the embedded e-invoice XML of ZUGFeRD / Factur-X / XRechnung PDFs', () => {
    const xml = outcomes.flatMap((o) =>
      (o.document?.attachments ?? []).filter((a) => a.mimeType === 'application/xml').map((a) => ({ file: o.file, a })),
    );
    expect(new Set(xml.map((x) => x.file)).size).toBeGreaterThanOrEqual(18); // of the 22 text PDFs not locked
    for (const { file, a } of xml) {
      const content = Buffer.from(a.bytes).toString('utf8');
      expect(content, `${file} ${a.name}`).toMatch(/CrossIndustry(Invoice|Document)|urn:oasis:names:specification:ubl/);
    }
  });
});
