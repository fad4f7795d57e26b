import type { ReadDocument } from '@intake/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocument, type SyntheticDocument } from '../../packages/extraction-lab/src/synthetic/generate.js';
import { availableFonts } from '../../packages/extraction-lab/src/synthetic/layout.js';
import { createRandom } from '../../packages/extraction-lab/src/synthetic/random.js';
import { chooseStrangerTracking } from '../../packages/extraction-lab/src/synthetic/stranger-tracking.js';
import { sharedReader } from '../support/reader.js';
import { layoutChoice, longestGlyphRun, sha256, titleOnLines, tracksTitle } from './generated-documents.js';

/**
 * Letter-spaced print in the stranger family (packages/extraction-lab/src/synthetic/
 * stranger-tracking.ts): the name at the top and the title set with tracking, by the PDF
 * character-spacing operator or glyph by glyph. Every choice is drawn; a tracked title reaches the
 * text layer one glyph a word and the extraction's lines whole; with the trait off the seed's
 * other choices and, where it drew nothing, its bytes stay.
 */
const SEED = 5150;
const COUNT = 24;
const fonts = availableFonts();
const reader = sharedReader();

let docs: SyntheticDocument[];
let reads: ReadDocument[];

beforeAll(async () => {
  docs = [];
  reads = [];
  for (let i = 0; i < COUNT; i++) {
    const doc = await generateDocument(SEED, i, 'text', fonts, 'stranger', { type: 'invoice-or-order' });
    docs.push(doc);
    reads.push(await reader.read(doc.bytes, 'application/pdf'));
  }
}, 120_000);

afterAll(() => {
  docs = [];
});

describe('stranger tracking: the choices', () => {
  it('draws every part, amount and way of writing it', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 200; seed++) {
      const t = chooseStrangerTracking(createRandom(seed));
      seen.add(`what=${t.what}`).add(`em=${t.em}`).add(`pdf=${t.pdf}`);
    }
    expect([...seen].sort()).toEqual(
      [
        'what=none',
        'what=name',
        'what=title',
        'what=both',
        'em=0.12',
        'em=0.2',
        'em=0.3',
        'em=0.5',
        'pdf=operator',
        'pdf=glyphs',
      ].sort(),
    );
  });
});

describe('stranger tracking: the pages', () => {
  it('a tracked title is one glyph a word in the text layer and whole on the lines', () => {
    const tracked = docs.filter(tracksTitle);
    expect(tracked.length).toBeGreaterThanOrEqual(4);
    for (const doc of tracked) {
      const read = reads[docs.indexOf(doc)]!;
      expect(longestGlyphRun(read), doc.name).toBeGreaterThanOrEqual(4);
      // At 0.12 em pdfjs keeps one space between every two glyphs and none wider: the words run together.
      expect(titleOnLines(doc, read, layoutChoice(doc, 'tracking-em') !== '0.12'), doc.name).toBe(true);
    }
  });

  it('a page without the trait prints no run of four one-glyph words', () => {
    const plain = docs.filter((d) => layoutChoice(d, 'tracking') === 'none');
    expect(plain.length).toBeGreaterThanOrEqual(4);
    for (const doc of plain) expect(longestGlyphRun(reads[docs.indexOf(doc)]!), doc.name).toBeLessThan(4);
  });

  it('with the trait off, prints every other choice as drawn, and the same bytes where it drew nothing', async () => {
    for (const [i, doc] of docs.slice(0, 12).entries()) {
      const off = await generateDocument(SEED, i, 'text', fonts, 'stranger', {
        type: 'invoice-or-order',
        tracking: false,
      });
      const note = doc.expected.synthetic.layout.replace(/ tracking(-\w+)?=\S+/g, '');
      expect(off.expected.synthetic.layout, doc.name).toBe(note);
      expect(off.expected.fields, doc.name).toEqual(doc.expected.fields);
      if (layoutChoice(doc, 'tracking') === 'none') expect(sha256(off.bytes), doc.name).toBe(sha256(doc.bytes));
    }
  });

  it('draws the same bytes for the same seed', async () => {
    const again = await generateDocument(SEED, 3, 'text', fonts, 'stranger', { type: 'invoice-or-order' });
    expect(sha256(again.bytes)).toBe(sha256(docs[3]!.bytes));
  });
});
