// test-tier: no-ocr (every page read is a text layer)
import { extractFields, RECOMMENDED_FIELDS, type ReadDocument } from '@intake/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { buildTurnedLines } from '../../packages/core/src/extraction/layout/turned-lines.js';
import { generateDocument, type SyntheticDocument } from '../../packages/extraction-lab/src/synthetic/generate.js';
import { availableFonts } from '../../packages/extraction-lab/src/synthetic/layout.js';
import { sharedReader } from '../support/reader.js';
import { escapeRegExp, layoutChoice, vocabularyOfDocument } from './generated-documents.js';

/**
 * The stranger family's text printed turned (packages/extraction-lab/src/synthetic/
 * stranger-turned.ts), on pdf-lib's pages: a line up the left margin (the seller's legal details
 * or a form's code) and a watermark word at 45 degrees. The reader tells their words' directions,
 * and each document extracts as its twin drawn without the trait, whose other choices and words
 * are the same.
 */
const SEED = 5210;
const COUNT = 16;
const FONTS = availableFonts('/usr/share/fonts/truetype/dejavu');
const reader = sharedReader();

interface Pair {
  on: SyntheticDocument;
  read: ReadDocument;
  off: ReadDocument;
}

let pairs: Pair[];

beforeAll(async () => {
  pairs = [];
  for (let i = 0; i < COUNT; i++) {
    const on = await generateDocument(SEED, i, 'text', FONTS, 'stranger', { turned: true, type: 'invoice-or-order' });
    const off = await generateDocument(SEED, i, 'text', FONTS, 'stranger', { type: 'invoice-or-order' });
    if (!/ turned-margin=/.test(on.expected.synthetic.layout)) continue;
    pairs.push({
      on,
      read: await reader.read(on.bytes, 'application/pdf'),
      off: await reader.read(off.bytes, 'application/pdf'),
    });
  }
}, 120_000);

/** The text of the page's lines turned `degrees`, as extraction reads them. */
const turnedText = (doc: ReadDocument, degrees: number) =>
  buildTurnedLines(doc, buildLines(doc).length)
    .filter((l) => l.turn === degrees)
    .map((l) => l.text)
    .join(' / ');
const fields = (d: SyntheticDocument, doc: ReadDocument) => {
  const type = d.expected.document_type as 'invoice' | 'purchase_order';
  return extractFields(doc, [...RECOMMENDED_FIELDS[type]], { documentType: type }).extracted_data;
};

describe('stranger documents with text printed turned', () => {
  it('draws margin lines of both kinds and watermarks among the documents', () => {
    const margins = pairs.map((p) => layoutChoice(p.on, 'turned-margin'));
    expect(margins).toContain('legal');
    expect(margins).toContain('code');
    expect(pairs.some((p) => layoutChoice(p.on, 'turned-mark') === 'yes')).toBe(true);
  });

  it('prints the margin line up the page and the watermark at 45 degrees, and nothing turned without them', () => {
    for (const { on, read } of pairs) {
      const words = vocabularyOfDocument(on);
      const margin = layoutChoice(on, 'turned-margin');
      const up = turnedText(read, 90);
      const seller = (on.expected.fields.vendor_name ?? on.expected.fields.supplier_name) as string;
      if (margin === 'legal') expect(up, on.name).toMatch(new RegExp(`^${escapeRegExp(seller)} · `));
      if (margin === 'code') expect(words.form_codes, on.name).toContain(up);
      if (margin === 'none') expect(up, on.name).toBe('');
      const mark = turnedText(read, 45);
      if (layoutChoice(on, 'turned-mark') === 'yes') expect(words.turned_marks, on.name).toContain(mark);
      else expect(mark, on.name).toBe('');
    }
  });

  it('extracts each document as its twin without the turned text', () => {
    for (const { on, read, off } of pairs) expect(fields(on, read), on.name).toEqual(fields(on, off));
  });
});
