import { describe, expect, it } from 'vitest';
import { extractFields, RECOMMENDED_FIELDS, type ReadDocument, type Word } from '@intake/core';
import { buildLines } from '../../packages/core/src/extraction/layout/lines.js';
import { doc, invoiceBody, lines, page, type Placed } from './synthetic.js';

/**
 * Letter-spaced names and titles (layout/letter-spacing.ts): a text layer gives one word per glyph
 * and OCR sets letters apart now and then. Glyphs are placed here 11 points wide and 18 high, as
 * a 16-point bold title prints; gaps are given in shares of the height, as measured on Chromium's
 * print of CSS letter-spacing (0.23 between letters, 0.57 between words at 0.18 em).
 */
const HEIGHT = 18;
const GLYPH = 11;

/** One word per character of `text`, `letter` heights apart, `space` heights where `text` has a space. */
function spaced(x: number, y: number, text: string, letter: number, space: number, gaps: number[] = []): Word[] {
  const words: Word[] = [];
  let at = x;
  let pending = 0;
  for (const char of text) {
    if (char === ' ') {
      pending = space;
      continue;
    }
    if (words.length) at += (gaps[words.length - 1] ?? (pending || letter)) * HEIGHT;
    words.push({ text: char, bbox: { x0: at, y0: y, x1: at + GLYPH, y1: y + HEIGHT }, confidence: 0.9 });
    at += GLYPH;
    pending = 0;
  }
  return words;
}

/** Pieces of print side by side, `gap` heights apart ("Ta", "l", "l"): a browser's kerned pairs among glyphs. */
function pieces(x: number, y: number, parts: string[], gap: number): Word[] {
  let at = x;
  return parts.map((text) => {
    const word = { text, bbox: { x0: at, y0: y, x1: at + GLYPH * text.length, y1: y + HEIGHT }, confidence: 1 };
    at = word.bbox.x1 + gap * HEIGHT;
    return word;
  });
}

function withWords(words: Word[], source: 'text_layer' | 'ocr' = 'text_layer', placed: Placed[] = []): ReadDocument {
  const read = doc([page(placed, { source })]);
  read.pages[0]!.words.push(...words);
  return read;
}

const segments = (read: ReadDocument) => buildLines(read).map((l) => l.segments.map((s) => s.text));

describe('letter-spaced text', () => {
  it("a text layer's letter-spaced name reads as its words, broken where the gaps are wider", () => {
    const name = spaced(50, 40, 'NORDWIND TEXTIL GMBH', 0.23, 0.57);
    expect(segments(withWords(name))).toEqual([['NORDWIND TEXTIL GMBH']]);
  });

  it('a spaced title without a wider gap is one word; wider tracking keeps the same breaks', () => {
    expect(segments(withWords(spaced(50, 40, 'RECHNUNG', 0.27, 0.27)))).toEqual([['RECHNUNG']]);
    expect(segments(withWords(spaced(50, 40, 'FACTURE 2024-0815', 0.3, 0.88)))).toEqual([['FACTURE 2024-0815']]);
  });

  it('wide tracking, whose word breaks are wider than a segment gap, keeps the run one segment', () => {
    // 0.8 em in Chromium: letters 0.72 heights apart, words 1.68.
    expect(segments(withWords(spaced(50, 40, 'NORDWIND TEXTIL GMBH', 0.72, 1.68)))).toEqual([['NORDWIND TEXTIL GMBH']]);
    // A monospace title at 0.2 em: short words after the long one are as spaced ("vom", "12.").
    const title = spaced(50, 40, 'RECHNUNG vom Montag, 12. Dezember', 0.25, 1.27);
    expect(segments(withWords(title))).toEqual([['RECHNUNG vom Montag, 12. Dezember']]);
    // Short words before a long one join it as well.
    expect(segments(withWords(spaced(50, 40, 'Bon de commande', 0.5, 1.22)))).toEqual([['Bon de commande']]);
  });

  it("a kerned pair printed as one piece joins its word; a pair after the run's last glyph stays a word", () => {
    expect(segments(withWords(pieces(50, 40, ['Ta', 'l', 'l', 'e', 'r', 'e', 's'], 0.23)))).toEqual([['Talleres']]);
    const title = pieces(50, 40, ['R', 'E', 'C', 'H', 'N', 'U', 'N', 'G', 'Nr', '12'], 0.25);
    expect(segments(withWords(title))).toEqual([['RECHNUNG Nr 12']]);
  });

  it('initials, a size column and three column letters stay single letters', () => {
    const placed: Placed[] = [
      { x: 50, y: 100, text: 'J R R Tolkien' },
      { x: 50, y: 130, text: 'Sizes S M L XL' },
      { x: 50, y: 160, text: 'A B C' },
    ];
    expect(segments(withWords([], 'text_layer', placed))).toEqual([['J R R Tolkien'], ['Sizes S M L XL'], ['A B C']]);
  });

  it("a table's single-letter headers a column apart are no word", () => {
    // Four columns 60 points apart: gaps far wider than a segment's.
    const headers = spaced(50, 300, 'ABCD', 2.7, 2.7);
    expect(segments(withWords(headers))).toEqual([['A', 'B', 'C', 'D']]);
  });

  it('OCR letters with uneven boxes (a sixth of the height apart) join, a wider gap still breaks', () => {
    // As PaddleOCR's boxes fall: letter gaps of 0.33 to 0.5 heights, the break 1.0.
    const read = withWords(spaced(50, 40, 'NORD WIND', 0.33, 1, [0.5, 0.33, 0.5, 1, 0.33, 0.5, 0.33]), 'ocr');
    expect(segments(read)).toEqual([['NORD WIND']]);
  });

  it('OCR letters set apart after a word that was read whole join into the word they spell', () => {
    const read = withWords(spaced(146, 40, 'GMBH', 0.83, 0.83), 'ocr', [{ x: 50, y: 44, text: 'TEXTIL', height: 18 }]);
    expect(segments(read)).toEqual([['TEXTIL', 'GMBH']]);
  });

  it('digits and signs in a spaced run join as they are printed', () => {
    const phone = spaced(80, 40, '040-1234', 0.25, 0.25);
    expect(segments(withWords(phone, 'text_layer', [{ x: 50, y: 44, text: 'Tel', height: 18 }]))).toEqual([
      ['Tel 040-1234'],
    ]);
  });

  it('a letter-spaced letterhead gives the vendor its name', () => {
    const head = spaced(50, 40, 'NORDWIND TEXTIL GMBH', 0.23, 0.57);
    const placed = [...lines(50, 64, ['Hafenstraße 12', '20457 Hamburg']), ...invoiceBody];
    const read = withWords(
      head.map((w) => ({ ...w, confidence: 1 })),
      'text_layer',
      placed,
    );
    const fields = extractFields(read, [...RECOMMENDED_FIELDS.invoice], { documentType: 'invoice' }).extracted_data;
    expect(fields.vendor_name).toBe('NORDWIND TEXTIL GMBH');
  });
});
