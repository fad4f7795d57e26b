import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  summarizeEvaluation,
  type EvaluatedDocument,
  type EvaluationSummary,
  type Tally,
} from '../../packages/extraction-lab/src/report/report.js';
import { createTesseractReader, type TesseractReader } from '@intake/ocr-tesseract';
import { evaluateRead } from '../../packages/extraction-lab/src/eval/evaluate-corpus.js';
import { openCorpus } from '../support/locked-split.js';
import { sharedCorpusReads } from '../support/corpus-reads.js';
import { DEV_CORPUS, HAS_CORPUS, NO_CORPUS_MESSAGE } from './corpus-location.js';
import { readFile } from 'node:fs/promises';

/**
 * The targets of the extraction issue, measured on the labelled dev corpus with the real reader
 * (text layer and OCR) and the printed text alone: the embedded e-invoice XML is ignored, except
 * in the last check.
 */
const rate = (t: Tally | undefined) => (t && t.total ? t.right / t.total : 0);

describe.skipIf(!HAS_CORPUS)('the dev corpus', () => {
  let reader: TesseractReader;
  let summary: EvaluationSummary;
  let documents: EvaluatedDocument[];

  beforeAll(async () => {
    reader = createTesseractReader();
    // What `evaluateDocument` reads, shared with the other files that score the dev corpus.
    const reads = sharedCorpusReads(reader);
    documents = [];
    for (const entry of await openCorpus(DEV_CORPUS)) {
      documents.push(evaluateRead({ entry, ...(await reads.read(new Uint8Array(await readFile(entry.file)))) }));
    }
    summary = summarizeEvaluation(documents);
  }, 900_000);

  afterAll(() => reader?.close());

  it('gets at least 80% of the required fields right overall', () => {
    expect(rate(summary.required)).toBeGreaterThanOrEqual(0.8);
  });

  it('gets at least 90% of the required fields right on text-layer PDFs', () => {
    expect(rate(summary.kinds.pdf_text)).toBeGreaterThanOrEqual(0.9);
  });

  it('gets at least 65% of the required fields right on scanned receipts', () => {
    expect(rate(summary.types.receipt?.required)).toBeGreaterThanOrEqual(0.65);
  });

  it('classifies at least 90% of the documents right', () => {
    expect(rate(summary.classification)).toBeGreaterThanOrEqual(0.9);
  });

  it('reports confidences that mean something: high ones are mostly right, low ones mostly not', () => {
    const high = summary.calibration
      .filter((b) => b.bucket >= 0.8)
      .reduce((t, b) => ({ right: t.right + b.right, total: t.total + b.total }), { right: 0, total: 0 });
    const low = summary.calibration
      .filter((b) => b.bucket < 0.4)
      .reduce((t, b) => ({ right: t.right + b.right, total: t.total + b.total }), { right: 0, total: 0 });
    expect(rate(high)).toBeGreaterThanOrEqual(0.9);
    expect(rate(low)).toBeLessThanOrEqual(0.5);
  });

  it('reads every field of an e-invoice from its XML at least as well as from the print', () => {
    expect(summary.einvoices.documents).toBeGreaterThan(0);
    expect(rate(summary.einvoices.withXml.required)).toBe(1);
    expect(rate(summary.einvoices.withXml.all)).toBeGreaterThanOrEqual(rate(summary.einvoices.withoutXml.all));
  });
});

if (!HAS_CORPUS) it.skip(NO_CORPUS_MESSAGE, () => undefined);
